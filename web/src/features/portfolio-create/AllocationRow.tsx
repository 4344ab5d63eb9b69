import { CloseOutlined, LockFilled, UnlockOutlined } from "@ant-design/icons";
import { type Allocation, maxPercent } from "@sofi/core";
import { Button, Input, Slider } from "antd";
import { useTranslation } from "react-i18next";
import { TokenLogo } from "../tokens/index.ts";
import { formatUsd } from "./tokens.ts";
import type { CreateToken } from "./types.ts";
import type { WizardForm } from "./useWizardForm.ts";

/**
 * One token's share (spec 001 §3 per-token allocation, §4, §5): the percent input (field
 * `precent-{address}`), the 1..10000 basis-point slider, lock and remove. Slider and input are
 * disabled when the share is locked or when this is the only unlocked token.
 */
export function AllocationRow({
  form,
  token,
  allocation: a,
}: {
  form: WizardForm;
  token: CreateToken;
  allocation: Allocation;
}) {
  const { t } = useTranslation("portfolio-create");
  const field = `precent-${a.address}`;
  const movable = form.sliderEnabled(a.address);
  const error = form.percentError(a.address);
  const symbol = token.symbol;
  return (
    <li className="pc-row" data-testid={`allocation-${symbol}`} data-bps={a.percent}>
      <div className="pc-row-token">
        <TokenLogo token={token} size={28} />
        <div className="pc-row-names">
          <span className="pc-row-symbol">{symbol}</span>
          <span className="pc-row-price">{formatUsd(token.price_usd)}</span>
        </div>
      </div>
      <div className="pc-row-share">
        <Input
          id={field}
          name={field}
          aria-label={t("percentLabel", { symbol })}
          inputMode="decimal"
          autoComplete="off"
          suffix="%"
          value={form.percentTexts[a.address] ?? ""}
          disabled={!movable && !error}
          status={error ? "error" : undefined}
          aria-invalid={!!error}
          onChange={(e) => form.setPercentText(a.address, e.target.value)}
          onBlur={() => form.commitPercent(a.address)}
          className="pc-percent"
        />
        <Slider
          className="pc-slider"
          min={1}
          max={10_000}
          value={a.percent}
          disabled={!movable}
          onChange={(v: number) => form.setSlider(a.address, v)}
          tooltip={{ formatter: (v) => `${((v ?? 0) / 100).toFixed(2)}%` }}
          ariaLabelForHandle={t("sliderLabel", { symbol })}
        />
      </div>
      <div className="pc-row-actions">
        <Button
          type="text"
          icon={a.locked ? <LockFilled /> : <UnlockOutlined />}
          aria-label={a.locked ? t("unlock", { symbol }) : t("lock", { symbol })}
          aria-pressed={a.locked}
          onClick={() => form.toggleLock(a.address)}
        />
        <Button
          type="text"
          icon={<CloseOutlined />}
          aria-label={t("remove", { symbol })}
          onClick={() => form.removeToken(a.address)}
        />
      </div>
      {error && (
        <div className="pc-error pc-row-error" role="alert">
          {t(`errors.${error}`, { max: maxPercent(form.allocations.length).toFixed(2) })}
        </div>
      )}
    </li>
  );
}
