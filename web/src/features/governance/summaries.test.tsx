/**
 * The governance transactions' summaries are texts of this feature's namespace (the transactions
 * feature's `text` kind): recorded as data and rendered in the language of the moment, with the
 * English text stored beside them; never English-only.
 */
import { render } from "@testing-library/react";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { i18next, initI18n } from "../../i18n/index.ts";
import type { TransactionInfo } from "../transactions/index.ts";

const sendWrite = vi.fn();
const trackTransaction = vi.fn();
vi.mock("../transactions/index.ts", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../transactions/index.ts")>()),
  sendWrite: (...a: unknown[]) => sendWrite(...a),
  trackTransaction: (...a: unknown[]) => trackTransaction(...a),
  waitForTrackedReceipt: () => new Promise(() => {}),
}));
vi.mock("wagmi/actions", () => ({ signTypedData: async () => `0x${"11".repeat(65)}` }));
vi.mock("../../kernel/api.ts", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../../kernel/api.ts")>()),
  apiWrite: async () => ({ txid: `0x${"ab".repeat(32)}` }),
}));

const { englishSummary, TransactionSummary } = await import("../transactions/index.ts");
const { propose, proposalStep, voteGasless, voteWithWallet } = await import("./writes.ts");

const governor = { address: "0x00000000000000000000000000000000000000b1", abi: [] } as never;
const ctx = {
  chainId: 31337,
  account: "0x00000000000000000000000000000000000000c1",
  client: { readContract: async () => 0n },
} as never;
const base = { chain: "local", governor, proposalId: "9" };

function inKorean(info: TransactionInfo): string {
  const { container, unmount } = render(<TransactionSummary info={info} fallback="(stored)" />);
  const text = container.textContent ?? "";
  unmount();
  return text;
}

beforeAll(async () => {
  await initI18n("en");
});

beforeEach(() => {
  sendWrite.mockReset();
  trackTransaction.mockReset();
  sendWrite.mockImplementation(async () => ({ hash: "0x1", done: Promise.resolve(true) }));
});

describe("governance transaction summaries", () => {
  it("propose records its title as a governance text, not an English sentence", async () => {
    await propose(ctx, { ...base, calls: [], description: "# T", endTime: 1, title: "  Lower the fee  " });
    const req = sendWrite.mock.calls[0]?.[1];
    expect(req.summary).toBeUndefined();
    expect(req.info).toEqual({ kind: "text", ns: "governance", key: "tx.propose", values: { title: "Lower the fee" } });
    expect(englishSummary(req.info)).toBe("Create proposal: Lower the fee");
    await i18next.changeLanguage("ko");
    expect(inKorean(req.info)).toBe("제안 만들기: Lower the fee");
    await i18next.changeLanguage("en");
  });

  it("a vote from the wallet, for or against, in English and Korean", async () => {
    await voteWithWallet(ctx, { ...base, support: true, label: "SOFIP-009" });
    await voteWithWallet(ctx, { ...base, support: false, label: "SOFIP-009" });
    const [forVote, against] = sendWrite.mock.calls.map((c) => c[1]);
    expect(forVote.summary).toBeUndefined();
    expect(forVote.info).toMatchObject({ kind: "text", ns: "governance", values: { label: "SOFIP-009" } });
    expect(englishSummary(forVote.info)).toBe("Vote For on SOFIP-009");
    expect(englishSummary(against.info)).toBe("Vote Against on SOFIP-009");
    await i18next.changeLanguage("ko");
    expect(inKorean(forVote.info)).toBe("SOFIP-009에 찬성 투표");
    expect(inKorean(against.info)).toBe("SOFIP-009에 반대 투표");
    await i18next.changeLanguage("en");
  });

  it("a gasless vote's relayed transaction is tracked with the text and its English", async () => {
    await voteGasless(ctx, { ...base, support: false, label: "SOFIP-009" });
    const rec = trackTransaction.mock.calls[0]?.[0];
    expect(rec.info).toMatchObject({ kind: "text", ns: "governance", values: { label: "SOFIP-009" } });
    expect(rec.summary).toBe("Vote Against on SOFIP-009 (gasless)");
    await i18next.changeLanguage("ko");
    expect(inKorean(rec.info)).toBe("SOFIP-009에 반대 투표 (가스 없음)");
    await i18next.changeLanguage("en");
  });

  it("queue, execute, cancel and claim name the proposal in the language of the moment", async () => {
    const steps = ["queue", "execute", "cancel", "claim"] as const;
    for (const step of steps) await proposalStep(ctx, { ...base, step, label: "SOFIP-010" });
    const infos = sendWrite.mock.calls.map((c) => c[1].info);
    expect(infos).toEqual(
      steps.map((step) => ({ kind: "text", ns: "governance", key: `tx.${step}`, values: { label: "SOFIP-010" } })),
    );
    expect(infos.map(englishSummary)).toEqual([
      "Queue SOFIP-010",
      "Execute SOFIP-010",
      "Cancel SOFIP-010",
      "Claim the stake of SOFIP-010",
    ]);
    await i18next.changeLanguage("ko");
    expect(infos.map(inKorean)).toEqual([
      "SOFIP-010 대기열 등록",
      "SOFIP-010 실행",
      "SOFIP-010 취소",
      "SOFIP-010 예치금 회수",
    ]);
    await i18next.changeLanguage("en");
  });
});
