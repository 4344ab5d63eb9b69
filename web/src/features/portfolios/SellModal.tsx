import { type PortfolioDetail, sanitizeAmountInput } from "@sofi/core";
import { erc20Abi, portfolioTradingModuleAbi } from "@sofi/protocol";
import { Button, Input, Modal } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatEther, formatUnits, zeroAddress } from "viem";
import { useReadContract } from "wagmi";
import { apiQueryKey } from "../../kernel/api.ts";
import { useAppConfig } from "../../kernel/config.ts";
import { useSettings } from "../../kernel/settings-store.ts";
import { approveIfNeeded, sendWrite, useTransactorContext, WriteError } from "../transactions/index.ts";
import { minReceived, parseSellAmount, sellBlock, sellForEthCall } from "./sell.ts";
import { useAccount, useChainSuffix } from "./usePortfolioApi.ts";

/** An ETH amount with 6 decimals; a non-zero amount below that says so instead of 0. */
function eth(x: bigint | undefined | null): string {
  if (x === undefined || x === null) return "--";
  if (x > 0n && x < 10n ** 12n) return "<0.000001 ETH";
  return `${Number(formatEther(x)).toFixed(6)} ETH`;
}

/** The wallet's or node's text of a failed write; a rejection (4001) is the spec's cancelled text. */
function failureText(e: unknown, cancelled: string, fallback: string): string {
  const cause = e instanceof WriteError ? e.cause : e;
  const code = (cause as { code?: number } | null)?.code;
  if (code === 4001 || /rejected|denied/i.test(String(cause))) return cancelled;
  const shortMessage = (cause as { shortMessage?: string } | null)?.shortMessage;
  return shortMessage || (cause as Error | null)?.message || fallback;
}

/**
 * The sell confirm modal (spec 001 §2 sell, §8), the buy modal's twin: an amount of the portfolio
 * token (Max fills the balance), the module's `quoteSell` for the native coin after the trade and
 * exit fees, the minimum received with the 10 % slippage tolerance; Sell approves the portfolio
 * token to the trading module when the allowance is short, then sells, both through the
 * transactions feature's transactor. Failures are a browser alert with the message (spec 001 §8).
 */
export function SellModal({ d, open, onClose }: { d: PortfolioDetail; open: boolean; onClose: () => void }) {
  const { t } = useTranslation("portfolios");
  const chainId = useSettings((s) => s.chainId);
  const config = useAppConfig();
  const chain = useChainSuffix();
  const account = useAccount() as `0x${string}` | undefined;
  const module = config.chains.find((c) => c.id === chainId)?.deployment?.contracts.portfolioTradingModule as
    | `0x${string}`
    | undefined;
  const set = d.address as `0x${string}`;
  const ctx = useTransactorContext(chainId);
  const [text, setText] = useState("");
  const [stage, setStage] = useState<null | "approve" | "sell">(null);
  const balance = useReadContract({
    address: set,
    abi: erc20Abi,
    functionName: "balanceOf",
    args: [account ?? zeroAddress],
    chainId,
    query: { enabled: open && !!account },
  });
  const allowance = useReadContract({
    address: set,
    abi: erc20Abi,
    functionName: "allowance",
    args: [account ?? zeroAddress, module ?? zeroAddress],
    chainId,
    query: { enabled: open && !!account && !!module },
  });
  const amount = parseSellAmount(text, d.decimals, balance.data);
  const quantity = amount.ok ? amount.amount : null;
  const quote = useReadContract({
    address: module,
    abi: portfolioTradingModuleAbi,
    functionName: "quoteSell",
    args: [set, quantity ?? 0n, zeroAddress],
    chainId,
    query: { enabled: open && !!module && quantity !== null },
  });
  const net = quote.data && quantity !== null ? quote.data[1] : null;
  const minimum = net === null ? null : minReceived(net);
  const block = sellBlock({
    connected: !!ctx && !!account,
    amount,
    quoting: quote.isFetching,
    quoted: net !== null && net > 0n,
  });
  const needsApproval = quantity !== null && allowance.data !== undefined && allowance.data < quantity;

  const sell = async () => {
    if (!ctx || !module || quantity === null || !quote.data || minimum === null) return;
    const invalidate = [apiQueryKey(chain, "").slice(0, 2)];
    try {
      setStage("approve");
      const approval = await approveIfNeeded(ctx, {
        token: set,
        spender: module,
        amount: quantity,
        info: { kind: "approve", symbol: d.symbol },
      });
      if (approval && !(await approval.done)) {
        window.alert(t("sellFailed"));
        return;
      }
      setStage("sell");
      const sent = await sendWrite(ctx, {
        call: sellForEthCall({
          module,
          set,
          quantity,
          minAmountOut: minimum,
          legs: quote.data[0],
          nowSeconds: Math.floor(Date.now() / 1000),
        }),
        info: { kind: "portfolioSell", amount: text, symbol: d.symbol, token: "ETH" },
        invalidate,
      });
      onClose();
      setText("");
      if (!(await sent.done)) window.alert(t("sellFailed"));
    } catch (e) {
      window.alert(failureText(e, t("cancelled"), t("sellFailed")));
    } finally {
      setStage(null);
    }
  };

  const label: Record<Exclude<typeof block, null>, string> = {
    connect: t("connectToBuy"),
    enterAmount: t("enterAmount"),
    tooManyDecimals: t("tooManyDecimals", { decimals: d.decimals }),
    quoting: t("quoting"),
    noQuote: t("noQuote"),
    insufficient: t("insufficientSymbol", { symbol: d.symbol }),
  };
  let action = t("sell");
  if (stage === "approve") action = t("approving", { symbol: d.symbol });
  else if (stage === "sell") action = t("selling");
  else if (needsApproval) action = t("approveAndSell", { symbol: d.symbol });
  const bal = balance.data;
  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={t("sellTitle", { symbol: d.symbol })}
      footer={null}
      destroyOnHidden
      data-testid="sell-modal"
    >
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
          value={text}
          maxLength={79}
          status={!amount.ok && text !== "" && amount.reason !== "enterAmount" ? "error" : ""}
          onChange={(e) => {
            // decimals are checked by parseSellAmount, so too many show the spec's message instead of a dead key
            const v = sanitizeAmountInput(e.target.value);
            if (v !== null) setText(v);
          }}
          suffix={
            <Button
              size="small"
              type="link"
              disabled={!bal}
              onClick={() => bal !== undefined && setText(formatUnits(bal, d.decimals))}
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
            <dd data-testid="sell-quote">{eth(net)}</dd>
          </div>
          <div>
            <dt>{t("minReceived")}</dt>
            <dd data-testid="sell-min">{eth(minimum)}</dd>
          </div>
          <div>
            <dt>{t("tradeFee")}</dt>
            <dd data-testid="sell-trade-fee">{quote.data && quantity !== null ? eth(quote.data[2]) : "0.30%"}</dd>
          </div>
          <div>
            <dt>
              {t("exitFee")} ({d.fee}%)
            </dt>
            <dd data-testid="sell-exit-fee">{quote.data && quantity !== null ? eth(quote.data[3]) : `${d.fee}%`}</dd>
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
          disabled={block !== null}
          loading={stage !== null}
          onClick={() => void sell()}
          data-testid="sell-confirm"
        >
          {block === null || stage !== null ? action : label[block]}
        </Button>
      </div>
    </Modal>
  );
}
