import { ArrowDownOutlined } from "@ant-design/icons";
import { Alert, Button, Card, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useSettings } from "../../kernel/settings-store.ts";
import { RecipientField } from "./RecipientField.tsx";
import { quoteNotice, type Side } from "./rules.ts";
import { SwapButton } from "./SwapButton.tsx";
import { SwapDetails } from "./SwapDetails.tsx";
import { SwapField } from "./SwapField.tsx";
import { SwapHeader } from "./SwapHeader.tsx";
import { useSwapMessage } from "./useSwapMessage.ts";
import type { SwapState } from "./useSwapState.ts";

/** The swap card: header, the two fields with the flip button, recipient, quote details and the main button. */
export function SwapCard({
  s,
  chart,
  onPickToken,
}: {
  s: SwapState;
  chart: boolean;
  onPickToken: (side: Side) => void;
}) {
  const { t } = useTranslation("swap");
  const message = useSwapMessage();
  const expertMode = useSettings((st) => st.userExpertMode);
  const slippageBps = useSettings((st) => st.userSlippageTolerance);
  const { q, inputToken, outputToken } = s;
  const notice = quoteNotice({
    wrap: !!s.wrap,
    hasRequest: s.hasRequest,
    loading: q.loading,
    quoted: q.quoted,
    hasQuote: !!q.quote,
    error: q.error,
    insufficientLiquidity: q.insufficientLiquidity,
  });
  const field = (side: Side) => (
    <SwapField
      side={side}
      token={side === "in" ? inputToken : outputToken}
      balance={side === "in" ? s.balanceIn : s.balanceOut}
      value={s.values[side]}
      showMax={s.showMax}
      onType={(raw) => s.onType(side, raw)}
      onMax={s.onMax}
      onPickToken={() => onPickToken(side)}
    />
  );
  return (
    <Card className="swap-card" data-testid="swap-card">
      <SwapHeader
        networkName={s.networkName}
        account={s.account}
        connected={s.connected}
        chart={chart}
        spinning={s.spinning}
        onRefresh={s.onRefresh}
      />
      {field("in")}
      <div className="swap-flip">
        <Button
          shape="circle"
          icon={<ArrowDownOutlined />}
          aria-label={t("flip")}
          data-testid="flip-button"
          onClick={s.flip}
        />
      </div>
      {field("out")}
      {expertMode && <RecipientField recipient={s.recipient} outputToken={outputToken} />}
      {!s.wrap && q.quote && inputToken && outputToken && (
        <SwapDetails
          quote={q.quote}
          outputToken={outputToken}
          minOut={s.minOut}
          impactBps={q.impactBps}
          impactLevel={s.impactLevel}
          slippageBps={slippageBps}
        />
      )}
      {notice === "fetching" && <Typography.Text type="secondary">{t("fetchingQuote")}</Typography.Text>}
      {notice === "noRoute" && <Typography.Text type="secondary">{t("noRoute")}</Typography.Text>}
      {notice === "insufficientLiquidity" && (
        <Typography.Text type="danger" data-testid="quote-liquidity">
          {t("insufficientLiquidity")}
        </Typography.Text>
      )}
      {notice === "error" && (
        <Typography.Text type="danger" data-testid="quote-error">
          {t("quoteFailed")}
        </Typography.Text>
      )}
      <SwapButton
        state={s.button}
        wrap={s.wrap}
        wrapError={s.wrapError}
        busy={s.busy}
        inputSymbol={inputToken?.symbol ?? ""}
        switchNetwork={s.wrongNetwork ? { name: s.networkName, switching: s.wrongNetwork.switching } : null}
        onClick={s.onMain}
      />
      {s.txError && (
        <Alert type="error" showIcon message={message(s.txError)} data-testid="swap-error" className="swap-alert" />
      )}
    </Card>
  );
}
