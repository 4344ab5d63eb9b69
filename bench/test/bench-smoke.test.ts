// Proves `npm run bench` still runs end to end (BENCH_QUICK: 5,000 swaps, 2 s of load, 3 swap-page quotes). It checks the
// figures are real positive numbers and the work was really done; it does not assert the
// performance targets, which are measured by the full run, not unit-tested.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PREDICT_HOME_POSITIONS, PREDICT_POSITIONS_PAGE, VOTES_PAGE_SIZE } from "@sofi/core";
import { afterAll, describe, expect, it } from "vitest";
import type { LoadResult } from "../src/load.ts";
import type { Results } from "../src/report.ts";

const dir = mkdtempSync(join(tmpdir(), "sofi-bench-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const positive = (n: unknown) => {
  expect(typeof n).toBe("number");
  expect(Number.isFinite(n)).toBe(true);
  expect(n as number).toBeGreaterThan(0);
};

describe("npm run bench (quick)", () => {
  it("measures indexer, API, web, the swap and market pages and portfolio gas and writes the results", () => {
    const file = join(dir, "quick.json");
    const run = spawnSync(process.execPath, ["--import", "tsx", "run.ts"], {
      cwd: join(import.meta.dirname, ".."),
      env: { ...process.env, BENCH_QUICK: "1", BENCH_RESULTS: file },
      encoding: "utf8",
      timeout: 1_200_000,
    });
    expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
    expect(run.stdout).toContain("Indexer backfill");
    expect(run.stdout).toContain("API under load");
    const r = JSON.parse(readFileSync(file, "utf8")) as Results;
    expect(r.mode).toBe("quick");
    expect(r.errors).toEqual({});

    const ix = r.indexer;
    expect(ix).toBeDefined();
    if (!ix) return;
    expect(ix.chain.swaps).toBe(5_000);
    positive(ix.ceiling.eventsPerSec);
    positive(ix.rpcFloor.eventsPerSec);
    expect(ix.rpcFloor.events).toBe(ix.chain.pairEvents);
    const pglite = ix.pglite;
    expect(pglite).toBeDefined();
    if (!pglite) return;
    positive(pglite.eventsPerSec);
    // Every swap became a row, and every Swap and Sync counted as an event (with the seed's
    // aggregator Trade events, which the indexer counts too).
    const allSwaps = ix.chain.swaps + ix.chain.seedSwaps;
    expect(ix.chain.seedSwaps).toBeGreaterThan(0);
    expect(pglite.swaps).toBe(allSwaps);
    expect(pglite.rowsSwaps).toBe(allSwaps);
    expect(pglite.swaps + pglite.syncs).toBe(ix.chain.pairEvents);
    expect(pglite.events).toBeGreaterThanOrEqual(ix.chain.pairEvents);
    expect(ix.ceiling.events).toBe(ix.chain.pairEvents);
    expect(ix.stages?.events).toBe(ix.chain.pairEvents);
    positive(ix.stages?.fetchMs);
    positive(ix.stages?.decodeMs);
    positive(ix.stages?.writeMs.pglite);
    if (process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL) {
      expect(ix.postgres?.rowsSwaps).toBe(allSwaps);
      positive(ix.postgres?.eventsPerSec);
    }

    const api = r.api;
    expect(api).toBeDefined();
    if (!api) return;
    // Every list endpoint, on a database holding the chain plus 20,000 synthetic trades, swaps and syncs.
    expect(Object.keys(api.endpoints).sort()).toEqual(
      [
        "historyMonth",
        "historyYear",
        "ticker",
        "tokens",
        "tradesHeavy",
        "tradesManyUsers",
        "tradesTypical",
        "portfoliosTraded",
        "portfolioDetail",
        "portfolioHistory",
        "portfolioDetailMany",
        "manager",
        "managerInTurn",
        "proposals",
        "proposalsInTurn",
        "proposalsByProposer",
        "proposal",
        "proposalInTurn",
        "votes",
        "votesInTurn",
        "markets",
        "marketsPositions",
        "marketsPositionsInTurn",
        "marketsPositionsHomeInTurn",
        "marketsPositionsAllInTurn",
        "points",
        "pointsHistory",
        "pointsInTurn",
        "rounds",
        "roundInTurn",
        "postsTopic",
        "postsTopicInTurn",
        "postsAddress",
        "postsAddressInTurn",
        "trending",
      ].sort(),
    );
    expect(api.bareLarge).toBeDefined();
    for (const l of [api.bare, api.bareLarge as LoadResult, ...Object.values(api.endpoints)]) {
      positive(l.requests);
      positive(l.rps);
      positive(l.latencyMs.p99);
      positive(l.loadAvg1m);
      expect(l.errors + l.non2xx).toBe(0);
    }
    expect(api.samples.tokens?.head).toContain("price_usd");
    expect(api.samples.ticker?.head).toContain("WETH-USDT");
    const fill = api.fill;
    expect(fill?.rows).toBe(20_000);
    expect(fill?.heavyUserTrades).toBe(2_000);
    expect(fill?.typicalUserTrades).toBeGreaterThanOrEqual(30);
    expect(fill?.typicalUserTrades).toBeLessThanOrEqual(50);
    expect(fill?.tables.aggregatorTrades).toBeGreaterThanOrEqual(20_000);
    expect(fill?.tables.pairSwaps).toBeGreaterThanOrEqual(20_000 + allSwaps);
    // The history pool's candles span the year, and the year's reply has a point for most days.
    expect((fill?.historyTo ?? 0) - (fill?.historyFrom ?? 0)).toBeGreaterThan(330 * 86_400);
    expect(api.samples.historyYear?.items).toBeGreaterThan(300);
    expect(api.samples.historyMonth?.items).toBeGreaterThan(150);
    expect(api.samples.tradesHeavy?.items).toBe(20);
    expect(api.samples.tradesTypical?.items).toBe(20);
    expect(api.explain?.heavyFirstPage?.join("\n")).toMatch(/Index Scan Backward/);
    // Portfolios: 200 synthetic ones with 20,000 buys and sells; the list, a ten-component detail
    // and its week of hourly values answered with real data (valued from the indexed prices).
    const pf = api.portfolioFill;
    expect(pf?.portfolios).toBe(200);
    expect(pf?.trades).toBe(20_000);
    expect(pf?.tables.portfolios).toBeGreaterThanOrEqual(200);
    expect(pf?.tables.portfolioTrades).toBeGreaterThanOrEqual(40_000);
    expect(pf?.tables.portfolioHolders).toBeGreaterThan(1_000);
    expect(pf?.portfolioTrades).toBeGreaterThan(100);
    expect(api.samples.portfoliosTraded?.items).toBe(4);
    // the most traded first: the fill gives the first synthetic portfolio the most trades
    expect(api.samples.portfoliosTraded?.head).toContain('"symbol":"BP0"');
    expect(api.samples.portfoliosTraded?.head).toMatch(/"value_per_set":[1-9]/);
    expect(api.samples.portfolioDetail?.items).toBe(10);
    expect(api.samples.portfolioDetail?.head).toMatch(/"value_per_set":[1-9]/);
    expect(api.samples.portfolioHistory?.items).toBeGreaterThanOrEqual(168);
    expect(api.samples.portfolioHistory?.head).toMatch(/^\[\{"ts":\d+,"value":[1-9]/);
    // Governance: 200 synthetic proposals with 20,000 votes, a tenth on the popular one; the list's
    // page is full, the popular proposal's first votes page holds 50 votes largest first, and the
    // rows that change per request answered (every row above had no error and no non-2xx reply).
    const gf = api.governanceFill;
    expect(gf?.proposals).toBe(200);
    expect(gf?.votes).toBe(20_000);
    expect(gf?.popularVotes).toBe(2_000);
    expect(gf?.tables.governanceVotes).toBeGreaterThanOrEqual(20_000);
    expect(gf?.tables.governanceTallies).toBeGreaterThan(100);
    expect(gf?.totalProposals).toBeGreaterThanOrEqual(200);
    // the statuses vary: pending, active, canceled, defeated and executed (with or without funds)
    for (const status of ["0", "1", "2", "3"]) expect(gf?.statuses[status] ?? 0).toBeGreaterThan(0);
    expect((gf?.statuses["7"] ?? 0) + (gf?.statuses["8"] ?? 0)).toBeGreaterThan(0);
    expect(api.samples.proposals?.items).toBe(20);
    expect(api.samples.proposals?.total).toBe(gf?.totalProposals);
    expect(api.samples.proposalsInTurn?.items).toBe(20);
    expect(api.samples.proposalsByProposer?.items).toBeGreaterThanOrEqual(1);
    // request 7 asks for proposer 7's proposals: at 200 proposals its only one is the synthetic proposal 7
    expect(api.samples.proposalsByProposer?.head).toContain(
      `{"proposals":[{"proposalId":"${(gf?.firstProposalId ?? 0) + 7}"`,
    );
    expect(api.samples.proposal?.head).toContain(`{"proposalId":"${gf?.popularProposalId}"`);
    expect(api.samples.proposalInTurn?.head).toContain(`{"proposalId":"${(gf?.firstProposalId ?? 0) + 7}"`);
    // the web's page (VOTES_PAGE_SIZE), the one the server reads ahead
    expect(api.samples.votes?.items).toBe(VOTES_PAGE_SIZE);
    expect(api.samples.votes?.ordered).toBe(true);
    expect(api.samples.votes?.total).toBe(2_000);
    expect(api.samples.votesInTurn?.status).toBe(200);
    expect(api.samples.votesInTurn?.ordered).toBe(true);
    // Prediction market: 50 synthetic markets with 10,000 trades; the list holds every market with
    // its figures, and the fixed trader's positions are the ones its transfers leave positive.
    const mf = api.predictFill;
    expect(mf?.markets).toBe(50);
    expect(mf?.trades).toBe(10_000);
    expect(mf?.states).toEqual({ active: 40, resolved: 3, disputed: 3, answered: 2, closed: 2 });
    expect(mf?.tables.predictEvents).toBeGreaterThanOrEqual(10_050);
    expect(mf?.tables.predictStats).toBeGreaterThanOrEqual(50);
    expect(api.samples.markets?.items).toBe(mf?.totalMarkets);
    expect(api.samples.markets?.head).toMatch(/^\[\{"market":"0x/);
    expect(mf?.traderPositions).toBeGreaterThan(0);
    expect(api.samples.marketsPositions?.items).toBe(mf?.traderPositions);
    expect(api.samples.marketsPositions?.head).toMatch(/^\{"balance":[1-9]/);
    expect(api.samples.marketsPositionsInTurn?.items).toBeGreaterThan(0);
    // the home's request: at most its 3 open positions, and fewer bytes than every position
    const home = api.samples.marketsPositionsHomeInTurn;
    expect(home?.items).toBeGreaterThan(0);
    expect(home?.items).toBeLessThanOrEqual(PREDICT_HOME_POSITIONS);
    expect(home?.bytes).toBeLessThan(api.samples.marketsPositionsAllInTurn?.bytes ?? 0);
    // the transactions page's first page: at most a page of the same trader's positions
    expect(api.samples.marketsPositionsInTurn?.items).toBeLessThanOrEqual(PREDICT_POSITIONS_PAGE);
    expect(api.samples.marketsPositionsInTurn?.items).toBe(
      Math.min(PREDICT_POSITIONS_PAGE, api.samples.marketsPositionsAllInTurn?.items ?? -1),
    );
    // every trader's positions were read ahead before the load (200 traders of 50 trades each)
    expect(api.positionsReadAhead?.senders).toBeGreaterThanOrEqual(mf?.traders ?? Number.POSITIVE_INFINITY);
    // Races: 200 settled rounds with 10,000 predictions; four cancelled (nobody joined), draws among
    // the event rounds; the board is full, the fixed predictor's points and history are its own.
    const rf = api.racesFill;
    expect(rf?.rounds).toBe(200);
    expect(rf?.predictions).toBe(10_000);
    expect(rf?.results["4"]).toBe(4);
    expect(rf?.results["3"] ?? 0).toBeGreaterThan(0);
    expect((rf?.results["1"] ?? 0) + (rf?.results["2"] ?? 0)).toBeGreaterThan(150);
    expect(rf?.tables.pointsLedger).toBeGreaterThan(1_000);
    expect(api.samples.points?.leaders).toBe(10);
    expect(api.samples.pointsHistory?.leaders).toBe(10);
    expect(rf?.racerPoints).toBeGreaterThan(0);
    expect(api.samples.pointsHistory?.mypoints).toBe(rf?.racerPoints);
    expect(api.samples.pointsHistory?.items).toBe(Math.min(50, rf?.racerPredictions ?? 0));
    expect(api.samples.pointsInTurn?.items).toBeGreaterThan(0);
    expect(api.samples.rounds?.status).toBe(200);
    // request 7 reads the synthetic round 7: one of the cancelled ones
    expect(api.samples.roundInTurn?.head).toContain(`"roundId":${(rf?.firstRoundId ?? 0) + 7}`);
    expect(api.samples.roundInTurn?.head).toContain('"result":4');
    // Social: 20,000 posts from 2,000 authors; full pages by topic (the token's and a tag's) and for
    // viewers; trending counts the last 24 h's topics.
    const sf = api.socialFill;
    expect(sf?.posts).toBe(20_000);
    expect(sf?.authors).toBe(2_000);
    expect(sf?.tables.socialPostTopics).toBeGreaterThan(20_000);
    expect(sf?.lastDayPosts).toBeGreaterThan(0);
    expect(api.samples.postsTopic?.items).toBe(20);
    expect(api.samples.postsTopic?.head).toContain("$WETH");
    expect(api.samples.postsTopicInTurn?.items).toBe(20);
    expect(api.samples.postsTopicInTurn?.head).toContain("#tag7");
    expect(api.samples.postsAddress?.items).toBe(20);
    expect(api.samples.postsAddressInTurn?.items).toBe(20);
    expect(api.samples.trending?.items).toBeGreaterThanOrEqual(3);
    expect(api.samples.trending?.head).toContain('"topic":"WETH"');

    const web = r.web;
    expect(web).toBeDefined();
    positive(web?.jsGzipBytes);
    expect(web?.files[0]?.file).toMatch(/\.js$/);

    // Portfolio gas (its rule is portfolio-gas.test.ts): every trade of every size was measured.
    expect(run.stdout).toContain("Portfolio gas");
    expect(r.gas?.portfolios.map((p) => p.size)).toEqual([2, 5, 10]);
    for (const p of r.gas?.portfolios ?? [])
      for (const t of Object.values(p.trades)) {
        positive(t.gasUsed);
        positive(t.direct.gasUsed);
      }

    // The swap page in Chromium: first load's RPC requests were seen, 3 quotes were timed.
    expect(run.stdout).toContain("Swap page");
    const swap = r.swap;
    expect(swap).toBeDefined();
    if (!swap) return;
    for (const load of [swap.firstLoad, swap.firstLoadWithWallet]) {
      positive(load.requests);
      expect(load.batches).toHaveLength(load.requests);
      expect(load.calls).toBe(load.batches.reduce((a, b) => a + b.calls, 0));
      expect(load.calls).toBeGreaterThanOrEqual(load.requests);
    }
    // A restored wallet session reads balances: more calls than a visit without a wallet.
    expect(swap.firstLoadWithWallet.batches.flatMap((b) => b.methods)).toContain("eth_call");
    expect(swap.quote.samplesMs).toHaveLength(3);
    for (const t of swap.quote.samplesMs) positive(t);
    positive(swap.quote.medianMs);
    positive(swap.quote.p90Ms);
    // Each quote really asked the chain (no answer from a cache).
    for (const n of swap.quote.rpcRequestsPerQuote) positive(n);

    // The market page on the same stack: an open market's first loads and 3 timed buy quotes.
    expect(run.stdout).toContain("Market page");
    const market = r.market;
    expect(market).toBeDefined();
    if (!market) return;
    expect(market.market).toMatch(/^0x[0-9a-fA-F]{40}$/);
    for (const load of [market.firstLoad, market.firstLoadWithWallet]) {
      expect(load.batches).toHaveLength(load.requests);
      expect(load.calls).toBe(load.batches.reduce((a, b) => a + b.calls, 0));
    }
    // the restored session reads the wallet's SOFI balance from the chain
    expect(market.firstLoadWithWallet.batches.flatMap((b) => b.methods)).toContain("eth_call");
    expect(market.quote.samplesMs).toHaveLength(3);
    for (const t of market.quote.samplesMs) positive(t);
    for (const n of market.quote.rpcRequestsPerQuote) positive(n);
  });
});
