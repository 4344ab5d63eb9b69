import { type AnvilHandle, getFreePort, startAnvil } from "@sofi/contracts";
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  type GetTransactionReceiptParameters,
  type Hex,
  http,
  type TransactionReceipt,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ANVIL_PRIVATE_KEYS, devAddress } from "../wallet/index.ts";
import {
  type ReceiptClient,
  TransactionUntrackedError,
  toReceiptInfo,
  trackTransaction,
  waitForReceiptWithRetry,
  waitForTrackedReceipt,
} from "./receipts.ts";
import { useTransactions } from "./store.ts";

const chain = {
  id: 31337,
  name: "Local",
  nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
  rpcUrls: { default: { http: ["http://127.0.0.1"] } },
} as const;

let anvil: AnvilHandle;
let pub: ReturnType<typeof createPublicClient>;
let test: ReturnType<typeof createTestClient>;
let wallet: ReturnType<typeof createWalletClient>;
const account = privateKeyToAccount(ANVIL_PRIVATE_KEYS[1] as Hex);

beforeAll(async () => {
  anvil = await startAnvil({ port: await getFreePort() });
  const transport = http(anvil.rpcUrl);
  pub = createPublicClient({ chain, transport });
  test = createTestClient({ chain, transport, mode: "anvil" });
  wallet = createWalletClient({ chain, transport, account });
}, 60_000);

afterAll(async () => {
  await anvil?.stop();
});

afterEach(async () => {
  vi.useRealTimers();
  await test.setAutomine(true);
});

/** The real client, counting the receipt requests it answers. */
function counting() {
  const c = { asked: 0, answered: 0 };
  const client: ReceiptClient = {
    getTransactionReceipt: (args: GetTransactionReceiptParameters) => {
      c.asked += 1;
      return pub.getTransactionReceipt(args).finally(() => {
        c.answered += 1;
      });
    },
  };
  return { c, client };
}

/**
 * Lets real I/O (the RPC reply) happen while setTimeout is faked, for up to 10 s of real time (a
 * count of event-loop turns ran out in about 70 ms while the machine was busy with other suites).
 */
async function until(cond: () => boolean): Promise<void> {
  const started = performance.now();
  while (!cond() && performance.now() - started < 10_000) await new Promise((r) => setImmediate(r));
  if (!cond()) throw new Error("condition not met");
  for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
}

/** A transfer that stays in anvil's mempool until the test mines a block. */
async function pendingTransfer(): Promise<Hex> {
  await test.setAutomine(false);
  return wallet.sendTransaction({ to: devAddress(5), value: 1n, chain, account, gas: 21_000n });
}

describe("waitForReceiptWithRetry (random 2.5 to 3.5 s wait, no retry limit)", () => {
  it("asks at once, then after each random wait, until the transaction is mined", async () => {
    const hash = await pendingTransfer();
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const { c, client } = counting();
    let result: TransactionReceipt | undefined;
    void waitForReceiptWithRetry(client, hash, { random: () => 0 }).then((r) => {
      result = r;
    });
    await until(() => c.answered === 1);
    expect(c.asked).toBe(1);
    // random() = 0 → 2 500 ms.
    await vi.advanceTimersByTimeAsync(2_499);
    expect(c.asked).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(c.asked).toBe(2);
    await until(() => c.answered === 2);
    // Many more tries: there is no limit.
    for (let i = 3; i <= 12; i++) {
      await vi.advanceTimersByTimeAsync(2_500);
      expect(c.asked).toBe(i);
      await until(() => c.answered === i);
    }
    expect(result).toBeUndefined();
    await test.mine({ blocks: 1 });
    await vi.advanceTimersByTimeAsync(2_500);
    await until(() => result !== undefined);
    expect(c.asked).toBe(13);
    expect(result?.transactionHash).toBe(hash);
    expect(toReceiptInfo(result as TransactionReceipt).status).toBe(1);
  });

  it("waits up to 3.5 s when random() is near 1", async () => {
    const hash = await pendingTransfer();
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const { c, client } = counting();
    const controller = new AbortController();
    const done = waitForReceiptWithRetry(client, hash, { random: () => 0.999_999, signal: controller.signal });
    await until(() => c.answered === 1);
    await vi.advanceTimersByTimeAsync(3_499);
    expect(c.asked).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(c.asked).toBe(2);
    await until(() => c.answered === 2);
    controller.abort(new Error("left the page"));
    await expect(done).rejects.toThrow("left the page");
    await vi.advanceTimersByTimeAsync(10_000);
    expect(c.asked).toBe(2);
    await test.mine({ blocks: 1 });
  });

  it("returns at once when the receipt already exists", async () => {
    const hash = await wallet.sendTransaction({ to: devAddress(6), value: 1n, chain, account });
    await pub.waitForTransactionReceipt({ hash });
    const { c, client } = counting();
    const receipt = await waitForReceiptWithRetry(client, hash);
    expect(receipt.status).toBe("success");
    expect(c.asked).toBe(1);
  });

  it("keeps trying through network failures (logged only)", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const debug = vi.spyOn(console, "debug").mockImplementation(() => {});
    const down = createPublicClient({ chain, transport: http("http://127.0.0.1:1", { retryCount: 0 }) });
    let asked = 0;
    let answered = 0;
    const client: ReceiptClient = {
      getTransactionReceipt: (args) => {
        asked += 1;
        return down.getTransactionReceipt(args).finally(() => {
          answered += 1;
        });
      },
    };
    const controller = new AbortController();
    const done = waitForReceiptWithRetry(client, `0x${"ab".repeat(32)}`, {
      signal: controller.signal,
      random: () => 0,
    });
    done.catch(() => {});
    await until(() => answered === 1);
    await vi.advanceTimersByTimeAsync(2_500);
    await until(() => answered === 2);
    expect(asked).toBe(2);
    expect(debug).toHaveBeenCalled();
    controller.abort(new Error("stop"));
    await expect(done).rejects.toThrow("stop");
    debug.mockRestore();
  });
});

describe("a screen waiting for its own tracked transaction", () => {
  const HASH = `0x${"ab".repeat(32)}`;
  const FROM = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
  const receipt = {
    blockHash: `0x${"cd".repeat(32)}`,
    blockNumber: 7,
    from: FROM,
    status: 1 as const,
    transactionHash: HASH,
    transactionIndex: 0,
  };
  afterEach(() => {
    useTransactions.setState({ byChain: {} });
  });

  it("adds the transaction once; a second add of the same hash keeps the first record", () => {
    trackTransaction({ hash: HASH, from: FROM, chainId: 31337, summary: "Swap 1 ETH for 2 USDT" });
    const first = useTransactions.getState().byChain[31337]?.[HASH];
    expect(first?.summary).toBe("Swap 1 ETH for 2 USDT");
    trackTransaction({ hash: HASH, from: FROM, chainId: 31337, summary: "other" });
    expect(useTransactions.getState().byChain[31337]?.[HASH]).toBe(first);
    // The store itself still refuses a duplicate add with the spec's text.
    expect(() => useTransactions.getState().add({ hash: HASH, from: FROM, chainId: 31337 })).toThrow(
      "Attempted to add existing transaction.",
    );
  });

  it("resolves with the receipt the tracker stores, and not before", async () => {
    trackTransaction({ hash: HASH, from: FROM, chainId: 31337 });
    let settled = false;
    const waiting = waitForTrackedReceipt(31337, HASH).then((r) => {
      settled = true;
      return r;
    });
    useTransactions.getState().checked(31337, HASH, 5);
    await new Promise((r) => setTimeout(r, 10));
    expect(settled).toBe(false);
    useTransactions.getState().finalize(31337, HASH, receipt);
    await expect(waiting).resolves.toEqual(receipt);
  });

  it("rejects when the record leaves the tracker (the list was cleared) or was never there", async () => {
    trackTransaction({ hash: HASH, from: FROM, chainId: 31337 });
    const waiting = waitForTrackedReceipt(31337, HASH);
    useTransactions.getState().clearAll(31337);
    await expect(waiting).rejects.toBeInstanceOf(TransactionUntrackedError);
    await expect(waitForTrackedReceipt(31337, HASH)).rejects.toBeInstanceOf(TransactionUntrackedError);
  });

  it("resolves at once when the receipt is already stored, and rejects when aborted", async () => {
    trackTransaction({ hash: HASH, from: FROM, chainId: 31337 });
    const controller = new AbortController();
    const waiting = waitForTrackedReceipt(31337, HASH, controller.signal);
    controller.abort(new Error("left the page"));
    await expect(waiting).rejects.toThrow("left the page");
    useTransactions.getState().finalize(31337, HASH, receipt);
    await expect(waitForTrackedReceipt(31337, HASH)).resolves.toEqual(receipt);
  });
});
