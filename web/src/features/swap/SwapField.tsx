import { DownOutlined } from "@ant-design/icons";
import { formatDisplayAmount } from "@sofi/core";
import { Button, Input, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { TokenLogo } from "../tokens/index.ts";
import type { Side } from "./rules.ts";
import type { SwapToken } from "./tokens.ts";

/**
 * The amount's font size: 24 px (20 px under 420 px wide, in swap.css) for up to 10 characters, then
 * smaller steps so a long amount such as 1234.56789012 stays fully visible at 360 px (issue 9 #20).
 */
export function amountFontClass(value: string): string {
  const n = value.length;
  return n <= 10 ? "" : n <= 14 ? " is-long" : n <= 18 ? " is-longer" : " is-longest";
}

/** One amount field ("You pay" / "You receive"): balance, amount input, Max (pay side) and token button. */
export function SwapField(props: {
  side: Side;
  token: SwapToken | null;
  balance: bigint | undefined;
  value: string;
  showMax: boolean;
  onType: (raw: string) => void;
  onMax: () => void;
  onPickToken: () => void;
}) {
  const { t } = useTranslation("swap");
  const { side, token: tk, balance: bal } = props;
  const label = t(side === "in" ? "pay" : "receive");
  return (
    <div className="swap-field" data-testid={`swap-field-${side}`}>
      <div className="swap-field-top">
        <Typography.Text type="secondary">{label}</Typography.Text>
        <span className="swap-field-balance">
          {bal !== undefined && tk && (
            <Typography.Text type="secondary" data-testid={`balance-${side}`}>
              {t("balance", { amount: formatDisplayAmount(bal, tk.decimals) })}
            </Typography.Text>
          )}
          {/* Max sits by the balance it fills in, not beside the amount: the amount keeps the room. */}
          {side === "in" && props.showMax && (
            <Button size="small" type="link" className="swap-max" data-testid="max-button" onClick={props.onMax}>
              {t("max")}
            </Button>
          )}
        </span>
      </div>
      <div className="swap-field-main">
        <Input
          variant="borderless"
          className={`swap-amount${amountFontClass(props.value)}`}
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.0"
          aria-label={label}
          data-testid={`amount-${side}`}
          value={props.value}
          onChange={(e) => props.onType(e.target.value)}
        />
        <Button
          className="swap-token-button"
          onClick={props.onPickToken}
          aria-label={t("selectTokenFor", { side: label })}
          data-testid={`token-select-${side}`}
        >
          {tk && <TokenLogo token={tk} size={20} />}
          {tk ? tk.symbol : t("selectToken")} <DownOutlined />
        </Button>
      </div>
    </div>
  );
}
