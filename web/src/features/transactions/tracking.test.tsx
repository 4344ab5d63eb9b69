import { type AnvilHandle, getFreePort, startAnvil } from "@sofi/contracts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen, waitFor } from "@testing-library/react";
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  type Hash,
  type Hex,
  http,
  keccak256,
  toHex,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { WagmiProvider } from "wagmi";
import { initI18n } from "../../i18n/index.ts";
import { useBlockNumbers } from "../../kernel/block-number.ts";
import { useSettings } from "../../kernel/settings-store.ts";
import { clearPopups, Toasts, usePopups } from "../shell/index.ts";
import { ANVIL_PRIVATE_KEYS, createWalletConfig, devAddress } from "../wallet/index.ts";
import { RecentTransactions } from "./RecentTransactions.tsx";
import { recordReceipt } from "./receipts.ts";
import { useTransactions } from "./store.ts";
import { TransactionUpdater } from "./TransactionUpdater.tsx";

const CHAIN = 31337;
const chain = {
  id: CHAIN,
  name: "Local",
  nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
  rpcUrls: { default: { http: ["http://127.0.0.1"] } },
} as const;
/** Init code of a contract whose every call reverts (runtime 0x60006000fd: REVERT(0, 0)). */
const REVERTER_INIT: Hex = "0x6005600c60003960056000f360006000fd";

let anvil: AnvilHandle;
let pub: ReturnType<typeof createPublicClient>;
let test: ReturnType<typeof createTestClient>;
let wallet: ReturnType<typeof createWalletClient>;
const account = privateKeyToAccount(ANVIL_PRIVATE_KEYS[0] as Hex);

beforeAll(async () => {
  anvil = await startAnvil({ port: await getFreePort() });
  const transport = http(anvil.rpcUrl);
  pub = createPublicClient({ chain, transport });
  test = createTestClient({ chain, transport, mode: "anvil" });
  wallet = createWalletClient({ chain, transport, account });
  await initI18n("en");
}, 60_000);

afterAll(async () => {
  await anvil?.stop();
});

beforeEach(() => {
  useSettings.setState({ chainId: CHAIN });
  useTransactions.setState({ byChain: {} });
  useBlockNumbers.setState({ byChain: {} });
  clearPopups();
});

afterEach(() => {
  Object.defineProperty(document, "visibilityState", { value: "visible", configurable: true });
});

function Harness() {
  const config = createWalletConfig({
    chains: [{ id: CHAIN, suffix: "local", name: "Local", rpcUrl: anvil.rpcUrl, deployment: null }],
    selectedChainId: CHAIN,
  });
  return (
    <WagmiProvider config={config} reconnectOnMount={false}>
      <QueryClientProvider client={new QueryClient()}>
        <TransactionUpdater pollingIntervalMs={100} />
        <RecentTransactions account={account.address} />
        <Toasts />
      </QueryClientProvider>
    </WagmiProvider>
  );
}

const tracked = (hash: string) => useTransactions.getState().byChain[CHAIN]?.[hash];
const head = async () => Number(await pub.getBlockNumber({ cacheTime: 0 }));
/** A hash no node knows: its receipt never arrives, so it stays pending. */
const unknownHash = (seed: string): Hash => keccak256(toHex(`sofi-never-mined-${seed}-${Math.random()}`));

describe("TransactionUpdater on a real anvil chain", () => {
  it("finalizes a mined transaction with its receipt and shows the success popup with the summary", async () => {
    const hash = await wallet.sendTransaction({ to: devAddress(1), value: 1n, chain, account });
    useTransactions.getState().add({ hash, from: account.address, chainId: CHAIN, summary: "Send 1 wei" });
    render(<Harness />);
    expect(screen.getByTestId(`recent-tx-${hash}`).dataset.state).toBe("pending");

    await waitFor(() => expect(tracked(hash)?.receipt).toBeDefined(), { timeout: 10_000 });
    const receipt = await pub.getTransactionReceipt({ hash });
    expect(tracked(hash)?.receipt).toEqual({
      blockHash: receipt.blockHash,
      blockNumber: Number(receipt.blockNumber),
      contractAddress: null,
      from: account.address.toLowerCase(),
      status: 1,
      to: devAddress(1).toLowerCase(),
      transactionHash: hash,
      transactionIndex: receipt.transactionIndex,
    });
    expect(tracked(hash)?.confirmedTime).toBeTypeOf("number");
    expect(usePopups.getState().popups).toMatchObject([
      { key: hash, content: { kind: "tx", hash, success: true, summary: "Send 1 wei" } },
    ]);
    expect(await screen.findByText("Send 1 wei", { selector: ".toast-title" })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId(`recent-tx-${hash}`).dataset.state).toBe("success"));
    expect(screen.getByRole("img", { name: "Succeeded" })).toBeTruthy();
  });

  it("a reverted transaction gives the failure popup", async () => {
    const deployHash = await wallet.deployContract({ abi: [], bytecode: REVERTER_INIT, chain, account });
    const { contractAddress } = await pub.waitForTransactionReceipt({ hash: deployHash });
    expect(contractAddress).toBeTruthy();
    const hash = await wallet.sendTransaction({
      to: contractAddress as Hex,
      data: "0x12345678",
      gas: 100_000n,
      chain,
      account,
    });
    useTransactions.getState().add({ hash, from: account.address, chainId: CHAIN, summary: "Doomed call" });
    render(<Harness />);
    await waitFor(() => expect(tracked(hash)?.receipt?.status).toBe(0), { timeout: 10_000 });
    expect(usePopups.getState().popups).toMatchObject([
      { key: hash, content: { kind: "tx", hash, success: false, summary: "Doomed call" } },
    ]);
    await waitFor(() => expect(screen.getByTestId(`recent-tx-${hash}`).dataset.state).toBe("failure"));
    expect(screen.getByRole("img", { name: "Failed" })).toBeTruthy();
  });

  it("follows a pending transaction again after a reload (persisted store)", async () => {
    const hash = await wallet.sendTransaction({ to: devAddress(2), value: 2n, chain, account });
    useTransactions.getState().add({ hash, from: account.address, chainId: CHAIN, summary: "Before reload" });
    const persisted = localStorage.getItem("sofi_transactions");
    expect(persisted).toContain(hash);
    // A reload: the in-memory state is gone, the persisted one comes back.
    useTransactions.setState({ byChain: {} });
    localStorage.setItem("sofi_transactions", persisted as string);
    await useTransactions.persist.rehydrate();
    expect(tracked(hash)?.receipt).toBeUndefined();
    render(<Harness />);
    await waitFor(() => expect(tracked(hash)?.receipt?.status).toBe(1), { timeout: 10_000 });
    expect(usePopups.getState().popups.map((p) => p.key)).toEqual([hash]);
  });

  it("never announces a receipt twice: one already stored by the sender's own tracking is left alone", async () => {
    const hash = await wallet.sendTransaction({ to: devAddress(3), value: 3n, chain, account });
    useTransactions.getState().add({ hash, from: account.address, chainId: CHAIN, summary: "Once" });
    const receipt = await pub.waitForTransactionReceipt({ hash });
    expect(recordReceipt(CHAIN, receipt)).toBe(true);
    expect(recordReceipt(CHAIN, receipt)).toBe(false);
    const confirmed = tracked(hash)?.confirmedTime;
    render(<Harness />);
    await test.mine({ blocks: 2 });
    await new Promise((r) => setTimeout(r, 600));
    expect(usePopups.getState().popups.map((p) => p.key)).toEqual([hash]);
    expect(tracked(hash)?.confirmedTime).toBe(confirmed);
    // Nothing pending: the updater does not follow the head at all.
    expect(useBlockNumbers.getState().byChain[CHAIN]).toBeUndefined();
  });

  it("checks by age and blocks passed: a young one at every block, a 10-minute-old one after more than 2", async () => {
    const start = await head();
    const young = unknownHash("young");
    const old = unknownHash("old");
    const s = useTransactions.getState();
    s.add({ hash: young, from: account.address, chainId: CHAIN, summary: "Young" });
    s.add({ hash: old, from: account.address, chainId: CHAIN, summary: "Old" });
    // The old one was added 10 minutes ago and last checked at the current head.
    const oldRecord = tracked(old);
    if (!oldRecord) throw new Error("not added");
    useTransactions.setState((st) => ({
      byChain: {
        [CHAIN]: {
          ...st.byChain[CHAIN],
          [old]: { ...oldRecord, addedTime: Date.now() - 10 * 60_000, lastCheckedBlockNumber: start },
        },
      },
    }));
    render(<Harness />);
    // Never checked → checked at the first block seen.
    await waitFor(() => expect(tracked(young)?.lastCheckedBlockNumber).toBe(start), { timeout: 10_000 });
    for (let i = 1; i <= 3; i++) {
      await test.mine({ blocks: 1 });
      await waitFor(() => expect(tracked(young)?.lastCheckedBlockNumber).toBe(start + i), { timeout: 10_000 });
      // The young one was checked at this block; the old one only once more than 2 blocks passed.
      await new Promise((r) => setTimeout(r, 150));
      expect(tracked(old)?.lastCheckedBlockNumber).toBe(i < 3 ? start : start + 3);
    }
    expect(tracked(young)?.receipt).toBeUndefined();
    expect(usePopups.getState().popups).toEqual([]);
  });

  it("asks for the receipts of all due transactions in one batched HTTP request", async () => {
    const hashes = [unknownHash("a"), unknownHash("b"), unknownHash("c")];
    for (const hash of hashes) useTransactions.getState().add({ hash, from: account.address, chainId: CHAIN });
    const bodies: unknown[] = [];
    const realFetch = globalThis.fetch;
    const spy = vi.spyOn(globalThis, "fetch").mockImplementation((input, init) => {
      if (String(input instanceof Request ? input.url : input).startsWith(anvil.rpcUrl) && init?.body) {
        bodies.push(JSON.parse(String(init.body)));
      }
      return realFetch(input, init);
    });
    try {
      render(<Harness />);
      await waitFor(() => expect(hashes.every((h) => tracked(h)?.lastCheckedBlockNumber !== undefined)).toBe(true), {
        timeout: 10_000,
      });
      const receiptRequests = bodies.filter((b) =>
        (Array.isArray(b) ? b : [b]).some((r) => (r as { method: string }).method === "eth_getTransactionReceipt"),
      );
      expect(receiptRequests).toHaveLength(1);
      const batch = (receiptRequests[0] as { method: string; params: string[] }[]).filter(
        (r) => r.method === "eth_getTransactionReceipt",
      );
      expect(batch).toHaveLength(3);
      expect(batch.map((r) => r.params[0]).sort()).toEqual([...hashes].sort());
    } finally {
      spy.mockRestore();
    }
  });

  it("pauses block tracking while the tab is hidden and resumes when it is shown", async () => {
    const start = await head();
    const hash = unknownHash("hidden");
    useTransactions.getState().add({ hash, from: account.address, chainId: CHAIN });
    render(<Harness />);
    await waitFor(() => expect(tracked(hash)?.lastCheckedBlockNumber).toBe(start), { timeout: 10_000 });
    act(() => {
      Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
      document.dispatchEvent(new Event("visibilitychange"));
    });
    await test.mine({ blocks: 2 });
    await new Promise((r) => setTimeout(r, 700));
    expect(useBlockNumbers.getState().byChain[CHAIN]).toBe(start);
    expect(tracked(hash)?.lastCheckedBlockNumber).toBe(start);
    act(() => {
      Object.defineProperty(document, "visibilityState", { value: "visible", configurable: true });
      document.dispatchEvent(new Event("visibilitychange"));
    });
    await waitFor(() => expect(tracked(hash)?.lastCheckedBlockNumber).toBe(start + 2), { timeout: 10_000 });
  });

  it("does not follow the head when the chain has no pending transaction", async () => {
    render(<Harness />);
    await new Promise((r) => setTimeout(r, 500));
    expect(useBlockNumbers.getState().byChain[CHAIN]).toBeUndefined();
    expect(screen.getByTestId("recent-tx-empty").textContent).toBe("Your transactions will appear here.");
  });
});
