import { type PortfolioDetail, sanitizeAmountInput, type TradeBlock } from "@sofi/core";
import { Button, Input, Modal } from "antd";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { formatEther, formatUnits } from "viem";
import type { TradeTarget } from "./trade-state.ts";
import { type TradeOutcome, useTrade } from "./useTrade.ts";

/** An ETH amount with 6 decimals; a non-zero amount below that says so instead of 0. */
function eth(x: bigint | undefined | null): string {
  if (x === undefined || x === null) return "--";
  if (x > 0n && x < 10n ** 12n) return "<0.000001 ETH";
  return `${Number(formatEther(x)).toFixed(6)} ETH`;
}

/** Why the modal's button is disabled, in the page's words (spec 001 §2, §8). */
export function blockText(b: TradeBlock, side: "buy" | "sell", symbol: string, t: TFunction): string {
  switch (b.key) {
    case "connectWallet":
      return t("connectToBuy");
    case "insufficientBalance":
      return side === "buy" ? t("insufficient") : t("insufficientSymbol", { symbol });
    case "tooManyDecimals":
      return t("tooManyDecimals", { decimals: b.decimals });
    case "notEnabled":
    case "notInitialized":
      return t(b.key);
    case "selectToken":
    case "enterAmount":
      return t("enterAmount");
    default:
      return t(b.key);
  }
}

/** What a failed write says: the spec's cancelled text for a refusal, else the reason or `fallback`. */
export function outcomeText(o: Exclude<TradeOutcome, { ok: true }>, t: TFunction, fallback: string): string {
  return o.cancelled ? t("cancelled") : o.message || fallback;
}

type FormProps = {
  d: PortfolioDetail;
  target: TradeTarget;
  onClose: () => void;
  /** A failure's text (shown by the page, so a failure after the modal closed is still seen). */
  onFailure: (text: string) => void;
};

/**
 * The buy confirm form (spec 001 §2 buy, §8) over the one trade stack (`useTrade`): an amount of
 * sets, the module's quote in the native coin with the 10 % slippage tolerance, and Buy. The modal
 * closes once the wallet sent the buy; a failure is the page's error toast.
 */
function BuyForm({ d, target, onClose, onFailure }: FormProps) {
  const { t } = useTranslation("portfolios");
  const s = useTrade(target, "buy");
  const b = s.button;
  const buy = async () => {
    const o = await s.trade({ onSent: onClose });
    if (!o.ok) onFailure(outcomeText(o, t, t("buyFailed")));
  };
  return (
    <div className="pf-buy">
      <label className="pf-buy-label" htmlFor="pf-buy-amount">
        {t("buyAmount", { symbol: d.symbol })}
      </label>
      <Input
        id="pf-buy-amount"
        inputMode="decimal"
        autoComplete="off"
        placeholder="0.0"
        value={s.text}
        maxLength={79}
        onChange={(e) => {
          const v = sanitizeAmountInput(e.target.value, 18);
          if (v !== null) s.setText(v);
        }}
        data-testid="buy-amount"
      />
      <dl className="pf-summary">
        <div>
          <dt>{t("youPayAtMost")}</dt>
          <dd data-testid="buy-cost">{s.cost === null ? "--" : `${Number(formatEther(s.cost)).toFixed(6)} ETH`}</dd>
        </div>
        <div>
          <dt>{t("slippage")}</dt>
          <dd>10%</dd>
        </div>
        <div>
          <dt>{t("balance")}</dt>
          <dd>{s.tokenBalance !== undefined ? `${Number(formatEther(s.tokenBalance)).toFixed(4)} ETH` : "--"}</dd>
        </div>
        <div>
          <dt>{t("exitFee")}</dt>
          <dd>{d.fee}%</dd>
        </div>
      </dl>
      <Button
        type="primary"
        size="large"
        block
        disabled={b.kind !== "trade" || s.busy !== null}
        loading={s.busy !== null}
        onClick={() => void buy()}
        data-testid="buy-confirm"
      >
        {b.kind === "disabled" ? blockText(b.block, "buy", d.symbol, t) : t("buy")}
      </Button>
    </div>
  );
}

/**
 * The sell confirm form (spec 001 §2 sell, §8), the buy form's twin over the same stack: an amount
 * of the portfolio token (Max fills the balance), the module's `quoteSell` for the native coin after
 * the trade and exit fees, the minimum received with the 10 % slippage tolerance; Sell approves the
 * portfolio token to the trading module when the allowance is short, then sells. Failures are a
 * browser alert with the message (spec 001 §8).
 */
function SellForm({ d, target, onClose, onFailure }: FormProps) {
  const { t } = useTranslation("portfolios");
  const s = useTrade(target, "sell");
  const b = s.button;
  const sell = async () => {
    if (b.kind === "approve") {
      const a = await s.approve();
      if (!a.ok) return onFailure(outcomeText(a, t, t("sellFailed")));
    }
    const o = await s.trade({ onSent: onClose });
    if (!o.ok) onFailure(outcomeText(o, t, t("sellFailed")));
  };
  let action = t("sell");
  if (s.busy === "approve") action = t("approving", { symbol: d.symbol });
  else if (s.busy === "trade") action = t("selling");
  else if (b.kind === "approve") action = t("approveAndSell", { symbol: d.symbol });
  const bal = s.setBalance;
  const q = s.sellQuote;
  return (
    <div className="pf-buy">
      <div className="pf-sell-head">
        <label className="pf-buy-label" htmlFor="pf-sell-amount">
          {t("sellAmount", { symbol: d.symbol })}
        </label>
        <span className="pf-sell-balance" data-testid="sell-balance">
          {t("balance")}: {bal === undefined ? "--" : `${formatUnits(bal, d.decimals)} ${d.symbol}`}
        </span>
      </div>
      <Input
        id="pf-sell-amount"
        inputMode="decimal"
        autoComplete="off"
        placeholder="0.0"
        value={s.text}
        maxLength={79}
        status={!s.amount.ok && s.text !== "" && s.amount.reason !== "enterAmount" ? "error" : ""}
        onChange={(e) => {
          // decimals are checked by the amount rule, so too many show the spec's message instead of a dead key
          const v = sanitizeAmountInput(e.target.value);
          if (v !== null) s.setText(v);
        }}
        suffix={
          <Button
            size="small"
            type="link"
            disabled={!s.canMax}
            onClick={() => void s.max()}
            aria-label={t("maxLabel", { symbol: d.symbol })}
            data-testid="sell-max"
          >
            {t("max")}
          </Button>
        }
        data-testid="sell-amount"
      />
      <dl className="pf-summary">
        <div>
          <dt>{t("youReceive")}</dt>
          <dd data-testid="sell-quote">{eth(q?.net)}</dd>
        </div>
        <div>
          <dt>{t("minReceived")}</dt>
          <dd data-testid="sell-min">{eth(s.minimum)}</dd>
        </div>
        <div>
          <dt>{t("tradeFee")}</dt>
          <dd data-testid="sell-trade-fee">{q ? eth(q.tradeFee) : "0.30%"}</dd>
        </div>
        <div>
          <dt>
            {t("exitFee")} ({d.fee}%)
          </dt>
          <dd data-testid="sell-exit-fee">{q ? eth(q.exitFee) : `${d.fee}%`}</dd>
        </div>
        <div>
          <dt>{t("slippage")}</dt>
          <dd>10%</dd>
        </div>
      </dl>
      <Button
        type="primary"
        size="large"
        block
        danger
        disabled={s.busy === null && (b.kind === "disabled" || (b.kind === "approve" && b.disabled))}
        loading={s.busy !== null}
        onClick={() => void sell()}
        data-testid="sell-confirm"
      >
        {b.kind === "disabled" && s.busy === null ? blockText(b.block, "sell", d.symbol, t) : action}
      </Button>
    </div>
  );
}

type ModalProps = { d: PortfolioDetail; target: TradeTarget; open: boolean; onClose: () => void };

/** The portfolio page's Buy modal; its form (and its reads) exists only while it is open. */
export function BuyModal({ d, target, open, onClose, onFailure }: ModalProps & { onFailure: (text: string) => void }) {
  const { t } = useTranslation("portfolios");
  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={t("buyTitle", { symbol: d.symbol })}
      footer={null}
      destroyOnHidden
      data-testid="buy-modal"
    >
      <BuyForm d={d} target={target} onClose={onClose} onFailure={onFailure} />
    </Modal>
  );
}

/** The portfolio page's Sell modal; failures are a browser alert (spec 001 §8). */
export function SellModal({ d, target, open, onClose }: ModalProps) {
  const { t } = useTranslation("portfolios");
  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={t("sellTitle", { symbol: d.symbol })}
      footer={null}
      destroyOnHidden
      data-testid="sell-modal"
    >
      <SellForm d={d} target={target} onClose={onClose} onFailure={(text) => window.alert(text)} />
    </Modal>
  );
}
