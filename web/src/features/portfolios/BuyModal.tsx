import { type PortfolioDetail, parseAmount, sanitizeAmountInput } from "@sofi/core";
import { portfolioTradingModuleAbi } from "@sofi/protocol";
import { Button, Input, Modal, message } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatEther, zeroAddress } from "viem";
import { useBalance, useReadContract } from "wagmi";
import { apiQueryKey } from "../../kernel/api.ts";
import { useAppConfig } from "../../kernel/config.ts";
import { useSettings } from "../../kernel/settings-store.ts";
import { sendWrite, useTransactorContext, WriteError } from "../transactions/index.ts";
import { buyBlock, buyWithEthCall, maxBuyValue } from "./buy.ts";
import { useAccount, useChainSuffix } from "./usePortfolioApi.ts";

/**
 * The buy confirm modal (spec 001 §2 buy, §8): an amount of sets, the module's quote in the native
 * coin with the 10 % slippage tolerance, and Buy through the transactions feature's transactor.
 */
export function BuyModal({ d, open, onClose }: { d: PortfolioDetail; open: boolean; onClose: () => void }) {
  const { t } = useTranslation("portfolios");
  const [toast, holder] = message.useMessage();
  const chainId = useSettings((s) => s.chainId);
  const config = useAppConfig();
  const chain = useChainSuffix();
  const account = useAccount();
  const module = config.chains.find((c) => c.id === chainId)?.deployment?.contracts.portfolioTradingModule as
    | `0x${string}`
    | undefined;
  const ctx = useTransactorContext(chainId);
  const [text, setText] = useState("");
  const [busy, setBusy] = useState(false);
  const quantity = parseAmount(text, 18);
  const quote = useReadContract({
    address: module,
    abi: portfolioTradingModuleAbi,
    functionName: "quoteBuy",
    args: [d.address as `0x${string}`, quantity ?? 0n, zeroAddress],
    chainId,
    query: { enabled: open && !!module && !!quantity && quantity > 0n },
  });
  const balance = useBalance({ address: account as `0x${string}` | undefined, chainId, query: { enabled: open } });
  const value = quote.data ? maxBuyValue(quote.data[1], quote.data[2]) : null;
  const block = buyBlock({
    connected: !!ctx && !!account,
    quantity,
    value,
    quoting: quote.isFetching,
    balance: balance.data?.value,
  });

  const buy = async () => {
    if (!ctx || !module || !quantity || !quote.data || value === null) return;
    setBusy(true);
    try {
      const sent = await sendWrite(ctx, {
        call: buyWithEthCall({
          module,
          set: d.address as `0x${string}`,
          quantity,
          legs: quote.data[0],
          value,
          nowSeconds: Math.floor(Date.now() / 1000),
        }),
        info: { kind: "portfolioBuy", amount: text, symbol: d.symbol, token: "ETH" },
        invalidate: [apiQueryKey(chain, "").slice(0, 2)],
      });
      onClose();
      setText("");
      if (!(await sent.done)) void toast.error(t("buyFailed"));
    } catch (e) {
      const cause = e instanceof WriteError ? e.cause : e;
      const code = (cause as { code?: number } | null)?.code;
      const msg = code === 4001 || /rejected|denied/i.test(String(cause)) ? t("cancelled") : (cause as Error)?.message;
      void toast.error(msg || t("buyFailed"));
    } finally {
      setBusy(false);
    }
  };

  const label: Record<Exclude<typeof block, null>, string> = {
    connect: t("connectToBuy"),
    enterAmount: t("enterAmount"),
    quoting: t("quoting"),
    noQuote: t("noQuote"),
    insufficient: t("insufficient"),
  };
  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={t("buyTitle", { symbol: d.symbol })}
      footer={null}
      destroyOnHidden
      data-testid="buy-modal"
    >
      {holder}
      <div className="pf-buy">
        <label className="pf-buy-label" htmlFor="pf-buy-amount">
          {t("buyAmount", { symbol: d.symbol })}
        </label>
        <Input
          id="pf-buy-amount"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.0"
          value={text}
          maxLength={79}
          onChange={(e) => {
            const v = sanitizeAmountInput(e.target.value, 18);
            if (v !== null) setText(v);
          }}
          data-testid="buy-amount"
        />
        <dl className="pf-summary">
          <div>
            <dt>{t("youPayAtMost")}</dt>
            <dd data-testid="buy-cost">{value === null ? "--" : `${Number(formatEther(value)).toFixed(6)} ETH`}</dd>
          </div>
          <div>
            <dt>{t("slippage")}</dt>
            <dd>10%</dd>
          </div>
          <div>
            <dt>{t("balance")}</dt>
            <dd>{balance.data ? `${Number(formatEther(balance.data.value)).toFixed(4)} ETH` : "--"}</dd>
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
          disabled={block !== null}
          loading={busy}
          onClick={() => void buy()}
          data-testid="buy-confirm"
        >
          {block === null ? t("buy") : label[block]}
        </Button>
      </div>
    </Modal>
  );
}
