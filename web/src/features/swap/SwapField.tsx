import { DownOutlined } from "@ant-design/icons";
import { formatDisplayAmount } from "@sofi/core";
import { Button, Input, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { TokenLogo } from "../tokens/index.ts";
import type { Side } from "./rules.ts";
import type { SwapToken } from "./tokens.ts";

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
        {bal !== undefined && tk && (
          <Typography.Text type="secondary" data-testid={`balance-${side}`}>
            {t("balance", { amount: formatDisplayAmount(bal, tk.decimals) })}
          </Typography.Text>
        )}
      </div>
      <div className="swap-field-main">
        <Input
          variant="borderless"
          className="swap-amount"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.0"
          aria-label={label}
          data-testid={`amount-${side}`}
          value={props.value}
          onChange={(e) => props.onType(e.target.value)}
        />
        {side === "in" && props.showMax && (
          <Button size="small" type="link" data-testid="max-button" onClick={props.onMax}>
            {t("max")}
          </Button>
        )}
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
