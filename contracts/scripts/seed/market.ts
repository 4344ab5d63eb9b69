/**
 * Prediction markets and the staking pool (issue 19), so /predict shows every state on a fresh chain.
 * At the end of the history ("now") there are seven markets, by creation (MarketLens status):
 * - three open ones (0), one of them created with odds (a distribution hint);
 * - one closed and awaiting its answer (1): its resolution time passed a few hours ago;
 * - one answered (2): a seed trader answered with the minimum bond, another re-answered with double
 *   the bond, and the second answer's timeout is not over;
 * - one disputed (3): two answers, then a dispute sent to the arbitrator (governance's timelock);
 * - one resolved (5): answered, final after the timeout, reported by MarketOracle.resolve, and
 *   redeemed by most of its winners (anvil account 0, the dev wallet, keeps its winning shares to redeem).
 * Markets are created by the deployer (the registry's owner locally; SOFI minted to it) as far back as
 * the history reaches; seed traders and anvil accounts 0-3 buy (bounded by the lens's 1 % rule), sell,
 * add and remove funding between creation and resolution, at most one trade per market per block, on
 * an exact model of each pool (market-model.ts) that `verify` checks against the chain. The resolution
 * steps use fixed times in the last two days, so a 2-day test seed has every state too.
 * Staking: the seed's liquidity provider gives SOFI/WETH liquidity tokens to three seed traders and
 * anvil accounts 1-2, who stake over the history; the deployer (the rewards distributor locally) mints
 * STAKING_REWARD_SOFI to the pool and announces it in the first history block (60 days of rewards).
 */
import { type Address, encodeFunctionData, type Hex, maxUint256, parseEther, toHex } from "viem";
import {
  conditionalTokensAbi,
  fixedProductMarketMakerAbi,
  marketArbitratorAbi,
  marketLensAbi,
  marketOracleAbi,
  marketRegistryAbi,
  realityEthAbi,
  sofiTokenAbi,
  stakingRewardsAbi,
  uniswapV2PairAbi,
} from "../../../packages/protocol/src/abis/index.ts";
import { ANVIL_ACCOUNTS } from "../../../packages/protocol/src/deployments/anvil-accounts.ts";
import { type HistoryBlock, type SeedStep, units } from "./kit.ts";
import { lessSlippage, ONE, PoolModel } from "./market-model.ts";

const DAY = 86_400;
const HOUR = 3_600;
const GAS = {
  mint: 200_000n,
  approve: 100_000n,
  create: 4_000_000n,
  trade: 700_000n,
  fund: 700_000n,
  answer: 300_000n,
  dispute: 300_000n,
  resolve: 300_000n,
  redeem: 300_000n,
  stake: 400_000n,
  notify: 300_000n,
  transfer: 200_000n,
};

/** SOFI the staking pool pays out over its 60 days. */
export const STAKING_REWARD_SOFI = "3000000";
/** SOFI the deployer mints for the markets' initial funding. */
const CREATOR_SOFI = parseEther("1000000");
/** The slippage of the seed's trades (basis points): the web's bound rule. */
const SLIPPAGE_BPS = 100n;
/** The registry's answer timeout (MARKET_SETTINGS.answerTimeout). */
const MARKET_TIMEOUT = 86_400;

const svg = (bg: string, fg: string, glyph: string) =>
  `data:image/svg+xml;base64,${Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${bg}"/><text x="32" y="42" font-family="Arial,sans-serif" font-size="26" font-weight="700" fill="${fg}" text-anchor="middle">${glyph}</text></svg>`,
  ).toString("base64")}`;

/** Who answers, disputes or trades: a seed trader's index or an anvil account's. */
type Who = { trader: number } | { anvil: number };
type Answer = { at: number; answer: 0 | 1 | "invalid"; by: Who };

export type MarketPlan = {
  key: string;
  title: string;
  description: string;
  photo: string;
  outcomes: [string, string];
  /** Days before the end of the history (clamped to the history). */
  createAt: number;
  /** Days from the end of the history: positive open, negative already passed. */
  resolution: number;
  fee: bigint;
  /** Whole SOFI. */
  funding: number;
  hint?: [bigint, bigint];
  /** Trades between creation and resolution (fewer when the history is short). */
  trades: number;
  /** Chance that a buy takes outcome 0. */
  bias: number;
  answers?: Answer[];
  disputeAt?: { at: number; by: Who };
  resolveAt?: number;
  /** Days before the end when the winners (but the dev wallet) redeem. */
  redeemAt?: number;
  /** MarketLens status at the end. */
  expected: number;
};

export const MARKET_PLANS: readonly MarketPlan[] = [
  {
    key: "eth-4k",
    title: "Will ETH close above $4,000 on the last day of the quarter?",
    description:
      "Resolves Yes if the ETH/USD daily close on the last day of this quarter is above $4,000, by the CoinGecko daily close. Otherwise No.",
    photo: "/tokens/eth.svg",
    outcomes: ["Yes", "No"],
    createAt: 27,
    resolution: 40,
    fee: parseEther("0.02"),
    funding: 20_000,
    trades: 40,
    bias: 0.55,
    expected: 0,
  },
  {
    key: "resolved-btc",
    title: "Will BTC trade above $60,000 at the resolution time?",
    description: "Resolves Yes if BTC/USD is above $60,000 at the resolution time (CoinGecko). Otherwise No.",
    photo: "/tokens/btc.svg",
    outcomes: ["Yes", "No"],
    createAt: 22,
    resolution: -1.7,
    fee: parseEther("0.02"),
    funding: 10_000,
    trades: 28,
    bias: 0.7,
    answers: [{ at: 1.65, answer: 0, by: { trader: 1 } }],
    resolveAt: 0.6,
    redeemAt: 0.5,
    expected: 5,
  },
  {
    key: "closed-sofi",
    title: "Will the SOFI treasury hold more than 5M SOFI at the end of the month?",
    description:
      "Resolves Yes if the governance timelock holds more than 5,000,000 SOFI at the resolution time, as read on chain. Otherwise No.",
    photo: "/tokens/sofi.svg",
    outcomes: ["Yes", "No"],
    createAt: 18,
    resolution: -0.1,
    fee: parseEther("0.02"),
    funding: 5_000,
    trades: 22,
    bias: 0.35,
    expected: 1,
  },
  {
    key: "disputed-nova",
    title: "Did NOVA's WETH pool pass $500,000 of liquidity?",
    description:
      "Resolves Yes if NOVA's WETH pool on uniswap-v2 held more than $500,000 of liquidity at the resolution time. Disputed answers go to governance.",
    photo: svg("#1b2a4a", "#8ab4ff", "N"),
    outcomes: ["Yes", "No"],
    createAt: 14,
    resolution: -1.3,
    fee: parseEther("0.02"),
    funding: 8_000,
    trades: 24,
    bias: 0.5,
    answers: [
      { at: 1.25, answer: 0, by: { trader: 2 } },
      { at: 1.1, answer: 1, by: { trader: 3 } },
    ],
    disputeAt: { at: 0.9, by: { trader: 2 } },
    expected: 3,
  },
  {
    key: "answered-gov",
    title: "Will the proposal to lower the stake pass its vote?",
    description:
      "Resolves Yes if the governance proposal 'Lower the proposal stake to 50,000 SOFI' is passed when its vote ends. Otherwise No.",
    photo: svg("#12372a", "#5fe3a1", "§"),
    outcomes: ["Yes", "No"],
    createAt: 10,
    resolution: -0.6,
    fee: parseEther("0.02"),
    funding: 6_000,
    trades: 20,
    bias: 0.6,
    answers: [
      { at: 0.5, answer: 0, by: { trader: 4 } },
      { at: 0.3, answer: 1, by: { trader: 5 } },
    ],
    expected: 2,
  },
  {
    key: "ai-portfolios",
    title: "Will an AI-built portfolio top the 30-day returns?",
    description:
      "Resolves Yes if a portfolio made with the AI builder has the best 30-day return on the managers list at the resolution time. Otherwise No.",
    photo: svg("#3b1f5c", "#d6b3ff", "AI"),
    outcomes: ["Yes", "No"],
    createAt: 6,
    resolution: 12,
    fee: parseEther("0.02"),
    funding: 4_000,
    trades: 16,
    bias: 0.45,
    expected: 0,
  },
  {
    key: "gold-rwa",
    title: "Will tokenized gold (GOLDX) outperform WBTC this quarter?",
    description:
      "Resolves Yes if GOLDX's price change over this quarter is higher than WBTC's, by the DEX prices at the start and the resolution time. Otherwise No.",
    photo: svg("#4a3a10", "#ffd76a", "Au"),
    outcomes: ["Yes", "No"],
    createAt: 1.2,
    resolution: 75,
    fee: parseEther("0.01"),
    funding: 3_000,
    hint: [3n, 1n],
    trades: 10,
    bias: 0.6,
    expected: 0,
  },
];

/** A step of the plan; `run` returning false waits for a later block. */
type Event = { at: number; order: number; market: number; run: () => unknown };

type Live = {
  plan: MarketPlan;
  index: number;
  address?: Address;
  questionId?: Hex;
  conditionId?: Hex;
  positionIds?: [bigint, bigint];
  pool: PoolModel;
  createdAt: number;
  closesAt: number;
  /** Outcome tokens and shares per account, as the model knows them. */
  holdings: Map<Address, { tokens: [bigint, bigint]; shares: bigint }>;
  bond: bigint;
  /** When the last answer becomes final (0 while unanswered). */
  finalAt: number;
  resolved?: boolean;
  /** Accounts that approved the market for their SOFI / outcome tokens. */
  approved: Set<string>;
  approvedTokens: Set<string>;
};

export const marketSeed: SeedStep = {
  name: "market",
  start(ctx) {
    const c = ctx.deployment.contracts as Record<string, Address | undefined>;
    const registry = c.marketRegistry;
    const lens = c.marketLens;
    const sofi = ctx.deployment.tokens.find((t) => t.symbol === "SOFI")?.address;
    const enabled =
      !!registry &&
      !!lens &&
      !!c.realityEth &&
      !!c.conditionalTokens &&
      !!c.marketOracle &&
      !!c.marketArbitrator &&
      !!sofi;
    const rand = ctx.random("market");
    const { end, start: historyStart } = ctx.history;
    const historyDays = (end - historyStart) / DAY;
    const deployer = ctx.deployment.deployer;
    const anvil = (i: number): Address => {
      const a = ANVIL_ACCOUNTS[i]?.address as Address | undefined;
      if (!a || !ctx.fundAccounts.includes(a)) throw new Error(`seed market: anvil account ${i} is not funded`);
      return a;
    };
    const who = (w: Who): Address =>
      "trader" in w ? (ctx.traders[w.trader] ?? ctx.traders[0] ?? ctx.lp) : anvil(w.anvil);
    const devTraders = [0, 1, 2, 3]
      .map((i) => ANVIL_ACCOUNTS[i]?.address as Address)
      .filter((a) => ctx.fundAccounts.includes(a));
    const traders: Address[] = [...ctx.traders, ...devTraders];
    const devWallet = devTraders[0];
    const markets: Live[] = [];
    /** Plans the history is too short for. */
    const skipped: string[] = [];
    let events: Event[] = [];
    let baseCount = 0n;
    let created = 0;
    /** The timestamp of the history block being built. */
    let now = 0;
    const counts = {
      buys: 0,
      sells: 0,
      funded: 0,
      defunded: 0,
      answers: 0,
      disputes: 0,
      resolved: 0,
      redeemed: 0,
      staked: 0,
    };
    const send = (from: Address, to: Address, data: Hex, gas: bigint) => ctx.sender.add({ from, to, data, gas });
    const sofiCall = (functionName: string, args: readonly unknown[]) =>
      encodeFunctionData({ abi: sofiTokenAbi, functionName, args } as never);
    const at = (days: number) => end - Math.round(days * DAY);

    const hold = (m: Live, a: Address) => {
      let h = m.holdings.get(a);
      if (!h) {
        h = { tokens: [0n, 0n], shares: 0n };
        m.holdings.set(a, h);
      }
      return h;
    };
    const approveSofi = (m: Live, a: Address) => {
      if (m.approved.has(a)) return;
      m.approved.add(a);
      send(a, sofi as Address, sofiCall("approve", [m.address, maxUint256]), GAS.approve);
    };
    const approveTokens = (m: Live, a: Address) => {
      if (m.approvedTokens.has(a)) return;
      m.approvedTokens.add(a);
      send(
        a,
        c.conditionalTokens as Address,
        encodeFunctionData({
          abi: conditionalTokensAbi,
          functionName: "setApprovalForAll",
          args: [m.address as Address, true],
        }),
        GAS.approve,
      );
    };
    const fpmm = (functionName: string, args: readonly unknown[]) =>
      encodeFunctionData({ abi: fixedProductMarketMakerAbi, functionName, args } as never);

    /** One random trade on `m` by a random account. */
    const trade = (m: Live) => {
      if (!m.address) return;
      const a = traders[Math.floor(rand() * traders.length)] as Address;
      const h = hold(m, a);
      const dice = rand();
      if (dice < 0.2 && (h.tokens[0] > ONE || h.tokens[1] > ONE)) {
        const i: 0 | 1 = h.tokens[0] >= h.tokens[1] ? 0 : 1;
        const tokens = (h.tokens[i] * BigInt(Math.floor(30 + rand() * 70))) / 100n;
        const full = m.pool.sellReturn(tokens, i);
        if (full === 0n) return;
        const ret = lessSlippage(full, SLIPPAGE_BPS);
        approveTokens(m, a);
        const sold = m.pool.sell(ret, i);
        h.tokens[i] -= sold;
        send(a, m.address, fpmm("sell", [ret, BigInt(i), tokens]), GAS.trade);
        counts.sells++;
        return;
      }
      if (dice < 0.26) {
        const amount = units(200 + rand() * 1_500, 18);
        approveSofi(m, a);
        const { shares, sentBack } = m.pool.fund(amount);
        h.shares += shares;
        h.tokens[0] += sentBack[0];
        h.tokens[1] += sentBack[1];
        send(a, m.address, fpmm("addFunding", [amount, []]), GAS.fund);
        counts.funded++;
        return;
      }
      if (dice < 0.3 && h.shares > 0n) {
        const shares = h.shares / 2n;
        if (shares === 0n) return;
        const sent = m.pool.defund(shares);
        h.shares -= shares;
        h.tokens[0] += sent[0];
        h.tokens[1] += sent[1];
        send(a, m.address, fpmm("removeFunding", [shares]), GAS.fund);
        counts.defunded++;
        return;
      }
      const i: 0 | 1 = rand() < m.plan.bias ? 0 : 1;
      const amount = units(15 * Math.exp(rand() * 3.5), 18);
      const expected = m.pool.calcBuyAmount(amount, i);
      if (expected === 0n) return;
      approveSofi(m, a);
      m.pool.buy(amount, i);
      h.tokens[i] += expected;
      send(a, m.address, fpmm("buy", [amount, BigInt(i), lessSlippage(expected, SLIPPAGE_BPS)]), GAS.trade);
      counts.buys++;
    };

    const answerBytes = (a: Answer["answer"]): Hex => toHex(a === "invalid" ? maxUint256 : BigInt(a), { size: 32 });

    function plan(): void {
      const plans = MARKET_PLANS.map((p) => ({ ...p, createAt: Math.min(p.createAt, historyDays - 0.05) })).sort(
        (a, b) => b.createAt - a.createAt,
      );
      plans.forEach((p) => {
        const index = markets.length;
        const createdAt = at(p.createAt);
        const resolutionTime = end + Math.round(p.resolution * DAY);
        const m: Live = {
          plan: p,
          index,
          pool: new PoolModel(p.fee),
          createdAt,
          closesAt: Math.min(resolutionTime, end) - HOUR,
          holdings: new Map(),
          bond: 0n,
          finalAt: 0,
          approved: new Set(),
          approvedTokens: new Set(),
        };
        // A plan is made only when the history reaches back far enough for its life cycle.
        const firstStep = Math.min(
          resolutionTime,
          ...(p.answers ?? []).map((a) => at(a.at)),
          ...(p.disputeAt ? [at(p.disputeAt.at)] : []),
        );
        if (historyDays < 0.1 || createdAt < historyStart || createdAt + 2 * HOUR >= firstStep) {
          skipped.push(p.key);
          return;
        }
        markets.push(m);
        events.push({
          at: createdAt,
          order: 0,
          market: -1,
          run: () => {
            const funding = parseEther(String(p.funding));
            send(
              deployer,
              registry as Address,
              encodeFunctionData({
                abi: marketRegistryAbi,
                functionName: "createMarket",
                args: [
                  {
                    title: p.title,
                    description: p.description,
                    photo: p.photo,
                    outcomeNames: p.outcomes,
                    resolutionTime: BigInt(resolutionTime),
                    fee: p.fee,
                    initialFunding: funding,
                    distributionHint: p.hint ?? [],
                  },
                ],
              }),
              GAS.create,
            );
            const { shares, sentBack } = m.pool.fund(funding, p.hint);
            const h = hold(m, deployer);
            h.shares += shares;
            h.tokens = [h.tokens[0] + sentBack[0], h.tokens[1] + sentBack[1]];
            created++;
          },
        });
        // Trades, spread over the open time (an hour after creation, once the pool's address is read).
        const from = createdAt + HOUR;
        const span = m.closesAt - from;
        const n = Math.max(3, Math.min(p.trades, Math.floor(span / HOUR)));
        for (let k = 0; k < n; k++) {
          const t = from + Math.floor(rand() * span);
          events.push({
            at: t,
            order: 2,
            market: index,
            run: () => {
              // A trade pushed past the market's close by busier blocks is dropped.
              if (now < m.closesAt) trade(m);
              return true;
            },
          });
        }
        // Fixed buys of outcome 0: the dev wallet in two markets (it keeps the resolved one's to
        // redeem), and two seed traders in the market that resolves (the winners who redeem).
        const fixed: { account: Address | undefined; at: number }[] = [];
        if (p.key === "eth-4k" || p.key === "resolved-btc") fixed.push({ account: devWallet, at: 0.5 });
        if (p.redeemAt !== undefined)
          fixed.push({ account: ctx.traders[0], at: 0.2 }, { account: ctx.traders[1], at: 0.7 });
        for (const f of fixed) {
          const account = f.account;
          if (!account) continue;
          events.push({
            at: from + Math.floor(span * f.at),
            order: 1,
            market: index,
            run: () => {
              const amount = parseEther("250");
              const expected = m.pool.calcBuyAmount(amount, 0);
              approveSofi(m, account);
              m.pool.buy(amount, 0);
              hold(m, account).tokens[0] += expected;
              send(
                account,
                m.address as Address,
                fpmm("buy", [amount, 0n, lessSlippage(expected, SLIPPAGE_BPS)]),
                GAS.trade,
              );
              counts.buys++;
            },
          });
        }
        for (const a of p.answers ?? []) {
          events.push({
            at: at(a.at),
            order: 3,
            market: index,
            run: () => {
              const bond = m.bond === 0n ? parseEther("10") : m.bond * 2n;
              m.bond = bond;
              m.finalAt = now + MARKET_TIMEOUT;
              send(
                who(a.by),
                c.realityEth as Address,
                encodeFunctionData({
                  abi: realityEthAbi,
                  functionName: "submitAnswerERC20",
                  args: [m.questionId as Hex, answerBytes(a.answer), 0n, bond],
                }),
                GAS.answer,
              );
              counts.answers++;
            },
          });
        }
        if (p.disputeAt) {
          const d = p.disputeAt;
          events.push({
            at: at(d.at),
            order: 4,
            market: index,
            run: () => {
              send(
                who(d.by),
                c.marketArbitrator as Address,
                encodeFunctionData({
                  abi: marketArbitratorAbi,
                  functionName: "requestArbitration",
                  args: [m.questionId as Hex, 0n],
                }),
                GAS.dispute,
              );
              counts.disputes++;
            },
          });
        }
        if (p.resolveAt !== undefined) {
          events.push({
            at: at(p.resolveAt),
            order: 5,
            market: index,
            run: () => {
              // Not before the answer is final (an answer may have waited for a busy block).
              if (m.finalAt === 0 || now < m.finalAt + 60) return false;
              m.resolved = true;
              send(
                ctx.traders[0] ?? deployer,
                c.marketOracle as Address,
                encodeFunctionData({ abi: marketOracleAbi, functionName: "resolve", args: [m.questionId as Hex] }),
                GAS.resolve,
              );
              counts.resolved++;
            },
          });
        }
        if (p.redeemAt !== undefined) {
          const redeemAt = p.redeemAt;
          events.push({
            at: at(redeemAt),
            order: 6,
            market: index,
            run: () => {
              if (!m.resolved) return false;
              // Winners of outcome 0 (the plans' answers) redeem, but the dev wallet.
              for (const [a, h] of m.holdings) {
                if (a === devWallet || a === deployer || h.tokens[0] === 0n) continue;
                send(
                  a,
                  c.conditionalTokens as Address,
                  encodeFunctionData({
                    abi: conditionalTokensAbi,
                    functionName: "redeemPositions",
                    args: [sofi as Address, `0x${"0".repeat(64)}`, m.conditionId as Hex, [1n, 2n]],
                  }),
                  GAS.redeem,
                );
                h.tokens = [0n, 0n];
                counts.redeemed++;
              }
            },
          });
        }
      });
    }

    // ---------------------------------------------------------------- staking
    const stakers = [
      ctx.traders[0],
      ctx.traders[1],
      ctx.traders[2],
      ANVIL_ACCOUNTS[1]?.address,
      ANVIL_ACCOUNTS[2]?.address,
    ].filter((a): a is Address => !!a && (ctx.traders.includes(a) || ctx.fundAccounts.includes(a)));
    let lpToken: Address | undefined;
    const stakeAmounts = new Map<Address, bigint>();
    let stakedTotal = 0n;
    let stakeEvents: { at: number; run: () => void }[] = [];

    async function setupStaking(): Promise<void> {
      const pool = c.stakingRewards;
      if (!pool) return;
      lpToken = (await ctx.client.readContract({
        address: pool,
        abi: stakingRewardsAbi,
        functionName: "stakingToken",
      })) as Address;
      const lpBalance = await ctx.client.readContract({
        address: lpToken,
        abi: uniswapV2PairAbi,
        functionName: "balanceOf",
        args: [ctx.lp],
      });
      // A quarter of the provider's liquidity tokens go to the pool: some its own, the rest the stakers'.
      const share = lpBalance / 4n / BigInt(stakers.length + 1);
      for (const [k, a] of stakers.entries()) {
        const amount = (share * BigInt(40 + 30 * k)) / 100n;
        stakeAmounts.set(a, amount);
        send(
          ctx.lp,
          lpToken,
          encodeFunctionData({ abi: uniswapV2PairAbi, functionName: "transfer", args: [a, amount] }),
          GAS.transfer,
        );
      }
      stakeAmounts.set(ctx.lp, share);
      const reward = parseEther(STAKING_REWARD_SOFI);
      const first = historyStart + 30 * 60;
      stakeEvents.push({
        at: first,
        run: () => {
          send(deployer, sofi as Address, sofiCall("mint", [pool, reward]), GAS.mint);
          send(
            deployer,
            pool,
            encodeFunctionData({ abi: stakingRewardsAbi, functionName: "notifyRewardAmount", args: [reward] }),
            GAS.notify,
          );
        },
      });
      const span = end - first;
      [ctx.lp, ...stakers].forEach((a, k) => {
        stakeEvents.push({
          at: first + Math.floor((span * k) / (stakers.length + 2)) + HOUR,
          run: () => {
            send(
              a,
              lpToken as Address,
              encodeFunctionData({ abi: uniswapV2PairAbi, functionName: "approve", args: [pool, maxUint256] }),
              GAS.approve,
            );
            send(
              a,
              pool,
              encodeFunctionData({ abi: stakingRewardsAbi, functionName: "stake", args: [stakeAmounts.get(a) ?? 0n] }),
              GAS.stake,
            );
            counts.staked++;
            stakedTotal += stakeAmounts.get(a) ?? 0n;
          },
        });
      });
    }

    return {
      async setup() {
        if (!enabled) {
          ctx.log("no market contracts: no markets");
          return;
        }
        baseCount = await ctx.client.readContract({
          address: registry as Address,
          abi: marketRegistryAbi,
          functionName: "marketCount",
        });
        const owner = await ctx.client.readContract({
          address: registry as Address,
          abi: marketRegistryAbi,
          functionName: "owner",
        });
        if (owner.toLowerCase() !== deployer.toLowerCase())
          throw new Error("seed market: the deployer does not own the registry");
        send(deployer, sofi as Address, sofiCall("mint", [deployer, CREATOR_SOFI]), GAS.mint);
        send(deployer, sofi as Address, sofiCall("approve", [registry, maxUint256]), GAS.approve);
        // Answerers and disputers approve Reality.eth and the arbitrator.
        for (const a of new Set([...ctx.traders])) {
          send(a, sofi as Address, sofiCall("approve", [c.realityEth, maxUint256]), GAS.approve);
          send(a, sofi as Address, sofiCall("approve", [c.marketArbitrator, maxUint256]), GAS.approve);
        }
        plan();
        await setupStaking();
      },

      async block(block: HistoryBlock) {
        if (!enabled) return;
        // Markets created in an earlier block get their addresses and ids from the chain.
        for (const m of markets) {
          if (m.address || m.createdAt >= block.timestamp || markets.indexOf(m) >= created) continue;
          const address = await ctx.client.readContract({
            address: registry as Address,
            abi: marketRegistryAbi,
            functionName: "marketAt",
            args: [baseCount + BigInt(m.index)],
          });
          const r = await ctx.client.readContract({
            address: registry as Address,
            abi: marketRegistryAbi,
            functionName: "getMarket",
            args: [address],
          });
          m.address = address;
          m.questionId = r.questionId;
          m.conditionId = r.conditionId;
          m.positionIds = [r.positionIds[0], r.positionIds[1]];
        }
        now = block.timestamp;
        // The life-cycle steps (create, answer, dispute, resolve, redeem) before trades.
        const due = events
          .filter((e) => e.at <= block.timestamp)
          .sort((a, b) => Number(a.order === 2) - Number(b.order === 2) || a.at - b.at || a.order - b.order);
        const busy = new Set<number>();
        const later: Event[] = [];
        for (const e of due) {
          // One transaction per market per block (the model stays exact), after its address is known.
          if (e.market >= 0 && (busy.has(e.market) || !markets[e.market]?.address)) {
            later.push(e);
            continue;
          }
          if ((await e.run()) === false) {
            later.push(e);
            continue;
          }
          if (e.market >= 0) busy.add(e.market);
        }
        events = [...events.filter((e) => e.at > block.timestamp), ...later];
        const stakes = stakeEvents.filter((e) => e.at <= block.timestamp);
        stakeEvents = stakeEvents.filter((e) => e.at > block.timestamp);
        for (const s of stakes) s.run();
      },

      pending() {
        return events.length;
      },

      async verify() {
        for (const m of markets) {
          if (!m.address || !m.positionIds) continue;
          const [b, supply] = await Promise.all([
            ctx.client.readContract({
              address: lens as Address,
              abi: marketLensAbi,
              functionName: "getPoolBalances",
              args: [m.address],
            }),
            ctx.client.readContract({
              address: m.address,
              abi: fixedProductMarketMakerAbi,
              functionName: "totalSupply",
            }),
          ]);
          if (b[0] !== m.pool.balances[0] || b[1] !== m.pool.balances[1] || supply !== m.pool.supply)
            throw new Error(`seed market: ${m.plan.key}'s pool drifted from the model (a trade failed?)`);
        }
      },

      async finish() {
        if (!enabled) return;
        if (events.length > 0) throw new Error(`seed market: ${events.length} steps never ran`);
        for (const m of markets) {
          const s = await ctx.client.readContract({
            address: lens as Address,
            abi: marketLensAbi,
            functionName: "getMarketState",
            args: [m.address as Address],
          });
          if (s.status !== m.plan.expected)
            throw new Error(`seed market: ${m.plan.key} is status ${s.status}, expected ${m.plan.expected}`);
        }
        if (c.stakingRewards) {
          const staked = await ctx.client.readContract({
            address: c.stakingRewards,
            abi: stakingRewardsAbi,
            functionName: "totalSupply",
          });
          const expected = stakedTotal;
          if (staked !== expected)
            throw new Error(`seed market: ${staked} liquidity tokens staked, expected ${expected}`);
        }
        if (skipped.length > 0) ctx.log(`market: the history is too short for ${skipped.join(", ")}`);
        ctx.log(
          `market: ${markets.length} markets (${markets.map((m) => `${m.plan.key} ${m.plan.expected}`).join(", ")}), ` +
            `${counts.buys} buys, ${counts.sells} sells, ${counts.funded + counts.defunded} funding changes, ` +
            `${counts.answers} answers, ${counts.disputes} dispute, ${counts.redeemed} redemptions, ${counts.staked} stakes`,
        );
      },
    };
  },
};
