import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Deployment, loadDeployment } from "@sofi/protocol";
import {
  type Address,
  createPublicClient,
  createWalletClient,
  erc20Abi,
  getContractAddress,
  type Hex,
  http,
  type PublicClient,
  parseAbiItem,
  parseEther,
  parseEventLogs,
} from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { foundry } from "viem/chains";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  controllerAbi,
  integrationRegistryAbi,
  portfolioFactoryAbi,
  portfolioPromotionAbi,
  portfolioTradingModuleAbi,
  sofiAggregatorAbi,
  sofiConverterAbi,
  sofiGovernorAbi,
  sofiTokenAbi,
  timelockControllerAbi,
  uniswapV2ExchangeAdapterAbi,
  uniswapV2PairAbi,
  uniswapV2Router02Abi,
} from "../../packages/protocol/src/abis/index.ts";
import { ANVIL_ACCOUNTS } from "../../packages/protocol/src/deployments/anvil-accounts.ts";
import { type AnvilHandle, getFreePort, startAnvil } from "./anvil.ts";
import { CONVERTER_RESERVE_SOFI } from "./deploy/convert.ts";
import {
  GOVERNANCE_SETTINGS,
  TIMELOCK_ROLES,
  TREASURY_SOFI,
  timelockDelay,
  UNISWAP_V2_ADAPTER_NAME,
  UNISWAP_V2_ADAPTER_NAME_2,
} from "./deploy/index.ts";
import type { DeployStep } from "./deploy/kit.ts";
import { AGGREGATOR_BASE_SYMBOLS, type ContractName, DEPLOY_STEPS, DEPLOYMENTS_DIR, deployAll } from "./deploy.ts";
import { multicall3Bytecode } from "./generated/bytecode.ts";
import { SEED_STEPS, seed } from "./seed.ts";
import { LISTING_CANDIDATE_SPECS, TOKEN_SPECS } from "./tokens.ts";

const DAY = 86400;
/** The convert step's transactions (after the portfolios step): the converter, then mint, approve, deposit. */
const CONVERT_TXS = 4;
/** The promotion step's transaction (after the convert step): the PortfolioPromotion deployment. */
const PROMOTION_TXS = 1;
/** The portfolio-routes step's transactions: the second DEX's adapter, its registration. */
const ROUTES_TXS = 2;
/**
 * The governance step's transactions (last): NOVA, its 4 pairs, the timelock, the governor, the
 * factory's transferOwnership, the hand-over batch scheduled and executed, the treasury's mint.
 */
const GOVERNANCE_TXS = 11;
/**
 * The market step's transactions on 31337 (after governance): ConditionalTokens, the FPMM factory,
 * Reality.eth and its setToken, MarketOracle, MarketArbitrator, MarketRegistry, MarketLens, StakingRewards.
 */
const MARKET_TXS = 9;
/** The races step's transactions (after the market's): HeadTailRaces, transferOwnership to the keeper, its ETH. */
const RACES_TXS = 3;

describe("deployAll + seed on a fresh anvil", () => {
  let anvil: AnvilHandle;
  let deployment: Deployment<ContractName>;
  let client: PublicClient;
  let outDir: string;
  const now = Math.floor(Date.now() / 1000);

  beforeAll(async () => {
    anvil = await startAnvil({ port: await getFreePort(), timestamp: now - 2 * DAY });
    outDir = mkdtempSync(join(tmpdir(), "sofi-deploy-"));
    deployment = await deployAll({ rpcUrl: anvil.rpcUrl, outDir });
    client = createPublicClient({ transport: http(anvil.rpcUrl) }) as PublicClient;
  }, 60_000);

  afterAll(async () => {
    await anvil?.stop();
  });

  it("is deterministic: a fresh deployment equals the committed 31337.json and loadDeployment", () => {
    const committed = JSON.parse(readFileSync(join(DEPLOYMENTS_DIR, "31337.json"), "utf8"));
    expect(deployment).toEqual(committed);
    expect(loadDeployment(31337)).toEqual(committed);
    expect(loadDeployment(1)).toBeUndefined();
  });

  it("writes {chainId}.json and an index with a static import per deployment", () => {
    expect(JSON.parse(readFileSync(join(outDir, "31337.json"), "utf8"))).toEqual(deployment);
    const index = readFileSync(join(outDir, "index.ts"), "utf8");
    expect(index).toContain('import chain31337 from "./31337.json" with { type: "json" };');
    expect(index).toContain("31337: chain31337 as Deployment,");
    // Byte-identical to the committed files, so a local redeploy leaves the work tree clean.
    expect(index).toBe(readFileSync(join(DEPLOYMENTS_DIR, "index.ts"), "utf8"));
    expect(readFileSync(join(outDir, "31337.json"), "utf8")).toBe(
      readFileSync(join(DEPLOYMENTS_DIR, "31337.json"), "utf8"),
    );
  });

  it("fills every field and deploys every token, both DEXes and all pairs", async () => {
    expect(deployment.chainId).toBe(31337);
    expect(deployment.startBlock).toBe(1);
    expect(deployment.deployer).toBe(ANVIL_ACCOUNTS[0]?.address);
    expect(deployment.dexes).toHaveLength(2);
    expect(deployment.tokens.map((t) => t.symbol)).toEqual([
      "WETH",
      ...TOKEN_SPECS.map((t) => t.symbol),
      ...LISTING_CANDIDATE_SPECS.map((t) => t.symbol),
    ]);
    const topics = new Set(deployment.tokens.flatMap((t) => t.tags));
    for (const tag of ["ai", "meme", "rwa", "defi", "base", "stable", "governance"]) expect(topics).toContain(tag);
    // (n - 2) tokens x 2 quotes + WETH/USDT, per DEX
    const n = deployment.tokens.length;
    expect(deployment.pairs).toHaveLength(2 * (2 * (n - 2) + 1));
    for (const addr of [
      deployment.weth,
      deployment.multicall3,
      ...deployment.dexes.flatMap((d) => [d.factory, d.router]),
    ]) {
      expect((await client.getCode({ address: addr }))?.length ?? 0).toBeGreaterThan(2);
    }
    for (const t of deployment.tokens) {
      const [symbol, decimals] = await Promise.all([
        client.readContract({ address: t.address, abi: erc20Abi, functionName: "symbol" }),
        client.readContract({ address: t.address, abi: erc20Abi, functionName: "decimals" }),
      ]);
      expect(symbol).toBe(t.symbol);
      expect(decimals).toBe(t.decimals);
    }
  });

  it("re-running against the same chain with its record deploys nothing new", async () => {
    const nonce = await client.getTransactionCount({ address: deployment.deployer });
    const again = await deployAll({ rpcUrl: anvil.rpcUrl, outDir });
    expect(again).toEqual(deployment);
    expect(await client.getTransactionCount({ address: deployment.deployer })).toBe(nonce);
  });

  it("deploys the aggregator after the pairs, owned by the deployer, with both routers and the common bases", async () => {
    const aggregator = deployment.contracts.aggregator;
    if (!aggregator) throw new Error("contracts.aggregator missing");
    const read = <F extends "getRouters" | "getBases" | "owner">(functionName: F) =>
      client.readContract({ address: aggregator, abi: sofiAggregatorAbi, functionName });
    expect(await read("getRouters")).toEqual(deployment.dexes.map((d) => d.router));
    const bases = AGGREGATOR_BASE_SYMBOLS.map((s) => deployment.tokens.find((t) => t.symbol === s)?.address);
    expect(await read("getBases")).toEqual(bases);
    expect(await read("owner")).toBe(deployment.deployer);
    // Appended after every pair, just before the portfolios step's 9 contracts and 3 set-up calls
    // (and the convert step's transactions).
    const nonce = await client.getTransactionCount({ address: deployment.deployer });
    expect(
      getContractAddress({
        from: deployment.deployer,
        nonce: BigInt(nonce - 13 - CONVERT_TXS - PROMOTION_TXS - ROUTES_TXS - GOVERNANCE_TXS - MARKET_TXS - RACES_TXS),
      }),
    ).toBe(aggregator);
    expect(
      getContractAddress({
        from: deployment.deployer,
        nonce: BigInt(nonce - 12 - CONVERT_TXS - PROMOTION_TXS - ROUTES_TXS - GOVERNANCE_TXS - MARKET_TXS - RACES_TXS),
      }),
    ).toBe(deployment.contracts.setController);
  });

  it("deploys Set Protocol and the portfolio contracts, wired up, with every token allowed but the listing candidates", async () => {
    const c = deployment.contracts;
    const names = [
      "setController",
      "setTokenCreator",
      "setIntegrationRegistry",
      "basicIssuanceModule",
      "streamingFeeModule",
      "tradeModule",
      "uniswapV2ExchangeAdapter",
      "portfolioTradingModule",
      "portfolioFactory",
    ] as const;
    for (const name of names)
      expect((await client.getCode({ address: c[name] }))?.length ?? 0, name).toBeGreaterThan(2);
    const controller = <F extends "isInitialized" | "getFactories" | "getModules" | "getResources">(functionName: F) =>
      client.readContract({ address: c.setController, abi: controllerAbi, functionName });
    expect(await controller("isInitialized")).toBe(true);
    expect(await controller("getFactories")).toEqual([c.setTokenCreator]);
    expect(await controller("getModules")).toEqual([
      c.basicIssuanceModule,
      c.streamingFeeModule,
      c.tradeModule,
      c.portfolioTradingModule,
    ]);
    expect(await controller("getResources")).toEqual([c.setIntegrationRegistry]);
    expect(
      await client.readContract({
        address: c.setIntegrationRegistry,
        abi: integrationRegistryAbi,
        functionName: "getIntegrationAdapter",
        args: [c.tradeModule, UNISWAP_V2_ADAPTER_NAME],
      }),
    ).toBe(c.uniswapV2ExchangeAdapter);
    const allowed = await client.readContract({
      address: c.portfolioFactory,
      abi: portfolioFactoryAbi,
      functionName: "getAllowedTokens",
    });
    const candidates = new Set(LISTING_CANDIDATE_SPECS.map((t) => t.symbol));
    expect(allowed).toEqual(deployment.tokens.filter((t) => !candidates.has(t.symbol)).map((t) => t.address));
    const factory = <F extends "owner" | "tradeModule" | "issuanceModule" | "creator">(functionName: F) =>
      client.readContract({ address: c.portfolioFactory, abi: portfolioFactoryAbi, functionName });
    // The governance step hands the allow-list to the timelock.
    expect(await factory("owner")).toBe(c.timelock);
    expect(await factory("tradeModule")).toBe(c.tradeModule);
    expect(await factory("issuanceModule")).toBe(c.basicIssuanceModule);
    expect(await factory("creator")).toBe(c.setTokenCreator);
    const module = <F extends "owner" | "aggregator" | "weth" | "feeRecipient" | "controller">(functionName: F) =>
      client.readContract({ address: c.portfolioTradingModule, abi: portfolioTradingModuleAbi, functionName });
    expect(await module("owner")).toBe(deployment.deployer);
    expect(await module("aggregator")).toBe(c.aggregator);
    expect(await module("weth")).toBe(deployment.weth);
    expect(await module("feeRecipient")).toBe(deployment.deployer);
    expect(await module("controller")).toBe(c.setController);
    // The portfolios step's last deployment is the factory (then its allow-list; the convert step follows).
    const nonce = await client.getTransactionCount({ address: deployment.deployer });
    expect(
      getContractAddress({
        from: deployment.deployer,
        nonce: BigInt(nonce - 2 - CONVERT_TXS - PROMOTION_TXS - ROUTES_TXS - GOVERNANCE_TXS - MARKET_TXS - RACES_TXS),
      }),
    ).toBe(c.portfolioFactory);
  });

  it("deploys the RAI to SOFI converter after the portfolios, owned by the deployer, with a funded reserve", async () => {
    const converter = deployment.contracts.sofiConverter;
    const read = <F extends "rai" | "sofi" | "owner" | "reserve" | "totalConverted">(functionName: F) =>
      client.readContract({ address: converter, abi: sofiConverterAbi, functionName });
    const token = (s: string) => deployment.tokens.find((t) => t.symbol === s)?.address;
    expect(await read("rai")).toBe(token("RAI"));
    expect(await read("sofi")).toBe(token("SOFI"));
    expect(await read("owner")).toBe(deployment.deployer);
    expect(await read("reserve")).toBe(parseEther(CONVERTER_RESERVE_SOFI));
    expect(await read("totalConverted")).toBe(0n);
    const held = await client.readContract({
      address: token("SOFI") ?? "0x",
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [converter],
    });
    expect(held).toBe(parseEther(CONVERTER_RESERVE_SOFI));
    const nonce = await client.getTransactionCount({ address: deployment.deployer });
    expect(
      getContractAddress({
        from: deployment.deployer,
        nonce: BigInt(nonce - CONVERT_TXS - PROMOTION_TXS - ROUTES_TXS - GOVERNANCE_TXS - MARKET_TXS - RACES_TXS),
      }),
    ).toBe(converter);
  });

  it("deploys the promotion after the converter, owned by the deployer, over SOFI and the portfolio factory", async () => {
    const promotion = deployment.contracts.portfolioPromotion;
    const read = <F extends "sofi" | "factory" | "owner" | "SOFI_PER_HOUR">(functionName: F) =>
      client.readContract({ address: promotion, abi: portfolioPromotionAbi, functionName });
    expect(await read("sofi")).toBe(deployment.tokens.find((t) => t.symbol === "SOFI")?.address);
    expect(await read("factory")).toBe(deployment.contracts.portfolioFactory);
    expect(await read("owner")).toBe(deployment.deployer);
    expect(await read("SOFI_PER_HOUR")).toBe(100n * 10n ** 18n);
    const nonce = await client.getTransactionCount({ address: deployment.deployer });
    expect(
      getContractAddress({
        from: deployment.deployer,
        nonce: BigInt(nonce - PROMOTION_TXS - ROUTES_TXS - GOVERNANCE_TXS - MARKET_TXS - RACES_TXS),
      }),
    ).toBe(promotion);
  });

  it("registers a TradeModule adapter on the second DEX's router last, for rebalances on either DEX", async () => {
    const adapter = deployment.contracts.uniswapV2ExchangeAdapter2;
    expect(
      await client.readContract({
        address: deployment.contracts.setIntegrationRegistry,
        abi: integrationRegistryAbi,
        functionName: "getIntegrationAdapter",
        args: [deployment.contracts.tradeModule, UNISWAP_V2_ADAPTER_NAME_2],
      }),
    ).toBe(adapter);
    expect(
      await client.readContract({ address: adapter, abi: uniswapV2ExchangeAdapterAbi, functionName: "router" }),
    ).toBe(deployment.dexes[1]?.router);
    expect(adapter).not.toBe(deployment.contracts.uniswapV2ExchangeAdapter);
    const nonce = await client.getTransactionCount({ address: deployment.deployer });
    expect(
      getContractAddress({
        from: deployment.deployer,
        nonce: BigInt(nonce - ROUTES_TXS - GOVERNANCE_TXS - MARKET_TXS - RACES_TXS),
      }),
    ).toBe(adapter);
  });

  it("hands the portfolio allow-list to governance last: the timelock owns the factory, the governor alone runs the timelock", async () => {
    const c = deployment.contracts;
    const nonce = await client.getTransactionCount({ address: deployment.deployer });
    // NOVA and its 4 pairs, then the timelock and the governor.
    const first = nonce - GOVERNANCE_TXS - MARKET_TXS - RACES_TXS;
    expect(getContractAddress({ from: deployment.deployer, nonce: BigInt(first) })).toBe(
      deployment.tokens.find((t) => t.symbol === "NOVA")?.address,
    );
    expect(getContractAddress({ from: deployment.deployer, nonce: BigInt(first + 5) })).toBe(c.timelock);
    expect(getContractAddress({ from: deployment.deployer, nonce: BigInt(first + 6) })).toBe(c.sofiGovernor);

    const gov = <F extends string>(functionName: F, args: readonly unknown[] = []) =>
      client.readContract({ address: c.sofiGovernor, abi: sofiGovernorAbi, functionName, args } as never);
    const sofi = deployment.tokens.find((t) => t.symbol === "SOFI")?.address;
    expect(await gov("voteToken")).toBe(sofi);
    expect(await gov("timelock")).toBe(c.timelock);
    expect(await gov("admin")).toBe(deployment.deployer);
    expect(await gov("quorumVoteCount")).toBe(GOVERNANCE_SETTINGS.quorumVoteCount);
    expect(await gov("proposalThresholdCount")).toBe(GOVERNANCE_SETTINGS.proposalThresholdCount);
    expect(await gov("minDuration")).toBe(GOVERNANCE_SETTINGS.minDuration);
    expect(await gov("maxDuration")).toBe(GOVERNANCE_SETTINGS.maxDuration);
    expect(await gov("globalPendingTime")).toBe(GOVERNANCE_SETTINGS.globalPendingTime);
    expect(await gov("CLOCK_MODE")).toBe("mode=timestamp");

    const hasRole = (role: Hex, who: Address) =>
      client.readContract({
        address: c.timelock,
        abi: timelockControllerAbi,
        functionName: "hasRole",
        args: [role, who],
      });
    const R = TIMELOCK_ROLES;
    for (const role of [R.proposer, R.canceller, R.executor]) {
      expect(await hasRole(role, c.sofiGovernor)).toBe(true);
      expect(await hasRole(role, deployment.deployer)).toBe(false);
      expect(await hasRole(role, "0x0000000000000000000000000000000000000000")).toBe(false);
    }
    expect(await hasRole(R.admin, c.timelock)).toBe(true);
    expect(await hasRole(R.admin, deployment.deployer)).toBe(false);
    expect(await hasRole(R.admin, c.sofiGovernor)).toBe(false);
    expect(
      await client.readContract({ address: c.timelock, abi: timelockControllerAbi, functionName: "getMinDelay" }),
    ).toBe(timelockDelay(31337));
    expect(timelockDelay(8453)).toBe(2n * 86400n);

    const factory = <F extends "owner" | "pendingOwner">(functionName: F) =>
      client.readContract({ address: c.portfolioFactory, abi: portfolioFactoryAbi, functionName });
    expect(await factory("owner")).toBe(c.timelock);
    expect(await factory("pendingOwner")).toBe("0x0000000000000000000000000000000000000000");
    expect(
      await client.readContract({
        address: sofi ?? "0x",
        abi: sofiTokenAbi,
        functionName: "balanceOf",
        args: [c.timelock],
      }),
    ).toBe(parseEther(TREASURY_SOFI));

    // NOVA: deployed, paired with WETH and USDT on both DEXes, not on the allow-list.
    const nova = deployment.tokens.at(-1);
    expect(nova?.symbol).toBe("NOVA");
    const novaPairs = deployment.pairs.filter((p) => p.token0 === nova?.address || p.token1 === nova?.address);
    expect(novaPairs).toEqual(deployment.pairs.slice(-4));
    expect(
      await client.readContract({
        address: c.portfolioFactory,
        abi: portfolioFactoryAbi,
        functionName: "isAllowedToken",
        args: [nova?.address ?? "0x"],
      }),
    ).toBe(false);
  });

  describe("after seed(days = 2)", () => {
    let result: Awaited<ReturnType<typeof seed>>;
    beforeAll(async () => {
      result = await seed({ rpcUrl: anvil.rpcUrl, deployment, days: 2, now });
    }, 120_000);

    const bySymbol = (s: string): Address => {
      const t = deployment.tokens.find((x) => x.symbol === s);
      if (!t) throw new Error(s);
      return t.address;
    };
    const quote = (router: Address, amountIn: bigint, path: Address[]) =>
      client.readContract({
        address: router,
        abi: uniswapV2Router02Abi,
        functionName: "getAmountsOut",
        args: [amountIn, path],
      });

    it("leaves governance what two days hold: a canceled proposal and one in review", async () => {
      const gov = <F extends string>(functionName: F, args: readonly unknown[] = []) =>
        client.readContract({
          address: deployment.contracts.sofiGovernor,
          abi: sofiGovernorAbi,
          functionName,
          args,
        } as never) as Promise<unknown>;
      expect(await gov("latestProposalId")).toBe(2n);
      expect(await gov("proposalStatus", [1n])).toBe(2);
      expect(await gov("proposalStatus", [2n])).toBe(0);
    });

    it("ends at the wall-clock time after about two days of hourly blocks with swaps", async () => {
      const head = await client.getBlock({ blockTag: "latest" });
      expect(Number(head.timestamp)).toBe(now);
      expect(result.blocks).toBeGreaterThanOrEqual(47);
      expect(result.swaps).toBeGreaterThan(result.blocks * 3);
      expect(result.fromTimestamp).toBeLessThanOrEqual(now - 2 * DAY + 3600);
    });

    it("gives every pair reserves on both DEXes", async () => {
      for (const p of deployment.pairs) {
        const [r0, r1] = await client.readContract({
          address: p.address,
          abi: uniswapV2PairAbi,
          functionName: "getReserves",
        });
        expect(r0, `${p.address} reserve0`).toBeGreaterThan(0n);
        expect(r1, `${p.address} reserve1`).toBeGreaterThan(0n);
      }
    });

    it("the two routers quote differently, at plausible prices", async () => {
      const [a, b] = deployment.dexes;
      if (!a || !b) throw new Error("two DEXes expected");
      const weth = deployment.weth;
      const usdt = bySymbol("USDT");
      const ethA = (await quote(a.router, parseEther("1"), [weth, usdt]))[1] ?? 0n;
      const ethB = (await quote(b.router, parseEther("1"), [weth, usdt]))[1] ?? 0n;
      expect(ethA).not.toBe(ethB);
      for (const eth of [ethA, ethB]) {
        expect(eth).toBeGreaterThan(parseEther("2000"));
        expect(eth).toBeLessThan(parseEther("4500"));
      }
      const wbtc = bySymbol("WBTC");
      const btc = (await quote(a.router, 10n ** 8n, [wbtc, usdt]))[1] ?? 0n;
      expect(btc).toBeGreaterThan(parseEther("40000"));
      expect(btc).toBeLessThan(parseEther("85000"));
      const usdc = bySymbol("USDC");
      const stable = (await quote(a.router, 1_000_000n, [usdc, usdt]))[1] ?? 0n;
      expect(stable).toBeGreaterThan(parseEther("0.98"));
      expect(stable).toBeLessThan(parseEther("1.02"));
      let differing = 0;
      for (const t of deployment.tokens) {
        if (t.address === usdt) continue;
        const amount = 10n ** BigInt(t.decimals);
        const qa = (await quote(a.router, amount, [t.address, usdt]))[1];
        const qb = (await quote(b.router, amount, [t.address, usdt]))[1];
        if (qa !== qb) differing++;
      }
      expect(differing).toBe(deployment.tokens.length - 1);
    });

    it("has swaps in the last 24 hours", async () => {
      const head = await client.getBlockNumber({ cacheTime: 0 });
      const swap = parseAbiItem(
        "event Swap(address indexed sender, uint amount0In, uint amount1In, uint amount0Out, uint amount1Out, address indexed to)",
      );
      const logs = await client.getLogs({ event: swap, fromBlock: head - 24n, toBlock: head });
      expect(logs.length).toBeGreaterThan(24);
      const pairs = new Set(deployment.pairs.map((p) => p.address.toLowerCase()));
      for (const l of logs) expect(pairs.has(l.address.toLowerCase())).toBe(true);
    });

    it("funds anvil's dev accounts with every token and some WETH", async () => {
      for (const acct of ANVIL_ACCOUNTS) {
        for (const t of deployment.tokens) {
          const bal = await client.readContract({
            address: t.address,
            abi: erc20Abi,
            functionName: "balanceOf",
            args: [acct.address],
          });
          expect(bal, `${t.symbol} of ${acct.address}`).toBeGreaterThan(0n);
        }
      }
      const sofi = await client.readContract({
        address: bySymbol("SOFI"),
        abi: erc20Abi,
        functionName: "balanceOf",
        args: [ANVIL_ACCOUNTS[1]?.address ?? "0x"],
      });
      expect(sofi).toBeGreaterThanOrEqual(parseEther("100000")); // enough to create a proposal
    });

    it("has aggregator trades from seed traders and dev account 0, spread over the days, native in and out", async () => {
      const aggregator = deployment.contracts.aggregator;
      const logs = await client.getContractEvents({
        address: aggregator,
        abi: sofiAggregatorAbi,
        eventName: "Trade",
        fromBlock: BigInt(deployment.startBlock),
      });
      expect(result.trades).toBeGreaterThanOrEqual(10);
      expect(logs).toHaveLength(result.trades);
      const dev = ANVIL_ACCOUNTS[0]?.address;
      const users = new Set(logs.map((l) => l.args.user));
      expect(users).toContain(dev);
      expect(users.size).toBeGreaterThanOrEqual(3);
      const native = "0x0000000000000000000000000000000000000000";
      expect(logs.some((l) => l.args.tokenIn === native)).toBe(true);
      expect(logs.some((l) => l.args.tokenOut === native)).toBe(true);
      expect(logs.some((l) => l.args.tokenIn !== native && l.args.tokenOut !== native)).toBe(true);
      const routers = new Set(deployment.dexes.map((d) => d.router));
      for (const l of logs) {
        expect(routers.has(l.args.router as Address)).toBe(true);
        expect(l.args.recipient).toBe(l.args.user);
        expect(l.args.amountIn).toBeGreaterThan(0n);
        expect(l.args.amountOut).toBeGreaterThan(0n);
      }
      // Over both days, not only the last.
      const first = await client.getBlock({ blockNumber: logs[0]?.blockNumber ?? 0n });
      expect(Number(first.timestamp)).toBeLessThan(now - DAY);
      // The dev account approved exactly what it sold: no allowance left, the swap page still asks.
      const sold = new Set(
        logs.filter((l) => l.args.user === dev && l.args.tokenIn !== native).map((l) => l.args.tokenIn),
      );
      expect(sold.size).toBeGreaterThan(0);
      for (const token of sold) {
        const allowance = await client.readContract({
          address: token as Address,
          abi: erc20Abi,
          functionName: "allowance",
          args: [dev as Address, aggregator],
        });
        expect(allowance).toBe(0n);
      }
    });

    it("leaves automine on", async () => {
      const before = await client.getBlockNumber({ cacheTime: 0 });
      await client.request({ method: "evm_mine" as never, params: [] as never });
      const hash = await client.request({
        method: "eth_sendTransaction" as never,
        params: [{ from: ANVIL_ACCOUNTS[2]?.address, to: ANVIL_ACCOUNTS[3]?.address, value: "0x1" }] as never,
      });
      const receipt = await client.waitForTransactionReceipt({ hash: hash as `0x${string}`, pollingInterval: 50 });
      expect(receipt.blockNumber).toBe(before + 2n);
    });

    it("the aggregator quotes every token on both routers and trades at its best quote", async () => {
      const aggregator = deployment.contracts.aggregator as Address;
      const quote = (amountIn: bigint, tokenIn: Address, tokenOut: Address) =>
        client.readContract({
          address: aggregator,
          abi: sofiAggregatorAbi,
          functionName: "getUniV2Routers",
          args: [amountIn, tokenIn, tokenOut],
        });
      const routers = deployment.dexes.map((d) => d.router);
      const usdt = bySymbol("USDT");
      for (const t of deployment.tokens) {
        if (t.address === usdt) continue;
        const [rs, outs, paths] = await quote(10n ** BigInt(t.decimals), t.address, usdt);
        expect(rs).toEqual(routers);
        for (let i = 0; i < routers.length; i++) {
          expect(outs[i], `${t.symbol} on ${deployment.dexes[i]?.name}`).toBeGreaterThan(0n);
          expect(paths[i]?.[0]).toBe(t.address);
          expect(paths[i]?.at(-1)).toBe(usdt);
        }
      }
      // Two non-base tokens: only through the bases.
      const [, outs, paths] = await quote(parseEther("100"), bySymbol("NAGI"), bySymbol("GPUX"));
      const best = outs[0] !== undefined && outs[1] !== undefined && outs[1] > outs[0] ? 1 : 0;
      expect(outs[best]).toBeGreaterThan(0n);
      const path = paths[best] ?? [];
      expect(path.length).toBeGreaterThanOrEqual(3);

      // A dev account buys GPUX for 1 ETH through the best router, at the quote less 0.5 %.
      const [ethRouters, ethOuts, ethPaths] = await quote(parseEther("1"), deployment.weth, bySymbol("GPUX"));
      const i = (ethOuts[1] ?? 0n) > (ethOuts[0] ?? 0n) ? 1 : 0;
      const expected = ethOuts[i] ?? 0n;
      const dev = ANVIL_ACCOUNTS[7];
      if (!dev) throw new Error("dev account 7");
      const wallet = createWalletClient({
        account: privateKeyToAccount(dev.privateKey),
        transport: http(anvil.rpcUrl),
        chain: foundry,
      });
      const head = await client.getBlock({ blockTag: "latest" });
      const before = await client.readContract({
        address: bySymbol("GPUX"),
        abi: erc20Abi,
        functionName: "balanceOf",
        args: [dev.address],
      });
      const hash: Hex = await wallet.writeContract({
        address: aggregator,
        abi: sofiAggregatorAbi,
        functionName: "tradeTokenByExactETH",
        args: [
          ethRouters[i] as Address,
          ethPaths[i] ?? [],
          (expected * 995n) / 1000n,
          dev.address,
          head.timestamp + 1200n,
        ],
        value: parseEther("1"),
      });
      const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
      expect(receipt.status).toBe("success");
      const after = await client.readContract({
        address: bySymbol("GPUX"),
        abi: erc20Abi,
        functionName: "balanceOf",
        args: [dev.address],
      });
      expect(after - before).toBe(expected);
      const [trade] = parseEventLogs({ abi: sofiAggregatorAbi, eventName: "Trade", logs: receipt.logs });
      expect(trade?.args).toEqual({
        user: dev.address,
        router: ethRouters[i],
        tokenIn: "0x0000000000000000000000000000000000000000",
        tokenOut: bySymbol("GPUX"),
        amountIn: parseEther("1"),
        amountOut: expected,
        recipient: dev.address,
      });
    });
  });
});

describe("deploy and seed steps", () => {
  it("run from one list each, in order, typed by the contract names they write", () => {
    expect(DEPLOY_STEPS.map((s) => s.name)).toEqual([
      "core",
      "dexes",
      "tokens",
      "pairs",
      "aggregator",
      "portfolios",
      "convert",
      "promotion",
      "portfolio-routes",
      "governance",
      "market",
      "races",
    ]);
    expect(SEED_STEPS.map((s) => s.name)).toEqual([
      "tokens",
      "dexes",
      "aggregator",
      "portfolios",
      "governance",
      "market",
      "races",
    ]);
    const names: ContractName[] = DEPLOY_STEPS.flatMap((s) => s.contracts);
    expect(names).toEqual([
      "aggregator",
      "setController",
      "setTokenCreator",
      "setIntegrationRegistry",
      "basicIssuanceModule",
      "streamingFeeModule",
      "tradeModule",
      "uniswapV2ExchangeAdapter",
      "portfolioTradingModule",
      "portfolioFactory",
      "sofiConverter",
      "portfolioPromotion",
      "uniswapV2ExchangeAdapter2",
      "timelock",
      "sofiGovernor",
      "conditionalTokens",
      "fpmmFactory",
      "realityEth",
      "marketOracle",
      "marketArbitrator",
      "marketRegistry",
      "marketLens",
      "stakingRewards",
      "headTailRaces",
    ]);
  });

  it("continue after a failed run from its partial record, and a step appended later deploys only its contracts", async () => {
    const anvil = await startAnvil({ port: await getFreePort() });
    try {
      const client = createPublicClient({ transport: http(anvil.rpcUrl) });
      const outDir = mkdtempSync(join(tmpdir(), "sofi-deploy-partial-"));
      const broken: DeployStep = {
        name: "broken",
        contracts: [],
        run: async () => {
          throw new Error("RPC went away");
        },
      };
      await expect(
        deployAll({ rpcUrl: anvil.rpcUrl, outDir, steps: [...DEPLOY_STEPS.slice(0, 3), broken] }),
      ).rejects.toThrow(/RPC went away/);
      // What the first steps deployed is on disk, and the next run keeps it.
      const partial = JSON.parse(readFileSync(join(outDir, "31337.json"), "utf8")) as Deployment;
      expect(partial.tokens.map((t) => t.symbol)).toEqual(["WETH", ...TOKEN_SPECS.map((t) => t.symbol)]);
      expect(partial.pairs).toEqual([]);
      const deployer = partial.deployer;
      const nonceAfterPartial = await client.getTransactionCount({ address: deployer });
      const full = await deployAll({ rpcUrl: anvil.rpcUrl, outDir });
      // The same addresses as one uninterrupted run: the committed record.
      expect(full).toEqual(JSON.parse(readFileSync(join(DEPLOYMENTS_DIR, "31337.json"), "utf8")));
      // The pairs, the aggregator, the portfolios step's 9 contracts and 3 set-up calls, the convert,
      // promotion, portfolio-routes and governance steps (the candidates' pairs are the latter's).
      const candidatePairs = 2 * LISTING_CANDIDATE_SPECS.length * full.dexes.length;
      const rest =
        full.pairs.length -
        candidatePairs +
        1 +
        9 +
        3 +
        CONVERT_TXS +
        PROMOTION_TXS +
        ROUTES_TXS +
        GOVERNANCE_TXS +
        MARKET_TXS +
        RACES_TXS;
      expect(await client.getTransactionCount({ address: deployer })).toBe(nonceAfterPartial + rest);

      // A capability's step appended to the list: one contract, under its own name.
      const extra: DeployStep<"extra"> = {
        name: "extra",
        contracts: ["extra"],
        async run(ctx, record) {
          const extra =
            (await ctx.live(record.contracts.extra)) ?? (await ctx.deploy("extra", [], multicall3Bytecode, [])).address;
          return { extra };
        },
      };
      const before = await client.getTransactionCount({ address: deployer });
      const withExtra = await deployAll({ rpcUrl: anvil.rpcUrl, outDir, steps: [...DEPLOY_STEPS, extra] });
      expect(await client.getTransactionCount({ address: deployer })).toBe(before + 1);
      expect(withExtra.contracts.extra).toBe(getContractAddress({ from: deployer, nonce: BigInt(before) }));
      const { extra: _, ...withoutExtra } = withExtra.contracts;
      expect({ ...withExtra, contracts: withoutExtra }).toEqual(full);
      // Idempotent with the new step too, and a run without it keeps its contract in the record.
      const again = await deployAll({ rpcUrl: anvil.rpcUrl, outDir });
      expect(again.contracts as Record<string, Address>).toEqual({
        ...full.contracts,
        extra: withExtra.contracts.extra,
      });
      expect(await client.getTransactionCount({ address: deployer })).toBe(before + 1);
    } finally {
      await anvil.stop();
    }
  }, 60_000);
});

describe("deployAll with another deployer key", () => {
  it("deploys from that key, so the same script serves a real network", async () => {
    const anvil = await startAnvil({ port: await getFreePort() });
    try {
      const key = generatePrivateKey();
      const deployer = privateKeyToAccount(key).address;
      const client = createPublicClient({ transport: http(anvil.rpcUrl) });
      await client.request({
        method: "anvil_setBalance" as never,
        params: [deployer, "0x56bc75e2d63100000"] as never, // 100 ETH
      });
      const deployment = await deployAll({ rpcUrl: anvil.rpcUrl, privateKey: key, outDir: false });
      expect(deployment.deployer).toBe(deployer);
      const committed = loadDeployment(31337);
      expect(deployment.weth).not.toBe(committed?.weth); // other deployer, other addresses
      const owner = await client.readContract({
        address: deployment.tokens.find((t) => t.symbol === "SOFI")?.address ?? "0x",
        abi: sofiTokenAbi,
        functionName: "owner",
      });
      expect(owner).toBe(deployer);
    } finally {
      await anvil.stop();
    }
  });
});
