import { MULTICALL_CHUNK, WALLET_POLLING_INTERVAL_MS } from "@sofi/core";
import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  BALANCES_QUERY_KEY,
  balanceQueryKey,
  readBalance,
  readBalances,
  runningBalancePollers,
  watchBalances,
} from "./balances.ts";

const ACCOUNT = "0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc";
const token = (i: number) => `0x${i.toString(16).padStart(40, "0")}` as const;

afterEach(() => {
  vi.useRealTimers();
});

describe("the balances source", () => {
  it("keys a balance by chain, lowercase account and token", () => {
    expect(balanceQueryKey(1, ACCOUNT, "0xABC")).toEqual([BALANCES_QUERY_KEY, 1, ACCOUNT.toLowerCase(), "0xabc"]);
    expect(balanceQueryKey(1, ACCOUNT, "native")).toEqual([BALANCES_QUERY_KEY, 1, ACCOUNT.toLowerCase(), "native"]);
  });

  it("reads in multicalls of at most the spec's chunk size, the native coin through getEthBalance", async () => {
    const multicall = vi.fn(async ({ contracts }: { contracts: { functionName: string }[] }) =>
      contracts.map((c, i) =>
        c.functionName === "getEthBalance"
          ? { status: "success", result: 7n }
          : { status: "success", result: BigInt(i) },
      ),
    );
    const client = {
      chain: { contracts: { multicall3: { address: token(999_999) } } },
      multicall,
      getBalance: vi.fn(),
      readContract: vi.fn(),
    };
    const tokens = ["native", ...Array.from({ length: MULTICALL_CHUNK + 10 }, (_, i) => token(i + 1))];
    const out = await readBalances(client as never, ACCOUNT, tokens);
    expect(multicall).toHaveBeenCalledTimes(2);
    expect(multicall.mock.calls[0]?.[0].contracts).toHaveLength(MULTICALL_CHUNK);
    expect(out[0]).toEqual({ value: 7n });
    expect(out).toHaveLength(tokens.length);
    expect(client.getBalance).not.toHaveBeenCalled();
  });

  it("on a chain without Multicall3 reads one by one (the transport batches them)", async () => {
    const client = {
      chain: { contracts: {} },
      multicall: vi.fn(),
      getBalance: vi.fn(async () => 5n),
      readContract: vi.fn(async () => {
        throw new Error("not a token");
      }),
    };
    const out = await readBalances(client as never, ACCOUNT, ["native", token(1)]);
    expect(out[0]).toEqual({ value: 5n });
    expect("error" in (out[1] ?? {})).toBe(true);
    expect(client.multicall).not.toHaveBeenCalled();
  });

  it("joins the reads of one moment into one multicall; a failed token rejects alone", async () => {
    const multicall = vi.fn(async ({ contracts }: { contracts: { address: string }[] }) =>
      contracts.map((c) =>
        c.address === token(2) ? { status: "failure", error: new Error("revert") } : { status: "success", result: 1n },
      ),
    );
    const client = { chain: { contracts: { multicall3: { address: token(9) } } }, multicall };
    const a = readBalance(client as never, 31337, ACCOUNT, token(1));
    const b = readBalance({ ...client } as never, 31337, ACCOUNT, token(2));
    const c = readBalance(client as never, 31337, ACCOUNT, token(1));
    await expect(a).resolves.toBe(1n);
    await expect(c).resolves.toBe(1n);
    await expect(b).rejects.toThrow("revert");
    expect(multicall).toHaveBeenCalledTimes(1);
    expect(multicall.mock.calls[0]?.[0].contracts).toHaveLength(2);
  });

  it("runs one refresh timer per chain and account at the spec's wallet polling interval", () => {
    vi.useFakeTimers();
    const qc = new QueryClient();
    const invalidate = vi.spyOn(qc, "invalidateQueries").mockResolvedValue();
    const releaseCard = watchBalances(qc, 31337, ACCOUNT);
    const releaseSelector = watchBalances(qc, 31337, ACCOUNT.toLowerCase());
    expect(runningBalancePollers()).toBe(1);
    vi.advanceTimersByTime(WALLET_POLLING_INTERVAL_MS - 1);
    expect(invalidate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(invalidate).toHaveBeenCalledTimes(1);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: [BALANCES_QUERY_KEY, 31337, ACCOUNT.toLowerCase()] });
    releaseCard();
    expect(runningBalancePollers()).toBe(1);
    releaseSelector();
    expect(runningBalancePollers()).toBe(0);
    vi.advanceTimersByTime(WALLET_POLLING_INTERVAL_MS * 3);
    expect(invalidate).toHaveBeenCalledTimes(1);
  });
});
