/**
 * Issue 9 #21: transaction summaries are rendered from the record's data (kind, symbols, amounts)
 * in the language of the moment, in the recent-transactions list and in the popup; records stored
 * by older versions (text only, English or Korean) stay readable.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen } from "@testing-library/react";
import i18next from "i18next";
import type { TransactionReceipt } from "viem";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { WagmiProvider } from "wagmi";
import { initI18n } from "../../i18n/index.ts";
import { useSettings } from "../../kernel/settings-store.ts";
import { clearPopups, Toasts } from "../shell/index.ts";
import { createWalletConfig, devAddress } from "../wallet/index.ts";
import dictionaries from "./i18n.ts";
import { RecentTransactions } from "./RecentTransactions.tsx";
import { recordReceipt } from "./receipts.ts";
import { type TextSummaryInfo, type TransactionInfo, useTransactions } from "./store.ts";
import { englishSummary, groupDigits, parseLegacySummary, summaryText } from "./TxSummary.tsx";

const CHAIN = 31337;
const me = devAddress(1);
const hash = (n: number) => `0x${n.toString(16).padStart(64, "0")}`;

const swap: TransactionInfo = {
  kind: "swap",
  amountIn: "1",
  symbolIn: "ETH",
  amountOut: "2990.12",
  symbolOut: "USDT",
};
const every: TransactionInfo[] = [
  swap,
  { kind: "approve", symbol: "USDT" },
  { kind: "wrap", amount: "2", from: "ETH", to: "WETH" },
  { kind: "unwrap", amount: "1234.5", from: "WETH", to: "ETH" },
  { kind: "portfolioBuy", amount: "1.5", symbol: "DEFI", token: "USDT" },
  { kind: "portfolioSell", amount: "1000", symbol: "DEFI", token: "ETH" },
  { kind: "portfolioCreate", name: "Blue chips", symbol: "BLUE" },
  ...(["add", "initialize", "enable", "disable", "rebalance", "exitFee"] as const).map(
    (action): TransactionInfo => ({ kind: "portfolioManage", action, symbol: "BLUE" }),
  ),
  { kind: "promotionWithdraw", amount: "1200.5", symbol: "SOFI" },
];

function App() {
  const config = createWalletConfig({
    chains: [{ id: CHAIN, suffix: "local", name: "Local", rpcUrl: "http://127.0.0.1:1", deployment: null }],
    selectedChainId: CHAIN,
  });
  return (
    <WagmiProvider config={config} reconnectOnMount={false}>
      <QueryClientProvider client={new QueryClient()}>
        <RecentTransactions account={me} />
        <Toasts />
      </QueryClientProvider>
    </WagmiProvider>
  );
}

beforeAll(async () => {
  await initI18n("en");
});

beforeEach(() => {
  useSettings.setState({ chainId: CHAIN });
  useTransactions.setState({ byChain: {} });
  clearPopups();
});

afterEach(async () => {
  await act(async () => {
    await i18next.changeLanguage("en");
  });
});

describe("summaries from data", () => {
  it("the English text stored with a record is the English dictionary's, for every kind", () => {
    const t = i18next.getFixedT("en", "transactions");
    for (const info of every) expect(englishSummary(info)).toBe(summaryText(info, (k, v) => t(k, v)));
    expect(englishSummary(swap)).toBe("Swap 1 ETH for 2,990.12 USDT");
    expect(englishSummary(every[3] as TransactionInfo)).toBe("Unwrap 1,234.5 WETH to ETH");
    expect(englishSummary(every[4] as TransactionInfo)).toBe("Buy 1.5 DEFI with USDT");
    expect(englishSummary(every[5] as TransactionInfo)).toBe("Sell 1,000 DEFI for ETH");
    expect(englishSummary(every[6] as TransactionInfo)).toBe("Create portfolio Blue chips (BLUE)");
    expect(englishSummary({ kind: "portfolioManage", action: "enable", symbol: "BLUE" })).toBe(
      "Open buy and sell of BLUE",
    );
    expect(englishSummary({ kind: "portfolioManage", action: "exitFee", symbol: "BLUE" })).toBe(
      "Change the exit fee of BLUE",
    );
    expect(englishSummary({ kind: "promotionWithdraw", amount: "1200.5", symbol: "SOFI" })).toBe(
      "Withdraw 1,200.5 SOFI from promotions",
    );
  });

  it("every kind has a Korean text that keeps its symbols and amounts", () => {
    const t = i18next.getFixedT("ko", "transactions");
    for (const info of every) {
      const ko = summaryText(info, (k, v) => t(k, v));
      expect(ko).toMatch(/[\uac00-\ud7a3]/);
      expect(ko).not.toBe(englishSummary(info));
      for (const v of Object.values(info).filter(
        (x): x is string =>
          typeof x === "string" && x !== info.kind && !/^(add|initialize|enable|disable|rebalance|exitFee)$/.test(x),
      ))
        expect(ko).toContain(groupDigits(v));
    }
    expect(summaryText(swap, (k, v) => t(k, v))).toBe("1 ETH을(를) 2,990.12 USDT(으)로 스왑");
    expect(Object.keys(dictionaries.ko.summary).sort()).toEqual(Object.keys(dictionaries.en.summary).sort());
  });

  it("reads the texts older versions stored back into data, in both languages they wrote", () => {
    expect(parseLegacySummary("Swap 1 ETH for 2,990.12 USDT")).toEqual(swap);
    expect(parseLegacySummary("Approve USDT")).toEqual({ kind: "approve", symbol: "USDT" });
    expect(parseLegacySummary("USDT 승인")).toEqual({ kind: "approve", symbol: "USDT" });
    expect(parseLegacySummary("Wrap 2 ETH to WETH")).toEqual({ kind: "wrap", amount: "2", from: "ETH", to: "WETH" });
    expect(parseLegacySummary("1,234.5 WETH을(를) ETH(으)로 언래핑")).toEqual(every[3]);
    expect(parseLegacySummary("Send 1 wei")).toBeNull();
    expect(parseLegacySummary(undefined)).toBeNull();
    expect(groupDigits("1234567.891")).toBe("1,234,567.891");
    expect(groupDigits("<0.01")).toBe("<0.01");
  });

  it("the recent list shows new and old records in Korean, and follows a language change", async () => {
    const s = useTransactions.getState();
    s.add({ hash: hash(1), from: me, chainId: CHAIN, summary: englishSummary(swap), info: swap });
    // Stored by an older version: English text only.
    s.add({ hash: hash(2), from: me, chainId: CHAIN, summary: "Wrap 2 ETH to WETH" });
    // Text of no known shape: shown as it was stored.
    s.add({ hash: hash(3), from: me, chainId: CHAIN, summary: "Claim airdrop" });
    await act(async () => {
      await i18next.changeLanguage("ko");
    });
    render(<App />);
    expect(screen.getByText("1 ETH을(를) 2,990.12 USDT(으)로 스왑")).toBeTruthy();
    expect(screen.getByText("2 ETH을(를) WETH(으)로 래핑")).toBeTruthy();
    expect(screen.getByText("Claim airdrop")).toBeTruthy();
    await act(async () => {
      await i18next.changeLanguage("en");
    });
    expect(screen.getByText("Swap 1 ETH for 2,990.12 USDT")).toBeTruthy();
    expect(screen.getByText("Wrap 2 ETH to WETH")).toBeTruthy();
  });

  it("the receipt popup renders the summary in the language of the moment", async () => {
    useTransactions
      .getState()
      .add({ hash: hash(4), from: me, chainId: CHAIN, info: { kind: "approve", symbol: "DAI" } });
    expect(useTransactions.getState().byChain[CHAIN]?.[hash(4)]?.summary).toBeUndefined();
    await act(async () => {
      await i18next.changeLanguage("ko");
    });
    render(<App />);
    act(() => {
      recordReceipt(CHAIN, {
        transactionHash: hash(4),
        blockHash: hash(9),
        blockNumber: 5n,
        contractAddress: null,
        from: me,
        to: null,
        status: "success",
        transactionIndex: 0,
      } as unknown as TransactionReceipt);
    });
    expect(screen.getByText("DAI 승인", { selector: ".toast-title" })).toBeTruthy();
    await act(async () => {
      await i18next.changeLanguage("en");
    });
    expect(screen.getByText("Approve DAI", { selector: ".toast-title" })).toBeTruthy();
  });
});

/**
 * The `text` kind: another capability's summary as a key of its own namespace, so no capability
 * adds a kind to this feature. A namespace of this test stands in for the capability's.
 */
describe("summaries from another capability's texts", () => {
  const NS = "txTextTest";
  const TEXTS = {
    en: { tx: { stake: "Stake {{amount}} {{symbol}} in round {{round}}", done: "Done" } },
    ko: { tx: { stake: "{{round}} 라운드에 {{amount}} {{symbol}} 스테이킹", done: "완료" } },
  };
  const stake: TextSummaryInfo = {
    kind: "text",
    ns: NS,
    key: "tx.stake",
    values: { symbol: "SOFI", round: "1043" },
    amounts: { amount: "12345.5" },
  };
  const add = (n: number, info: TextSummaryInfo, summary = englishSummary(info)) =>
    useTransactions.getState().add({ hash: hash(n), from: me, chainId: CHAIN, summary, info });

  beforeEach(() => {
    i18next.addResourceBundle("en", NS, TEXTS.en);
    i18next.addResourceBundle("ko", NS, TEXTS.ko);
  });
  afterEach(() => {
    i18next.removeResourceBundle("en", NS);
    i18next.removeResourceBundle("ko", NS);
  });

  it("the English summary is the namespace's en text, values as given and amounts grouped", async () => {
    expect(englishSummary(stake)).toBe("Stake 12,345.5 SOFI in round 1043");
    expect(englishSummary({ kind: "text", ns: NS, key: "tx.done" })).toBe("Done");
    await act(async () => {
      await i18next.changeLanguage("ko");
    });
    // Stored in English whatever the language of the moment.
    expect(englishSummary(stake)).toBe("Stake 12,345.5 SOFI in round 1043");
    const ko = i18next.getFixedT("ko", "transactions");
    expect(summaryText(stake, (k, v) => ko(k, v))).toBe("1043 라운드에 12,345.5 SOFI 스테이킹");
  });

  it("the recent list renders it in the language of the moment, and follows a change", async () => {
    add(21, stake);
    add(22, { kind: "text", ns: NS, key: "tx.done" });
    await act(async () => {
      await i18next.changeLanguage("ko");
    });
    render(<App />);
    expect(screen.getByText("1043 라운드에 12,345.5 SOFI 스테이킹")).toBeTruthy();
    expect(screen.getByText("완료")).toBeTruthy();
    await act(async () => {
      await i18next.changeLanguage("en");
    });
    expect(screen.getByText("Stake 12,345.5 SOFI in round 1043")).toBeTruthy();
    expect(screen.getByText("Done")).toBeTruthy();
  });

  it("an unknown namespace or key shows the stored English summary", async () => {
    add(23, { kind: "text", ns: "noSuchFeature", key: "tx.stake" }, "Staked (stored)");
    add(24, { kind: "text", ns: NS, key: "tx.noSuchKey" }, "Other (stored)");
    expect(englishSummary({ kind: "text", ns: "noSuchFeature", key: "tx.stake" })).toBe("tx.stake");
    await act(async () => {
      await i18next.changeLanguage("ko");
    });
    render(<App />);
    expect(screen.getByText("Staked (stored)")).toBeTruthy();
    expect(screen.getByText("Other (stored)")).toBeTruthy();
  });

  it("a namespace not loaded yet: the stored English until it is added, then the language of the moment", async () => {
    add(25, stake);
    i18next.removeResourceBundle("en", NS);
    i18next.removeResourceBundle("ko", NS);
    await act(async () => {
      await i18next.changeLanguage("ko");
    });
    render(<App />);
    expect(screen.getByText("Stake 12,345.5 SOFI in round 1043")).toBeTruthy();
    act(() => {
      i18next.addResourceBundle("en", NS, TEXTS.en);
      i18next.addResourceBundle("ko", NS, TEXTS.ko);
    });
    expect(screen.getByText("1043 라운드에 12,345.5 SOFI 스테이킹")).toBeTruthy();
  });

  it("the receipt popup renders it in the language of the moment", async () => {
    add(26, stake);
    await act(async () => {
      await i18next.changeLanguage("ko");
    });
    render(<App />);
    act(() => {
      recordReceipt(CHAIN, {
        transactionHash: hash(26),
        blockHash: hash(9),
        blockNumber: 5n,
        contractAddress: null,
        from: me,
        to: null,
        status: "success",
        transactionIndex: 0,
      } as unknown as TransactionReceipt);
    });
    expect(screen.getByText("1043 라운드에 12,345.5 SOFI 스테이킹", { selector: ".toast-title" })).toBeTruthy();
    await act(async () => {
      await i18next.changeLanguage("en");
    });
    expect(screen.getByText("Stake 12,345.5 SOFI in round 1043", { selector: ".toast-title" })).toBeTruthy();
  });
});
