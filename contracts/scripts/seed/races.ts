/**
 * Head and Tail races (issue 20): rounds over the history so /headTail is real on a fresh chain. At
 * the end of the history ("now") there are, by creation (RACE_PLANS; hours from now):
 * - settled price rounds (WETH, WBTC, RAI against USDT) with head or tail from the pools' TWAPs, and
 *   settled event rounds (team A won, a draw), with predictions from anvil accounts 0-9 and the seed's
 *   racers: the dev wallet (account 0) has a history and points;
 * - cancelled rounds: a price round nobody joined (cancelled once its predictions closed) and an
 *   event the operator called off;
 * - in the game: a WBTC price round whose start price is observed (the keeper observes its end
 *   after the seed) and an event round waiting for the operator's result;
 * - open: a WETH and a RAI price round and an event round, with predictions from accounts 1-9 and
 *   racers, none from account 0 (the dev wallet and the e2e tests predict there);
 * - upcoming: a WBTC price round and an event round whose predictions open later.
 * Before the last two days, one settled price round a day (tokens in turn, some nobody joined:
 * cancelled) and an event round every five days.
 * The keeper (the contract's owner: anvil account 12 on the local chain) creates the rounds and, like
 * the server's keeper job, takes every price observation in the first block inside its half-window
 * and settles: the window is three block intervals of the history (3 h, 45 min in its last day) so a
 * block always falls inside; rounds that run after the seed average over RACE_LIVE_WINDOW. A plan
 * is made only when the history reaches back to its creation and its window fits its round (a 2-day
 * history has the last two days' plans). At the end every plan's state must be the expected one.
 */
import { type Address, encodeFunctionData, getAddress, type Hex, numberToHex } from "viem";
import { headTailRacesAbi } from "../../../packages/protocol/src/abis/index.ts";
import { addressFromLabel, type SeedStep } from "./kit.ts";

const HOUR = 3_600;
const DAY = 86_400;
const GAS = { create: 800_000n, predict: 150_000n, checkpoint: 300_000n, settle: 300_000n };

/** The TWAP window (seconds) of rounds whose observations come after the seed (the keeper's). */
export const RACE_LIVE_WINDOW = 600;
/** Points shown as a round's pool (`totalRewards`, whole points: display only). */
export const RACE_REWARDS = { price: 1_000n, event: 5_000n } as const;

/** Seed racers: impersonated addresses from labels, beside anvil's dev accounts. */
export const RACE_PLAYERS: readonly Address[] = Array.from({ length: 10 }, (_, i) =>
  getAddress(addressFromLabel(`sofi-seed-racer-${i + 1}`)),
);

/** A player: an anvil dev account (by index into the funded accounts) or a seed racer. */
export type RacePlayer = { anvil: number } | { racer: number };

export type RaceExpectation = "upcoming" | "open" | "inGame" | "settled" | "cancelled";

/** One seeded round; times in hours from the end of the history (negative: before). */
export type RacePlan = {
  key: string;
  kind: "price" | "event";
  /** Price rounds: the token against USDT. */
  symbol?: string;
  /** Event rounds: the event's name and teams. */
  name?: string;
  teamA?: string;
  teamB?: string;
  startPredict: number;
  endPredict: number;
  startRound: number;
  endRound: number;
  /** Who predicts (spread over the prediction window, before the end of the history). */
  players: RacePlayer[];
  /** Share of them on side 1 (head / team A); the sides are drawn from the step's stream. */
  headShare: number;
  /** Event rounds: the operator's result and when (hours). */
  settle?: { result: 1 | 2 | 3 | 4; at: number };
  /** The state at the end of the history. */
  expected: RaceExpectation;
  /** Event rounds: the expected result. */
  result?: number;
};

const anvil = (...ids: number[]): RacePlayer[] => ids.map((i) => ({ anvil: i }));
const racers = (...ids: number[]): RacePlayer[] => ids.map((i) => ({ racer: i }));

/** The last two days' rounds. */
export const RACE_PLANS: readonly RacePlan[] = [
  {
    key: "wethSettled",
    kind: "price",
    symbol: "WETH",
    startPredict: -40,
    endPredict: -36,
    startRound: -36,
    endRound: -30,
    players: [...anvil(0, 1, 2, 3), ...racers(0, 1, 2, 3, 4, 5)],
    headShare: 0.6,
    expected: "settled",
  },
  {
    key: "finalSettled",
    kind: "event",
    name: "K-League final",
    teamA: "Seoul Dragons",
    teamB: "Busan Sharks",
    startPredict: -38,
    endPredict: -30,
    startRound: -30,
    endRound: -27,
    players: [...anvil(0, 2, 4, 5), ...racers(1, 3, 5, 6, 7, 8, 9)],
    headShare: 0.55,
    settle: { result: 1, at: -26.5 },
    expected: "settled",
    result: 1,
  },
  {
    key: "wbtcSettled",
    kind: "price",
    symbol: "WBTC",
    startPredict: -34,
    endPredict: -31,
    startRound: -31,
    endRound: -25,
    players: [...anvil(0, 1, 5), ...racers(2, 4, 6, 8)],
    headShare: 0.4,
    expected: "settled",
  },
  {
    key: "raiNobody",
    kind: "price",
    symbol: "RAI",
    startPredict: -30,
    endPredict: -27,
    startRound: -27,
    endRound: -21,
    players: [],
    headShare: 0.5,
    expected: "cancelled",
  },
  {
    key: "drawSettled",
    kind: "event",
    name: "Cup semi-final",
    teamA: "Incheon United",
    teamB: "Daegu FC",
    startPredict: -20,
    endPredict: -12,
    startRound: -12,
    endRound: -10,
    players: [...anvil(0, 3, 6), ...racers(0, 2, 4, 7)],
    headShare: 0.5,
    settle: { result: 3, at: -9.5 },
    expected: "settled",
    result: 3,
  },
  {
    key: "eventCalledOff",
    kind: "event",
    name: "Cup quarter-final",
    teamA: "Gwangju Tigers",
    teamB: "Suwon Bluewings",
    startPredict: -18,
    endPredict: -6,
    startRound: -6,
    endRound: -4,
    players: [...anvil(2, 7), ...racers(1, 6)],
    headShare: 0.5,
    settle: { result: 4, at: -8 },
    expected: "cancelled",
    result: 4,
  },
  {
    key: "wethRecent",
    kind: "price",
    symbol: "WETH",
    startPredict: -14,
    endPredict: -8,
    startRound: -8,
    endRound: -4,
    players: [...anvil(0, 1, 4, 8), ...racers(0, 3, 5, 9)],
    headShare: 0.5,
    expected: "settled",
  },
  {
    key: "wbtcInGame",
    kind: "price",
    symbol: "WBTC",
    startPredict: -6,
    endPredict: -2,
    startRound: -2,
    endRound: 2,
    players: [...anvil(0, 2, 3, 6), ...racers(1, 2, 7, 8)],
    headShare: 0.6,
    expected: "inGame",
  },
  {
    key: "eventInGame",
    kind: "event",
    name: "League round 12",
    teamA: "Ulsan Whales",
    teamB: "Jeonbuk Motors",
    startPredict: -10,
    endPredict: -1,
    startRound: -1,
    endRound: 3,
    players: [...anvil(0, 1, 5, 9), ...racers(0, 4, 6, 8, 9)],
    headShare: 0.45,
    expected: "inGame",
  },
  {
    key: "wethOpen",
    kind: "price",
    symbol: "WETH",
    startPredict: -3,
    endPredict: 3,
    startRound: 3,
    endRound: 4,
    players: [...anvil(1, 2, 4, 7), ...racers(2, 3, 5)],
    headShare: 0.7,
    expected: "open",
  },
  {
    key: "eventOpen",
    kind: "event",
    name: "League round 13",
    teamA: "Busan Sharks",
    teamB: "Seoul Dragons",
    startPredict: -5,
    endPredict: 6,
    startRound: 6,
    endRound: 8,
    players: [...anvil(3, 8), ...racers(1, 7)],
    headShare: 0.5,
    expected: "open",
  },
  {
    key: "raiOpen",
    kind: "price",
    symbol: "RAI",
    startPredict: -1.5,
    endPredict: 2,
    startRound: 2,
    endRound: 3,
    players: [...anvil(5, 6), ...racers(4)],
    headShare: 0.3,
    expected: "open",
  },
  {
    key: "wbtcUpcoming",
    kind: "price",
    symbol: "WBTC",
    startPredict: 1,
    endPredict: 3,
    startRound: 3,
    endRound: 4,
    players: [],
    headShare: 0.5,
    expected: "upcoming",
  },
  {
    key: "eventUpcoming",
    kind: "event",
    name: "League round 14",
    teamA: "Daegu FC",
    teamB: "Incheon United",
    startPredict: 12,
    endPredict: 24,
    startRound: 24,
    endRound: 26,
    players: [],
    headShare: 0.5,
    expected: "upcoming",
  },
];

/** Tokens of the daily price rounds, in turn. */
const SERIES_SYMBOLS = ["WETH", "WBTC", "RAI"] as const;
const SERIES_TEAMS = [
  ["Seoul Dragons", "Ulsan Whales"],
  ["Busan Sharks", "Gwangju Tigers"],
  ["Jeonbuk Motors", "Suwon Bluewings"],
  ["Daegu FC", "Seoul Dragons"],
  ["Incheon United", "Busan Sharks"],
  ["Ulsan Whales", "Jeonbuk Motors"],
] as const;

/** Daily rounds before the last two days (days 3 to 29 before the end), drawn from the stream. */
function seriesPlans(rand: () => number): RacePlan[] {
  const out: RacePlan[] = [];
  for (let day = 29; day >= 3; day--) {
    const d = -24 * day;
    const nobody = rand() < 0.12;
    const count = nobody ? 0 : 3 + Math.floor(rand() * 8);
    const pool: RacePlayer[] = [...anvil(0, 1, 2, 3, 4, 5, 6, 7, 8, 9), ...racers(0, 1, 2, 3, 4, 5, 6, 7, 8, 9)];
    const players: RacePlayer[] = [];
    for (let i = 0; i < count; i++) players.push(pool.splice(Math.floor(rand() * pool.length), 1)[0] as RacePlayer);
    out.push({
      key: `daily-${day}`,
      kind: "price",
      symbol: SERIES_SYMBOLS[day % SERIES_SYMBOLS.length],
      startPredict: d - 12,
      endPredict: d - 8,
      startRound: d - 8,
      endRound: d - 2,
      players,
      headShare: 0.3 + rand() * 0.4,
      expected: nobody ? "cancelled" : "settled",
    });
    if (day % 5 === 0) {
      const [teamA, teamB] = SERIES_TEAMS[(day / 5) % SERIES_TEAMS.length] as readonly [string, string];
      const result = (1 + Math.floor(rand() * 3)) as 1 | 2 | 3;
      out.push({
        key: `event-${day}`,
        kind: "event",
        name: `League round ${11 - day / 5}`,
        teamA,
        teamB,
        startPredict: d - 20,
        endPredict: d - 6,
        startRound: d - 6,
        endRound: d - 4,
        players: [...anvil(0, 1, 2, 3, 4, 5, 6), ...racers(0, 1, 2, 3, 4, 5, 6, 7)].filter(() => rand() < 0.45),
        headShare: 0.5,
        settle: { result, at: d - 3 },
        expected: "settled",
        result,
      });
    }
  }
  return out;
}

/** A plan being played: its times in seconds and what has been sent. */
type Live = {
  plan: RacePlan;
  id: bigint;
  createAt: number;
  times: { startPredict: number; endPredict: number; startRound: number; endRound: number };
  window: number;
  token?: Address;
  /** The block that created it (its predictions and observations come in later blocks). */
  createdIn?: number;
  predictions: { player: Address; side: 1 | 2; at: number; sent: boolean }[];
  observed: number;
  settled: boolean;
  settleAt?: number;
};

export const racesSeed: SeedStep = {
  name: "races",
  start(ctx) {
    const races = (ctx.deployment.contracts as Record<string, Address | undefined>).headTailRaces;
    const rand = ctx.random("races");
    const { start: historyStart, end, blockInterval } = ctx.history;
    const dense = Math.max(1, Math.floor(blockInterval / 4));
    /** The first time from which every history block is at most `dense` × 1.4 after the previous. */
    const denseFrom = end - DAY + blockInterval;
    const plans = [...seriesPlans(rand), ...RACE_PLANS];
    let live: Live[] = [];
    let keeper: Address | undefined;
    const call = (functionName: string, args: readonly unknown[]) =>
      encodeFunctionData({ abi: headTailRacesAbi, functionName, args } as never) as Hex;
    const send = (from: Address, data: Hex, gas: bigint) => ctx.sender.add({ from, to: races as Address, data, gas });
    const playerAddress = (p: RacePlayer): Address | undefined =>
      "anvil" in p ? ctx.fundAccounts[p.anvil] : RACE_PLAYERS[p.racer];

    /** Schedules a plan in seconds, or undefined when the history or its window cannot hold it. */
    const schedule = (plan: RacePlan, id: bigint): Live | undefined => {
      const at = (hours: number) => end + Math.round(hours * HOUR);
      const times = {
        startPredict: at(plan.startPredict),
        endPredict: at(plan.endPredict),
        startRound: at(plan.startRound),
        endRound: at(plan.endRound),
      };
      let window = 0;
      let createAt: number;
      if (plan.kind === "price") {
        // Observations after the seed use the keeper's window; the seed's own need a block inside
        // each half-window: three block intervals of the part of the history they fall in.
        const observedLive = times.startRound - RACE_LIVE_WINDOW >= end;
        window = observedLive ? RACE_LIVE_WINDOW : Math.max(60, 3 * dense);
        createAt = Math.min(times.startPredict, times.startRound - window) - 2 * dense;
        if (!observedLive && createAt < denseFrom) {
          window = Math.max(60, 3 * blockInterval);
          createAt = Math.min(times.startPredict, times.startRound - window) - 2 * blockInterval;
        }
        if (window > times.endRound - times.startRound) return undefined;
      } else {
        createAt = times.startPredict - 2 * (times.startPredict >= denseFrom ? dense : blockInterval);
      }
      // Rounds that open after the seed are created shortly before its end.
      createAt = Math.min(createAt, end - 2 * dense);
      if (createAt < historyStart + blockInterval) return undefined;
      // Predictions spread over the window up to 1.5 block intervals before it closes (a block
      // falls in between), before the end of the history and before an event's settlement.
      const close = Math.min(times.endPredict, end, plan.settle ? at(plan.settle.at) : end);
      const margin = (spacing: number) => Math.ceil(1.5 * spacing);
      const last = close - margin(dense) >= denseFrom ? close - margin(dense) : close - margin(blockInterval);
      const first = Math.max(times.startPredict, createAt);
      if (plan.players.length > 0 && last <= first) return undefined;
      const predictions: Live["predictions"] = [];
      for (const p of plan.players) {
        const player = playerAddress(p);
        const side: 1 | 2 = rand() < plan.headShare ? 1 : 2;
        const when = first + Math.floor(rand() * Math.max(1, last - first));
        if (player) predictions.push({ player, side, at: when, sent: false });
      }
      predictions.sort((a, b) => a.at - b.at);
      const token = plan.symbol ? ctx.tokens.find((t) => t.symbol === plan.symbol)?.address : undefined;
      if (plan.kind === "price" && !token) return undefined;
      return {
        plan,
        id,
        createAt,
        times,
        window,
        token,
        predictions,
        observed: 0,
        settled: false,
        settleAt: plan.settle ? at(plan.settle.at) : undefined,
      };
    };

    /** The slots `checkpoint` records at `ts` (the contract's rule: in [moment, moment + W/2], in order). */
    const dueSlots = (r: Live, ts: number): number[] => {
      const moments = [
        r.times.startRound - r.window,
        r.times.startRound,
        r.times.endRound - r.window,
        r.times.endRound,
      ];
      const out: number[] = [];
      let observed = r.observed;
      moments.forEach((m, i) => {
        if (observed & (1 << i)) return;
        if (ts < m || ts > m + Math.floor(r.window / 2)) return;
        if ((i === 1 || i === 3) && !(observed & (1 << (i - 1)))) return;
        observed |= 1 << i;
        out.push(i);
      });
      return out;
    };

    return {
      async setup() {
        if (!races) {
          ctx.log("no contracts.headTailRaces: no races");
          return;
        }
        const [owner, current] = await Promise.all([
          ctx.client.readContract({ address: races, abi: headTailRacesAbi, functionName: "owner" }),
          ctx.client.readContract({ address: races, abi: headTailRacesAbi, functionName: "currentRoundId" }),
        ]);
        keeper = owner;
        await ctx.rpc("anvil_impersonateAccount", [keeper]);
        await ctx.rpc("anvil_setBalance", [keeper, numberToHex(10n ** 22n)]);
        for (const r of RACE_PLAYERS) {
          await ctx.rpc("anvil_impersonateAccount", [r]);
          await ctx.rpc("anvil_setBalance", [r, numberToHex(10n ** 21n)]);
        }
        let next = current + 1n;
        const scheduled: Live[] = [];
        for (const plan of plans) {
          const r = schedule(plan, 0n);
          if (r) scheduled.push(r);
        }
        // Ids in creation order (one sender: its nonces keep the order within a block).
        scheduled.sort((a, b) => a.createAt - b.createAt);
        for (const r of scheduled) r.id = next++;
        live = scheduled;
      },

      async block({ timestamp: ts }) {
        if (!races || !keeper) return;
        const owner = keeper;
        for (const r of live) {
          if (r.settled) continue;
          const { plan, times } = r;
          if (r.createdIn === undefined) {
            if (ts < r.createAt) continue;
            r.createdIn = ts;
            send(
              owner,
              plan.kind === "price"
                ? call("newPriceRound", [
                    `${plan.symbol}-price`,
                    r.token,
                    BigInt(times.startPredict),
                    BigInt(times.endPredict),
                    BigInt(times.startRound),
                    BigInt(times.endRound),
                    r.window,
                    RACE_REWARDS.price,
                  ])
                : call("newRound", [
                    plan.name,
                    plan.teamA,
                    plan.teamB,
                    BigInt(times.startPredict),
                    BigInt(times.endPredict),
                    BigInt(times.startRound),
                    BigInt(times.endRound),
                    RACE_REWARDS.event,
                  ]),
              GAS.create,
            );
            continue;
          }
          if (ts <= r.createdIn) continue;
          for (const p of r.predictions) {
            if (p.sent || p.at > ts || ts >= times.endPredict || ts < times.startPredict) continue;
            if (r.settleAt !== undefined && ts >= r.settleAt) continue; // not in the settlement's block
            p.sent = true;
            send(p.player, call("predict", [r.id, p.side]), GAS.predict);
          }
          const joined = r.predictions.some((p) => p.sent);
          if (!joined && r.predictions.length === 0 && ts >= times.endPredict) {
            // Nobody joined: cancelled by anyone once the predictions close (the keeper here).
            r.settled = true;
            send(owner, call("settle", [r.id]), GAS.settle);
            continue;
          }
          if (plan.kind === "event") {
            if (r.settleAt !== undefined && ts >= r.settleAt && plan.settle) {
              r.settled = true;
              send(owner, call("settleEvent", [r.id, plan.settle.result]), GAS.settle);
            }
            continue;
          }
          const slots = dueSlots(r, ts);
          for (const s of slots) r.observed |= 1 << s;
          if (ts >= times.endRound && (slots.includes(3) || ts > times.endRound + Math.floor(r.window / 2))) {
            r.settled = true;
            send(owner, call("settle", [r.id]), GAS.settle);
          } else if (slots.length > 0) {
            send(owner, call("checkpoint", [r.id]), GAS.checkpoint);
          }
        }
      },

      async finish() {
        if (!races || !keeper) return;
        await checkEnd();
        for (const r of RACE_PLAYERS) await ctx.rpc("anvil_stopImpersonatingAccount", [r]);
        if (!ctx.fundAccounts.includes(keeper)) await ctx.rpc("anvil_stopImpersonatingAccount", [keeper]);
      },
    };

    async function checkEnd(): Promise<void> {
      const counts = new Map<RaceExpectation, number>();
      for (const r of live) {
        const info = (await ctx.client.readContract({
          address: races as Address,
          abi: headTailRacesAbi,
          functionName: "roundInfo",
          args: [r.id],
        })) as { result: number; joined: bigint; kind: number };
        const what = `seed races: round ${r.id} (${r.plan.key})`;
        const made = r.predictions.filter((p) => p.sent).length;
        if (r.createdIn === undefined || info.kind === 0) throw new Error(`${what} was not created`);
        if (Number(info.joined) !== made) throw new Error(`${what} has ${info.joined} predictions, expected ${made}`);
        const ok =
          r.plan.expected === "cancelled"
            ? info.result === 4
            : r.plan.expected === "settled"
              ? r.plan.result !== undefined
                ? info.result === r.plan.result
                : info.result >= 1 && info.result <= 3
              : info.result === 0;
        if (!ok) throw new Error(`${what} has result ${info.result}, expected ${r.plan.expected}`);
        const t = r.times;
        const state =
          end < t.startPredict ? "upcoming" : end < t.endPredict ? "open" : end < t.endRound ? "inGame" : "ended";
        if (["upcoming", "open", "inGame"].includes(r.plan.expected) && state !== r.plan.expected)
          throw new Error(`${what} is ${state} at the end, expected ${r.plan.expected}`);
        counts.set(r.plan.expected, (counts.get(r.plan.expected) ?? 0) + 1);
      }
      ctx.log(
        `races: ${live.length} rounds (${[...counts].map(([k, n]) => `${n} ${k}`).join(", ")}), ids ${live[0]?.id ?? "-"} to ${live.at(-1)?.id ?? "-"}`,
      );
    }
  },
};
