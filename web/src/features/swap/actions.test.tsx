/**
 * The swap page's chain work on a real anvil chain with the product's own deploy + seed: quotes
 * through SofiAggregator, price-impact reserves, approve, trades and wraps sent by the dev wallet
 * through wagmi, receipts followed by the real TransactionUpdater, and the spec's error texts
 * (000 §8) from real reverts.
 */
import { type AnvilHandle, deployAll, getFreePort, SEED_STEPS, seed, startAnvil } from "@sofi/contracts";
import { minimumAmountOut, priceImpactBps, SWAP_ERRORS } from "@sofi/core";
import { type Deployment, erc20Abi, uniswapV2Router02Abi, weth9Abi } from "@sofi/protocol";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act } from "@testing-library/react";
import { createRoot, type Root } from "react-dom/client";
import { type Address, maxUint256, type PublicClient, parseEther } from "viem";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { WagmiProvider } from "wagmi";
import { connect, getPublicClient } from "wagmi/actions";
import { initI18n } from "../../i18n/index.ts";
import { useSettings } from "../../kernel/settings-store.ts";
import { approveIfNeeded, sendWrite, TransactionUpdater, useTransactions, WriteError } from "../transactions/index.ts";
import { createWalletConfig, devAddress, setDevAccountIndex } from "../wallet/index.ts";
import { approveToken, sendTrade, sendWrap } from "./actions.ts";
import { quoteExactIn, quoteExactOut, routeReserves } from "./quote.ts";

const CHAIN = 31337;
const ACCOUNT = 4;
const me = devAddress(ACCOUNT);

let anvil: AnvilHandle;
let deployment: Deployment;
let aggregator: Address;
let config: ReturnType<typeof createWalletConfig>;
let client: PublicClient;
let updaterRoot: Root | undefined;
const sym = (s: string) => {
  const t = deployment.tokens.find((x) => x.symbol === s);
  if (!t) throw new Error(`no ${s}`);
  return t.address;
};
const ctx = () => ({ config, client, chainId: CHAIN, account: me });
const balanceOf = (token: Address, who: Address = me) =>
  client.readContract({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [who] });

beforeAll(async () => {
  const now = Math.floor(Date.now() / 1000);
  anvil = await startAnvil({ port: await getFreePort(), timestamp: now - 86_400 });
  deployment = await deployAll({ rpcUrl: anvil.rpcUrl, outDir: false });
  aggregator = deployment.contracts.aggregator as Address;
  // The swap needs tokens, pools and the aggregator's history only; the other capabilities' steps
  // plan their states over two days of blocks, which this short seed does not mine.
  const steps = SEED_STEPS.filter((s) => ["tokens", "dexes", "aggregator"].includes(s.name));
  await seed({ rpcUrl: anvil.rpcUrl, deployment, days: 1, now, blockInterval: 6 * 3600, steps });
  await initI18n("en");
  useSettings.setState({ chainId: CHAIN });
  config = createWalletConfig({
    chains: [{ id: CHAIN, suffix: "local", name: "Local", rpcUrl: anvil.rpcUrl, deployment }],
    selectedChainId: CHAIN,
  });
  client = getPublicClient(config, { chainId: CHAIN }) as PublicClient;
  // The product's receipt follower, mounted once for the file (outside testing-library's per-test
  // cleanup: wagmi's provider drops live connections each time it mounts). The actions wait on it
  // instead of polling themselves.
  updaterRoot = createRoot(document.createElement("div"));
  await act(async () => {
    updaterRoot?.render(
      <WagmiProvider config={config} reconnectOnMount={false}>
        <QueryClientProvider client={new QueryClient()}>
          <TransactionUpdater pollingIntervalMs={100} />
        </QueryClientProvider>
      </WagmiProvider>,
    );
  });
  setDevAccountIndex(ACCOUNT);
  const dev = config.connectors.find((c) => c.id === "devWallet");
  if (!dev) throw new Error("no dev wallet connector");
  await connect(config, { connector: dev, chainId: CHAIN });
}, 300_000);

afterAll(async () => {
  act(() => updaterRoot?.unmount());
  await anvil?.stop();
});

beforeEach(() => {
  useSettings.setState({ chainId: CHAIN });
  // The test setup clears localStorage after each test, where the dev wallet keeps its account.
  setDevAccountIndex(ACCOUNT);
});

describe("quotes", () => {
  it("exact input: the best router's output is the largest any router gives for its path", async () => {
    const amountIn = parseEther("2");
    const q = await quoteExactIn(client, deployment, aggregator, amountIn, deployment.weth, sym("DAI"), false);
    expect(q).not.toBeNull();
    for (const dex of deployment.dexes) {
      for (const path of [
        [deployment.weth, sym("DAI")],
        [deployment.weth, sym("USDT"), sym("DAI")],
      ]) {
        const amounts = await client.readContract({
          address: dex.router,
          abi: uniswapV2Router02Abi,
          functionName: "getAmountsOut",
          args: [amountIn, path],
        });
        expect(q?.amountOut).toBeGreaterThanOrEqual(amounts[amounts.length - 1] as bigint);
      }
    }
    expect(q?.routerName).toMatch(/uniswap-v2|sushiswap/);
    expect(q?.path[0]).toBe(deployment.weth);
    expect(q?.path.at(-1)).toBe(sym("DAI"));
  });

  it("single hop only returns direct routes", async () => {
    const q = await quoteExactIn(client, deployment, aggregator, parseEther("1"), sym("RAI"), sym("DAI"), true);
    // RAI and DAI have no direct pair: every token is paired with WETH and USDT only.
    expect(q).toBeNull();
    const multi = await quoteExactIn(client, deployment, aggregator, parseEther("1"), sym("RAI"), sym("DAI"), false);
    expect(multi?.path.length).toBeGreaterThan(2);
  });

  it("exact output: the input asked for buys at least the output on the chosen router", async () => {
    const want = parseEther("100");
    const q = await quoteExactOut(client, deployment, aggregator, want, deployment.weth, sym("USDT"), false);
    expect(q).not.toBeNull();
    const amounts = await client.readContract({
      address: q?.router as Address,
      abi: uniswapV2Router02Abi,
      functionName: "getAmountsOut",
      args: [q?.amountIn as bigint, q?.path as Address[]],
    });
    expect(amounts.at(-1)).toBeGreaterThanOrEqual(want);
    // One wei less would not be enough (getAmountsIn is the exact minimum).
    const less = await client.readContract({
      address: q?.router as Address,
      abi: uniswapV2Router02Abi,
      functionName: "getAmountsOut",
      args: [(q?.amountIn as bigint) - 2n, q?.path as Address[]],
    });
    expect(less.at(-1)).toBeLessThan(want);
  });

  it("route reserves are the same whether the deployment lists the pairs or the factory is asked", async () => {
    const path = [sym("RAI"), deployment.weth, sym("USDT")];
    const router = deployment.dexes[0]?.router as Address;
    const listed = await routeReserves(client, deployment, router, path);
    const unlisted = await routeReserves(client, { ...deployment, pairs: [] }, router, path);
    expect(listed).toHaveLength(2);
    expect(unlisted).toEqual(listed);
    for (const [rIn, rOut] of listed ?? []) {
      expect(rIn).toBeGreaterThan(0n);
      expect(rOut).toBeGreaterThan(0n);
    }
    // Oriented in path order: a small trade's own output shows next to no impact, a big one a lot.
    for (const reserves of [listed, unlisted]) {
      for (const [amount, low, high] of [
        [parseEther("0.01"), 0, 5],
        [parseEther("1000000"), 300, 10_000],
      ] as const) {
        const amounts = await client.readContract({
          address: router,
          abi: uniswapV2Router02Abi,
          functionName: "getAmountsOut",
          args: [amount, path],
        });
        const impact = priceImpactBps(amount, amounts.at(-1) as bigint, reserves ?? []);
        expect(impact).toBeGreaterThanOrEqual(low);
        expect(impact).toBeLessThanOrEqual(high);
      }
    }
    // A hop without a pair has no reserves.
    expect(await routeReserves(client, { ...deployment, pairs: [] }, router, [sym("RAI"), sym("DAI")])).toBeNull();
  });
});

describe("approve, trade and wrap with the dev wallet", () => {
  it("approves an unlimited amount first and tracks the approval", async () => {
    const ok = await approveToken(ctx(), sym("RAI"), aggregator, parseEther("5"), "Approve RAI");
    expect(ok).toBe(true);
    expect(
      await client.readContract({
        address: sym("RAI"),
        abi: erc20Abi,
        functionName: "allowance",
        args: [me, aggregator],
      }),
    ).toBe(maxUint256);
    const records = Object.values(useTransactions.getState().byChain[CHAIN] ?? {});
    const approval = records.find((r) => r.summary === "Approve RAI");
    expect(approval?.approval).toEqual({ tokenAddress: sym("RAI"), spender: aggregator });
    expect(approval?.receipt?.status).toBe(1);
  });

  it("approves only when needed (the transactor reads the allowance first)", async () => {
    const covered = await approveIfNeeded(ctx(), {
      token: sym("RAI"),
      spender: aggregator,
      amount: parseEther("5"),
      summary: "never sent",
    });
    expect(covered).toBeNull();
    const other = devAddress(8);
    const sent = await approveIfNeeded(ctx(), {
      token: sym("RAI"),
      spender: other,
      amount: parseEther("1"),
      summary: "Approve RAI for 8",
    });
    expect(sent).not.toBeNull();
    expect(await sent?.done).toBe(true);
    expect(
      await client.readContract({ address: sym("RAI"), abi: erc20Abi, functionName: "allowance", args: [me, other] }),
    ).toBe(maxUint256);
  });

  it("approves the exact amount when estimating the unlimited approval fails (UNI/COMP-style tokens)", async () => {
    // Such tokens revert on approvals above 2^96; the chain stays real, only the estimate of the
    // unlimited approval is refused as such a token would.
    const refusing = new Proxy(client, {
      get(target, prop, receiver) {
        if (prop !== "estimateContractGas") return Reflect.get(target, prop, receiver);
        return (args: { args?: readonly unknown[] }) =>
          args.args?.[1] === maxUint256
            ? Promise.reject(new Error("Uni::approve: amount exceeds 96 bits"))
            : target.estimateContractGas(args as never);
      },
    });
    const amount = parseEther("7");
    const ok = await approveToken({ ...ctx(), client: refusing }, sym("DAI"), aggregator, amount, "Approve DAI");
    expect(ok).toBe(true);
    expect(
      await client.readContract({
        address: sym("DAI"),
        abi: erc20Abi,
        functionName: "allowance",
        args: [me, aggregator],
      }),
    ).toBe(amount);
  });

  it("swaps ETH for USDT: at least the minimum arrives, the trade is tracked to its receipt", async () => {
    const amountIn = parseEther("0.5");
    const q = await quoteExactIn(client, deployment, aggregator, amountIn, deployment.weth, sym("USDT"), false);
    if (!q) throw new Error("no quote");
    const minOut = minimumAmountOut(q.amountOut, 50);
    const before = await balanceOf(sym("USDT"));
    const { hash, done } = await sendTrade(
      ctx(),
      {
        aggregator,
        router: q.router,
        path: q.path,
        amountIn,
        amountOutMin: minOut,
        recipient: me,
        deadlineSeconds: 1200,
        inputNative: true,
        outputNative: false,
      },
      "Swap 0.5 ETH for USDT",
    );
    expect(useTransactions.getState().byChain[CHAIN]?.[hash]?.summary).toBe("Swap 0.5 ETH for USDT");
    expect(await done).toBe(true);
    const got = (await balanceOf(sym("USDT"))) - before;
    expect(got).toBeGreaterThanOrEqual(minOut);
    expect(got).toBe(q.amountOut); // nothing else traded in between
  });

  it("swaps a token for ETH to another recipient", async () => {
    const other = devAddress(7);
    const amountIn = parseEther("3");
    const q = await quoteExactIn(client, deployment, aggregator, amountIn, sym("RAI"), deployment.weth, false);
    if (!q) throw new Error("no quote");
    const before = await client.getBalance({ address: other });
    const { done } = await sendTrade(
      ctx(),
      {
        aggregator,
        router: q.router,
        path: q.path,
        amountIn,
        amountOutMin: minimumAmountOut(q.amountOut, 50),
        recipient: other,
        deadlineSeconds: 1200,
        inputNative: false,
        outputNative: true,
      },
      "Swap 3 RAI for ETH",
    );
    expect(await done).toBe(true);
    expect((await client.getBalance({ address: other })) - before).toBe(q.amountOut);
  });

  it("a minimum above what the route gives fails at estimation with the slippage text and sends nothing", async () => {
    const amountIn = parseEther("1");
    const q = await quoteExactIn(client, deployment, aggregator, amountIn, deployment.weth, sym("USDT"), false);
    if (!q) throw new Error("no quote");
    const nonce = await client.getTransactionCount({ address: me });
    await expect(
      sendTrade(
        ctx(),
        {
          aggregator,
          router: q.router,
          path: q.path,
          amountIn,
          amountOutMin: q.amountOut + 1n,
          recipient: me,
          deadlineSeconds: 1200,
          inputNative: true,
          outputNative: false,
        },
        "never sent",
      ),
    ).rejects.toThrow(SWAP_ERRORS.slippage);
    expect(await client.getTransactionCount({ address: me })).toBe(nonce);
  });

  it("another revert gives the token text with the contract's reason", async () => {
    await expect(
      sendTrade(
        ctx(),
        {
          aggregator,
          router: devAddress(9), // not a registered router
          path: [deployment.weth, sym("USDT")],
          amountIn: parseEther("1"),
          amountOutMin: 1n,
          recipient: me,
          deadlineSeconds: 1200,
          inputNative: true,
          outputNative: false,
        },
        "never sent",
      ),
    ).rejects.toThrow(SWAP_ERRORS.revert("SofiAggregator: UNKNOWN_ROUTER"));
  });

  it("wraps and unwraps the native coin", async () => {
    const before = await balanceOf(deployment.weth);
    const wrap = await sendWrap(ctx(), deployment.weth, "wrap", parseEther("2"), "Wrap 2 ETH to WETH");
    expect(await wrap.done).toBe(true);
    expect((await balanceOf(deployment.weth)) - before).toBe(parseEther("2"));
    const unwrap = await sendWrap(ctx(), deployment.weth, "unwrap", parseEther("1.5"), "Unwrap 1.5 WETH to ETH");
    expect(await unwrap.done).toBe(true);
    expect((await balanceOf(deployment.weth)) - before).toBe(parseEther("0.5"));
  });

  it("refreshes the chain reads and the keys a write names once its receipt is in (the transactor)", async () => {
    const queryClient = new QueryClient();
    const stale = (key: unknown[]) => queryClient.getQueryState(key)?.isInvalidated ?? false;
    for (const key of [
      ["balance", { chainId: CHAIN }],
      ["readContracts", { chainId: CHAIN }],
      ["api", "trades"],
      ["x"],
    ]) {
      queryClient.setQueryData(key, 1);
    }
    const sent = await sendWrite(
      { ...ctx(), queryClient },
      {
        call: { address: deployment.weth, abi: weth9Abi, functionName: "deposit", value: 1n },
        summary: "Wrap 1 wei",
        invalidate: [["api", "trades"]],
      },
    );
    expect(stale(["balance", { chainId: CHAIN }])).toBe(false);
    expect(await sent.done).toBe(true);
    expect(stale(["balance", { chainId: CHAIN }])).toBe(true);
    expect(stale(["readContracts", { chainId: CHAIN }])).toBe(true);
    expect(stale(["api", "trades"])).toBe(true);
    expect(stale(["x"])).toBe(false);
    expect(useTransactions.getState().byChain[CHAIN]?.[sent.hash]?.summary).toBe("Wrap 1 wei");
  });

  it("a failed estimate is a WriteError at the estimate stage, and nothing is sent", async () => {
    const count = Object.keys(useTransactions.getState().byChain[CHAIN] ?? {}).length;
    const err = await sendWrite(ctx(), {
      call: { address: deployment.weth, abi: weth9Abi, functionName: "withdraw", args: [maxUint256] },
      summary: "never sent",
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WriteError);
    expect((err as WriteError).stage).toBe("estimate");
    expect(Object.keys(useTransactions.getState().byChain[CHAIN] ?? {}).length).toBe(count);
  });
});
