import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  managersCacheSchema,
  marketsPositionsCacheSchema,
  PREDICT_HOME_POSITIONS,
  PREDICT_POSITIONS_PAGE,
  portfoliosCacheSchema,
  racesCacheSchema,
  socialCacheSchema,
  tradesCacheSchema,
} from "@sofi/core";
import pg from "pg";
import { createDb, type Db } from "../../server/src/db/client.ts";
import type { BenchChain } from "./chain.ts";
import { startChild } from "./child.ts";
import { explainTrades, type FillResult, fillSynthetic, HEAVY_USER, TYPICAL_USER, typicalUser } from "./fill.ts";
import { benchProposer, fillGovernance, type GovernanceFillResult } from "./fill-governance.ts";
import {
  BENCH_PORTFOLIO_INDEX,
  benchManager,
  benchPortfolio,
  fillPortfolios,
  type PortfolioFillResult,
} from "./fill-portfolios.ts";
import { BENCH_TRADER_INDEX, benchTrader, fillPredict, type PredictFillResult } from "./fill-predict.ts";
import { BENCH_RACER_INDEX, benchRacer, fillRaces, type RacesFillResult } from "./fill-races.ts";
import {
  BENCH_TOPIC,
  BENCH_VIEWER_INDEX,
  benchAuthor,
  benchTag,
  fillSocial,
  type SocialFillResult,
} from "./fill-social.ts";
import { type LoadResult, type LoadTarget, loadTestMany } from "./load.ts";
import { waitFor } from "./net.ts";
import { BENCH_ROOT, CACHE_DIR } from "./paths.ts";

/** The history pair: WETH-USDT, priced from its deepest pool (the one the synthetic candles fill). */
const HISTORY = { base: "WETH", quote: "USDT" } as const;

/**
 * Typical users the "many users" row cycles through, one per request: more than the trades area
 * keeps pages of (10,000), so every request reads the database, as a crowd of distinct users would.
 */
export const MANY_USERS = 20_000;

/** What the rows that depend on the synthetic rows read: counts and ids the fills made. */
export type EndpointSpace = {
  /** Synthetic portfolios (benchPortfolio(0 … portfolios - 1)). */
  portfolios: number;
  /** Their distinct managers (benchManager(0 … managers - 1)). */
  managers: number;
  /** Synthetic proposals: ids firstProposalId … firstProposalId + proposals - 1. */
  proposals: number;
  firstProposalId: number;
  /** Every proposal in the table (the seed's too): the list's length. */
  totalProposals: number;
  /** The proposal holding a tenth of the votes. */
  popularProposalId: number;
  /** Distinct synthetic proposers (benchProposer(0 … proposers - 1)). */
  proposers: number;
  /** Distinct synthetic market traders (benchTrader(0 … traders - 1)). */
  traders: number;
  /** Synthetic race rounds: ids firstRoundId … firstRoundId + rounds - 1; their predictors benchRacer(0 … racers - 1). */
  rounds: number;
  firstRoundId: number;
  racers: number;
  /** Synthetic post authors (benchAuthor(0 … authors - 1)) and tags (benchTag(0 … tags - 1)). */
  authors: number;
  tags: number;
};

/** A path per request: `i` the request's number, `s` what the fills made. */
type PathOf = (i: number, s: EndpointSpace) => string;

/** Every list endpoint of the API, as the bench asks for it (a function: a different path per request). */
export const API_ENDPOINTS: Record<string, string | PathOf> = {
  tokens: "/api/local/sofi/tokens",
  ticker: `/api/local/proxy/ticker/24hr?symbol=${HISTORY.base}-${HISTORY.quote}`,
  historyMonth: `/api/local/v2/proxy/history?symbol=${HISTORY.base}-${HISTORY.quote}&type=month`,
  historyYear: `/api/local/v2/proxy/history?symbol=${HISTORY.base}-${HISTORY.quote}&type=year`,
  tradesHeavy: `/api/local/sofi/trades?user=${HEAVY_USER}`,
  tradesTypical: `/api/local/sofi/trades?user=${TYPICAL_USER}`,
  tradesManyUsers: (i) => `/api/local/sofi/trades?user=${typicalUser(i % MANY_USERS)}`,
  portfoliosTraded: "/api/local/v2/sofi/portfolios?orderby=traded&limit=4",
  portfolioDetail: `/api/local/sofi/portfolios/${benchPortfolio(BENCH_PORTFOLIO_INDEX)}`,
  portfolioHistory: `/api/local/sofi/portfolios/${benchPortfolio(BENCH_PORTFOLIO_INDEX)}/history?type=1w`,
  // every portfolio in turn (10,000 at the full size): each portfolio's stored part is read ahead and
  // kept until a commit names it, the live part made per request (docs/decisions.md, "Portfolio details")
  portfolioDetailMany: (i, s) => `/api/local/sofi/portfolios/${benchPortfolio(i % s.portfolios)}`,
  // People (issue 21 §1): a manager's page reads their info; one manager, then every synthetic
  // manager in turn (10,000 at the full size)
  manager: `/api/local/sofi/managers/${benchManager(BENCH_PORTFOLIO_INDEX)}`,
  managerInTurn: (i, s) => `/api/local/sofi/managers/${benchManager(i % s.managers)}`,
  // Governance (issue 18). Every proposal is held in memory, kept exact by the commits; a proposal's
  // votes pages are kept until a commit names it (docs/decisions.md, "Governance reads from memory").
  proposals: "/api/local/sofi/proposals?limit=20",
  // every window of 20 in turn (offset 0, 1, 2, … to the last proposal): 10,000 distinct pages
  proposalsInTurn: (i, s) => `/api/local/sofi/proposals?limit=20&offset=${i % s.totalProposals}`,
  // the profile's "created proposals" tab of every synthetic proposer in turn (5,000 of them)
  proposalsByProposer: (i, s) => `/api/local/sofi/proposals?proposer=${benchProposer(i % s.proposers)}&limit=20`,
  // without `address`: with one the server also makes an eth_call per request
  proposal: (_i, s) => `/api/local/sofi/proposal?proposalId=${s.popularProposalId}`,
  proposalInTurn: (i, s) => `/api/local/sofi/proposal?proposalId=${s.firstProposalId + (i % s.proposals)}`,
  // the web's page (the all-votes drawer's VOTES_PAGE_SIZE, 50), the one the server reads ahead
  votes: (_i, s) => `/api/local/sofi/votes?proposalId=${s.popularProposalId}&limit=50`,
  votesInTurn: (i, s) => `/api/local/sofi/votes?proposalId=${s.firstProposalId + (i % s.proposals)}&limit=50`,
  // Prediction market (issue 19). Every market's rows (and the list built from them) are read once
  // per commit, or when a market's status changes by time, at most 5 s apart; each sender's book
  // (holdings, cost basis, history up to the indexed head) is read ahead and kept until a commit
  // names the sender (docs/decisions.md, "Market positions kept per sender").
  markets: "/api/local/sofi/markets",
  marketsPositions: (_i, s) =>
    `/api/local/sofi/markets_positions?sender=${benchTrader(BENCH_TRADER_INDEX % s.traders)}`,
  // every synthetic trader in turn (20,000 at the full size): the transactions page's first page of
  // positions, as the web asks for it
  marketsPositionsInTurn: (i, s) =>
    `/api/local/sofi/markets_positions?sender=${benchTrader(i % s.traders)}&limit=${PREDICT_POSITIONS_PAGE}&offset=0`,
  // what the predict home and the account panel poll every 15 s: the 3 open positions of largest value
  marketsPositionsHomeInTurn: (i, s) =>
    `/api/local/sofi/markets_positions?sender=${benchTrader(i % s.traders)}&top=${PREDICT_HOME_POSITIONS}`,
  // the spec's unpaged form (every position, about 22 KB) in turn, which no screen asks for since stop
  // 48: a reference row (no target), kept so the cost of sending every position stays in view
  marketsPositionsAllInTurn: (i, s) => `/api/local/sofi/markets_positions?sender=${benchTrader(i % s.traders)}`,
  // Races (issue 20). A predictor's points and a round's page are kept until a commit names the
  // predictor or round, and read ahead (docs/decisions.md, "Races, viewers' feeds and votes kept in
  // memory"); the leader board and the running rounds are one reply for everyone.
  points: "/api/local/sofi/points",
  pointsHistory: (_i, s) => `/api/local/sofi/points?address=${benchRacer(BENCH_RACER_INDEX % s.racers)}`,
  // every synthetic predictor in turn (50,000 at the full size)
  pointsInTurn: (i, s) => `/api/local/sofi/points?address=${benchRacer(i % s.racers)}`,
  rounds: "/api/local/sofi/rounds?limit=100",
  // every synthetic round's page in turn (10,000 at the full size)
  roundInTurn: (i, s) => `/api/local/sofi/rounds/${s.firstRoundId + (i % s.rounds)}`,
  // Social (issue 20). A topic's pages are kept until a commit or write names the topic (the busiest
  // read ahead); a viewer who never reacted reads the shared page (docs/decisions.md, "Topic pages
  // read ahead").
  postsTopic: `/api/local/sofi/posts?topic=${BENCH_TOPIC}`,
  // every synthetic tag in turn (5,000 at the full size)
  postsTopicInTurn: (i, s) => `/api/local/sofi/posts?topic=${benchTag(i % s.tags)}`,
  postsAddress: (_i, s) => `/api/local/sofi/posts?address=${benchAuthor(BENCH_VIEWER_INDEX % s.authors)}`,
  // every synthetic author as the viewer in turn (100,000 at the full size)
  postsAddressInTurn: (i, s) => `/api/local/sofi/posts?address=${benchAuthor(i % s.authors)}`,
  trending: "/api/local/sofi/trending",
};
export type ApiEndpoint = keyof typeof API_ENDPOINTS;

/** A space for labels: every count 1, every id 1 (the report prints the paths with their ids elided). */
export const LABEL_SPACE: EndpointSpace = {
  portfolios: 1,
  managers: 1,
  proposals: 1,
  firstProposalId: 1,
  totalProposals: 1,
  popularProposalId: 1,
  proposers: 1,
  traders: 1,
  rounds: 1,
  firstRoundId: 1,
  racers: 1,
  authors: 1,
  tags: 1,
};

function endpointTarget(base: string, e: string | PathOf, space: EndpointSpace): LoadTarget {
  return typeof e === "string" ? base + e : (i) => base + e(i, space);
}

export type ApiResult = {
  server: { db: string; indexedBlock: number; waitedForIndexMs: number };
  /** The synthetic rows under the indexed chain (older results lack it). */
  fill?: FillResult;
  /** The synthetic portfolios, their trades and the rows that go with them (fill-portfolios.ts). */
  portfolioFill?: PortfolioFillResult;
  /** The synthetic proposals, votes, tallies and events (fill-governance.ts; older results lack it). */
  governanceFill?: GovernanceFillResult;
  /** The synthetic markets and trades (fill-predict.ts), races (fill-races.ts) and posts (fill-social.ts); older results lack them. */
  predictFill?: PredictFillResult;
  racesFill?: RacesFillResult;
  socialFill?: SocialFillResult;
  /** EXPLAIN ANALYZE of the per-user trade page on the filled database. */
  explain?: Record<string, string[]>;
  bare: LoadResult;
  /** The same bare handler answering a constant 20 KB reply (older results lack it): the cost of the bytes alone. */
  bareLarge?: LoadResult;
  endpoints: Record<ApiEndpoint, LoadResult>;
  /**
   * Issue 21 §2, PostgreSQL with BENCH_REPLICAS=2: the "in turn" rows against one API replica and
   * against two (a second `ROLES=api` server on the same database, every other request to it), in
   * one interleaved run with its own bare yardstick.
   */
  replicas?: { bare: LoadResult; rows: Record<string, { one: LoadResult; two: LoadResult }> };
  /**
   * The trades area's read-ahead (issue 21 §1), which the first trades request starts: users and
   * bytes kept, and how long the bench waited for it before the load (older results lack it).
   */
  tradesReadAhead?: { users: number; bytes: number; waitedMs: number };
  /** The proposals the governance area held in memory before the load, and the wait for them. */
  proposalsHeld?: { proposals: number; votePages?: number; waitedMs: number };
  /** The races area's read-ahead (issue 21 §1): rounds' pages and predictors' points kept before the load. */
  racesReadAhead?: { rounds: number; predictors: number; bytes: number; waitedMs: number };
  /** The feed's read-ahead (issue 20): the busiest topics' first pages kept before the load. */
  topicsReadAhead?: { topics: number; bytes: number; waitedMs: number };
  /** The portfolios area's read-ahead (issue 21 §1): the most viewed portfolios' details kept before the load. */
  detailsReadAhead?: { portfolios: number; bytes: number; waitedMs: number };
  managersReadAhead?: { managers: number; bytes: number; waitedMs: number };
  /** The prediction market's read-ahead (issue 21 §1): the most active senders' positions kept before the load. */
  positionsReadAhead?: { senders: number; bytes: number; waitedMs: number };
  /**
   * One reply per endpoint before the load (request 7's for the rows that change per request):
   * status, size, items (the array's length, or its trades, portfolios, components, proposals,
   * votes, calls, positions, prediction history or posts), the reply's `total` when it has one, the
   * leader board's length and the address's points (points), whether its votes come largest first,
   * and its start.
   */
  samples: Record<
    string,
    {
      status: number;
      bytes: number;
      items: number;
      total?: number;
      ordered?: boolean;
      /** `/sofi/points`: the leader board's length and the address's points. */
      leaders?: number;
      mypoints?: number;
      head: string;
    }
  >;
};

type Health = { chains?: { chain: string; indexedBlock: number | null; headBlock: number | null }[] };

/**
 * Waits until `GET {path}` (an area's cache state) answers `warmth: "warm"`, as a load balancer would
 * send a new server traffic once it is ready: the requests for samples above started reading ahead.
 * Reading ahead beside the load would measure the two competing, not the server. Returns the state
 * and how long the wait took.
 */
async function waitForWarm<S extends { warmth: string }>(
  base: string,
  path: string,
  schema: { parse(v: unknown): S },
  what: string,
  log: (m: string) => void,
  said: (state: S) => string,
): Promise<S & { waitedMs: number }> {
  const t0 = performance.now();
  for (;;) {
    const r = await getJson(`${base}/api/local${path}`);
    if (r.status !== 200) throw new Error(`GET ${path} answered ${r.status}: ${r.text.slice(0, 300)}`);
    // the area's typed contract (core): a state the bench misreads fails here, not as a wrong figure
    const c = schema.parse(JSON.parse(r.text));
    const waitedMs = performance.now() - t0;
    if (c.warmth === "warm") {
      log(`  ${what}: ${said(c)} (waited ${(waitedMs / 1000).toFixed(1)} s)`);
      return { ...c, waitedMs };
    }
    if (waitedMs > readAheadWaitMs()) throw new Error(`${what}: ${waitedTooLong(waitedMs)} (${r.text})`);
    await new Promise((res) => setTimeout(res, 250));
  }
}

/**
 * How long the bench waits for an area's read-ahead (`BENCH_READ_AHEAD_WAIT_MS`, default 30 min).
 * On PGlite every area's read-ahead shares the database's one thread: at every area's full size they
 * took 12.5 min together in stop 40, so a wait of 10 min measured nothing (stop 43).
 */
const readAheadWaitMs = (): number => Number(process.env.BENCH_READ_AHEAD_WAIT_MS ?? 30 * 60_000);
const waitedTooLong = (ms: number) => `still reading ahead after ${(ms / 60_000).toFixed(0)} min`;

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

/**
 * Waits until the governance area holds every proposal in memory (api/queries/proposal-book.ts),
 * for the same reason: the first governance read starts the load, made here if nothing made it.
 * "off" (too many proposals to hold) is also an answer: the rows then measure the database.
 */
async function waitForProposalsBook(base: string, log: (m: string) => void) {
  const t0 = performance.now();
  for (;;) {
    const r = await getJson(`${base}/api/local/sofi/proposals/cache`);
    if (r.status !== 200) throw new Error(`GET /sofi/proposals/cache answered ${r.status}: ${r.text.slice(0, 300)}`);
    const c = JSON.parse(r.text) as { warmth: string; proposals: number; votePages?: number; bytes?: number };
    const waitedMs = performance.now() - t0;
    if (c.warmth === "warm" || c.warmth === "off") {
      log(
        `  proposals held in memory: ${c.warmth === "warm" ? c.proposals.toLocaleString("en-US") : "none (too many)"}, votes pages of ${(c.votePages ?? 0).toLocaleString("en-US")} (${mb(c.bytes ?? 0)}) (waited ${(waitedMs / 1000).toFixed(1)} s)`,
      );
      return { proposals: c.warmth === "warm" ? c.proposals : 0, votePages: c.votePages ?? 0, waitedMs };
    }
    if (c.warmth === "cold") await getJson(`${base}/api/local/sofi/proposals?limit=1`);
    if (waitedMs > readAheadWaitMs()) throw new Error(`proposals: ${waitedTooLong(waitedMs)} (${r.text})`);
    await new Promise((res) => setTimeout(res, 250));
  }
}

/** An area's read-ahead that the load waits for: where it reports its state, and how the log says it. */
const readAhead = <S extends { warmth: string }>(
  path: string,
  schema: { parse(v: unknown): S },
  what: string,
  said: (state: S) => string,
) => ({ path, schema, what, said });

/** Each area's read-ahead (asking its state starts it), in the order the bench waits for them. */
const READ_AHEADS = {
  trades: readAhead(
    "/sofi/trades/cache",
    tradesCacheSchema,
    "trades pages read ahead",
    (c) => `${c.users.toLocaleString("en-US")} users, ${mb(c.bytes)}`,
  ),
  races: readAhead(
    "/sofi/races/cache",
    racesCacheSchema,
    "races read ahead",
    (c) =>
      `${c.rounds.toLocaleString("en-US")} rounds' pages, ${c.predictors.toLocaleString("en-US")} predictors' points, ${mb(c.bytes)}`,
  ),
  topics: readAhead(
    "/sofi/social/cache",
    socialCacheSchema,
    "topic pages read ahead",
    (c) => `${c.topics.toLocaleString("en-US")} topics' first pages, ${mb(c.bytes)}`,
  ),
  details: readAhead(
    "/sofi/portfolios/cache",
    portfoliosCacheSchema,
    "portfolio details read ahead",
    (c) => `${c.portfolios.toLocaleString("en-US")} portfolios' details, ${mb(c.bytes)}`,
  ),
  managers: readAhead(
    "/sofi/managers/cache",
    managersCacheSchema,
    "manager infos read ahead",
    (c) => `${c.managers.toLocaleString("en-US")} managers' infos, ${mb(c.bytes)}`,
  ),
  positions: readAhead(
    "/sofi/markets_positions/cache",
    marketsPositionsCacheSchema,
    "market positions read ahead",
    (c) => `${c.senders.toLocaleString("en-US")} senders' positions, ${mb(c.bytes)}`,
  ),
};

const waitForReadAhead = <S extends { warmth: string }>(
  base: string,
  r: ReturnType<typeof readAhead<S>>,
  log: (m: string) => void,
) => waitForWarm(base, r.path, r.schema, r.what, log, r.said);

async function getJson(url: string): Promise<{ status: number; text: string }> {
  const res = await fetch(url);
  return { status: res.status, text: await res.text() };
}

/**
 * Node options for the product server's processes (`BENCH_SERVER_NODE_ARGS`, space-separated), e.g.
 * `--cpu-prof --cpu-prof-dir=/tmp/prof` to see where a row's time goes (`npx tsx
 * profile-summary.ts <file> 40` reads the last 40 s: the load runs last, just before the server stops).
 */
const serverNodeArgs = (): string[] => (process.env.BENCH_SERVER_NODE_ARGS ?? "").split(" ").filter(Boolean);
/** BENCH_SERVER_LOG (a folder): each product server process's whole output is written there when it exits. */
const serverLog = (role: string): string | undefined => {
  const dir = process.env.BENCH_SERVER_LOG;
  if (!dir) return undefined;
  mkdirSync(dir, { recursive: true });
  return join(dir, `${role}-${new Date().toISOString().replace(/[:.]/g, "-")}.log`);
};

/** Starts the real server (own process) and waits until it has indexed the bench chain. */
async function startIndexedServer(chain: BenchChain, env: Record<string, string>) {
  const server = await startChild(join(BENCH_ROOT, "src/servers/sofi-server.ts"), env, {
    nodeArgs: serverNodeArgs(),
    logFile: serverLog("server"),
  });
  try {
    const base = `http://127.0.0.1:${server.port}`;
    const t0 = performance.now();
    const indexedBlock = await waitFor(
      "the server to index the bench chain",
      async () => {
        const h = JSON.parse((await getJson(`${base}/api/health`)).text) as Health;
        const c = h.chains?.find((x) => x.chain === "local");
        if (c?.indexedBlock !== null && c?.indexedBlock !== undefined && c.indexedBlock >= chain.toBlock)
          return c.indexedBlock;
        return undefined;
      },
      900_000,
    );
    return { server, base, indexedBlock, waitedForIndexMs: performance.now() - t0 };
  } catch (e) {
    await server.stop();
    throw new Error(`${(e as Error).message}\n--- server output ---\n${server.output().slice(-3000)}`);
  }
}

/** The deepest `base`/`quote` pool of the deployment by its latest indexed reserve of `quote`. */
async function deepestPool(db: Db, chain: BenchChain, base: string, quote: string): Promise<string> {
  const d = chain.deployment;
  const addr = (sym: string) => d.tokens.find((t) => t.symbol === sym)?.address.toLowerCase();
  const b = base === "WETH" ? d.weth.toLowerCase() : addr(base);
  const q = addr(quote);
  const pools = d.pairs.filter(
    (p) =>
      (p.token0.toLowerCase() === b && p.token1.toLowerCase() === q) ||
      (p.token1.toLowerCase() === b && p.token0.toLowerCase() === q),
  );
  let best: { pair: string; depth: bigint } | null = null;
  for (const p of pools) {
    const [r] = await db.query<{ r0: string; r1: string }>(
      `SELECT reserve0::text AS r0, reserve1::text AS r1 FROM pair_candles
       WHERE chain_id = $1 AND pair = $2 ORDER BY bucket DESC LIMIT 1`,
      [d.chainId, p.address.toLowerCase()],
    );
    if (!r) continue;
    const depth = BigInt(p.token0.toLowerCase() === q ? r.r0 : r.r1);
    if (!best || depth > best.depth) best = { pair: p.address.toLowerCase(), depth };
  }
  if (!best) throw new Error(`no indexed ${base}-${quote} pool`);
  return best.pair;
}

/**
 * Load on the real server (its own process, PGlite in `dataDir` or PostgreSQL) for every list
 * endpoint, beside a bare Hono handler measured the same way. The server first indexes the bench
 * chain; then, stopped, its database gets `fillRows` synthetic trades, swaps and syncs (fill.ts),
 * `portfolios` synthetic portfolios with their trades (fill-portfolios.ts), `proposals`
 * synthetic governance proposals with `votes` votes (fill-governance.ts), `markets` prediction
 * markets with `marketTrades` trades (fill-predict.ts), `raceRounds` settled race rounds with
 * `racePredictions` predictions (fill-races.ts) and `posts` posts from `postAuthors` authors
 * (fill-social.ts), and it is started again on it for the load.
 */
export async function benchApi(
  chain: BenchChain,
  opts: {
    /** PGlite: the server's DATA_DIR (its database in `<dataDir>/db`). */
    dataDir: string;
    /** PostgreSQL instead: the server's DATABASE_URL. */
    databaseUrl?: string;
    /** Synthetic trades (and swaps, and syncs) added under the indexed chain. */
    fillRows: number;
    /** Synthetic portfolios and their buys and sells (fill-portfolios.ts). */
    portfolios: number;
    portfolioTrades: number;
    /** Synthetic governance proposals and their votes (fill-governance.ts). */
    proposals: number;
    votes: number;
    /** Synthetic prediction markets and their trades (fill-predict.ts). */
    markets: number;
    marketTrades: number;
    /** Synthetic settled race rounds and their predictions (fill-races.ts). */
    raceRounds: number;
    racePredictions: number;
    /** Synthetic posts and their authors (fill-social.ts). */
    posts: number;
    postAuthors: number;
    connections: number;
    durationMs: number;
    rounds?: number;
    /** PostgreSQL only: also measure the "in turn" rows against two API replicas (issue 21 §2). */
    replicas?: boolean;
    log?: (s: string) => void;
  },
): Promise<ApiResult> {
  const log = opts.log ?? (() => {});
  mkdirSync(CACHE_DIR, { recursive: true });
  const deploymentFile = join(CACHE_DIR, "api-deployment.json");
  writeFileSync(deploymentFile, JSON.stringify(chain.deployment, null, 2));

  const env: Record<string, string> = {
    CHAINS: "local",
    RPC_URL_LOCAL: chain.rpcUrl,
    DEPLOYMENT_LOCAL: deploymentFile,
    DATA_DIR: opts.dataDir,
    ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {}),
    ROLES: "api,indexer",
    WEB_DIST: join(CACHE_DIR, "no-web-dist"),
    // The fills end with ANALYZE. The server's own first one (PGlite: a minute after start, then
    // hourly, table by table) would land inside the load, on whichever row runs then; its cost is
    // stated on its own (docs/decisions.md, "Topic pages read ahead").
    PLANNER_STATS_FIRST_S: "3600",
  };

  // 1. The server indexes the chain (PGlite: already done when the indexer section left its directory).
  const first = await startIndexedServer(chain, env);
  log(`  server indexed to block ${first.indexedBlock} (waited ${Math.round(first.waitedForIndexMs)} ms)`);
  await first.server.stop();

  // 2. Synthetic history under it, through the server's own schema, while no server runs.
  const db = await createDb(opts.databaseUrl ? { url: opts.databaseUrl } : { dataDir: join(opts.dataDir, "db") });
  let fill: FillResult;
  let portfolioFill: PortfolioFillResult;
  let governanceFill: GovernanceFillResult;
  let predictFill: PredictFillResult;
  let racesFill: RacesFillResult;
  let socialFill: SocialFillResult;
  let explain: Record<string, string[]>;
  try {
    const historyPair = await deepestPool(db, chain, HISTORY.base, HISTORY.quote);
    log(`  filling ${opts.fillRows.toLocaleString("en-US")} synthetic trades, swaps and syncs (${db.kind})`);
    fill = await fillSynthetic(db, {
      chainId: chain.deployment.chainId,
      deployment: chain.deployment,
      rows: opts.fillRows,
      historyPair,
      log,
    });
    log(
      `  filled in ${(fill.ms / 1000).toFixed(1)} s: ${Object.entries(fill.tables)
        .map(([k, v]) => `${k} ${v.toLocaleString("en-US")}`)
        .join(
          ", ",
        )}; heavy user ${fill.heavyUserTrades.toLocaleString("en-US")} trades, typical ${fill.typicalUserTrades}`,
    );
    log(
      `  filling ${opts.portfolios.toLocaleString("en-US")} synthetic portfolios with ${opts.portfolioTrades.toLocaleString("en-US")} trades (${db.kind})`,
    );
    portfolioFill = await fillPortfolios(db, {
      chainId: chain.deployment.chainId,
      deployment: chain.deployment,
      portfolios: opts.portfolios,
      trades: opts.portfolioTrades,
      log,
    });
    log(
      `  filled in ${(portfolioFill.ms / 1000).toFixed(1)} s: ${Object.entries(portfolioFill.tables)
        .map(([k, v]) => `${k} ${v.toLocaleString("en-US")}`)
        .join(", ")}`,
    );
    log(
      `  filling ${opts.proposals.toLocaleString("en-US")} synthetic proposals with ${opts.votes.toLocaleString("en-US")} votes (${db.kind})`,
    );
    governanceFill = await fillGovernance(db, {
      chainId: chain.deployment.chainId,
      deployment: chain.deployment,
      proposals: opts.proposals,
      votes: opts.votes,
      log,
    });
    log(
      `  filled in ${(governanceFill.ms / 1000).toFixed(1)} s: ${Object.entries(governanceFill.tables)
        .map(([k, v]) => `${k} ${v.toLocaleString("en-US")}`)
        .join(
          ", ",
        )}; popular proposal ${governanceFill.popularProposalId} with ${governanceFill.popularVotes.toLocaleString("en-US")} votes; statuses ${JSON.stringify(governanceFill.statuses)}`,
    );
    const fillArgs = { chainId: chain.deployment.chainId, deployment: chain.deployment, log };
    const tablesOf = (t: Record<string, number>) =>
      Object.entries(t)
        .map(([k, v]) => `${k} ${v.toLocaleString("en-US")}`)
        .join(", ");
    log(
      `  filling ${opts.markets.toLocaleString("en-US")} synthetic prediction markets with ${opts.marketTrades.toLocaleString("en-US")} trades (${db.kind})`,
    );
    predictFill = await fillPredict(db, { ...fillArgs, markets: opts.markets, trades: opts.marketTrades });
    log(
      `  filled in ${(predictFill.ms / 1000).toFixed(1)} s: ${tablesOf(predictFill.tables)}; markets ${JSON.stringify(predictFill.states)}; trader ${predictFill.trader} ${predictFill.traderTrades} trades, ${predictFill.traderPositions} positions`,
    );
    log(
      `  filling ${opts.raceRounds.toLocaleString("en-US")} synthetic settled race rounds with ${opts.racePredictions.toLocaleString("en-US")} predictions (${db.kind})`,
    );
    racesFill = await fillRaces(db, { ...fillArgs, rounds: opts.raceRounds, predictions: opts.racePredictions });
    log(
      `  filled in ${(racesFill.ms / 1000).toFixed(1)} s: ${tablesOf(racesFill.tables)}; results ${JSON.stringify(racesFill.results)}; predictor ${racesFill.racer} ${racesFill.racerPredictions} predictions, ${racesFill.racerPoints} points`,
    );
    log(
      `  filling ${opts.posts.toLocaleString("en-US")} synthetic posts from ${opts.postAuthors.toLocaleString("en-US")} authors (${db.kind})`,
    );
    socialFill = await fillSocial(db, { ...fillArgs, posts: opts.posts, authors: opts.postAuthors });
    log(
      `  filled in ${(socialFill.ms / 1000).toFixed(1)} s: ${tablesOf(socialFill.tables)}; ${socialFill.topicPosts.toLocaleString("en-US")} under ${BENCH_TOPIC}, ${socialFill.lastDayPosts.toLocaleString("en-US")} in the last 24 h`,
    );
    if (db.kind === "postgres") {
      // A database that has served for a while has been vacuumed and has its pages on disk: without
      // this, autovacuum's insert-triggered VACUUM of the million-row tables just filled, and the
      // checkpointer writing the fill's pages, run during the load and take a core from the server
      // under test (PostgreSQL rows only, and differently in every run).
      const t = performance.now();
      await db.query("VACUUM (ANALYZE)");
      // and the fill's dirty pages written out now, not by the checkpointer during the load
      await db.query("CHECKPOINT").catch((e: Error) => log(`  CHECKPOINT not run: ${e.message}`));
      log(`  VACUUM (ANALYZE) and CHECKPOINT in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    }
    explain = await explainTrades(db, chain.deployment.chainId);
  } finally {
    await db.close();
  }

  // 3. The server again, on the filled database, under load beside the bare handler.
  const bareChild = await startChild(join(BENCH_ROOT, "src/servers/bare-hono.ts"));
  const s = await startIndexedServer(chain, env).catch(async (e) => {
    await bareChild.stop();
    throw e;
  });
  const space: EndpointSpace = {
    portfolios: opts.portfolios,
    managers: portfolioFill.managers,
    proposals: governanceFill.proposals,
    firstProposalId: governanceFill.firstProposalId,
    totalProposals: governanceFill.totalProposals,
    popularProposalId: governanceFill.popularProposalId,
    proposers: governanceFill.proposers,
    traders: predictFill.traders,
    rounds: racesFill.rounds,
    firstRoundId: racesFill.firstRoundId,
    racers: racesFill.racers,
    authors: socialFill.authors,
    tags: socialFill.tags,
  };
  try {
    const samples: ApiResult["samples"] = {};
    for (const [name, e] of Object.entries(API_ENDPOINTS)) {
      const path = typeof e === "string" ? e : e(7, space);
      const r = await getJson(s.base + path);
      if (r.status !== 200) throw new Error(`GET ${path} answered ${r.status}: ${r.text.slice(0, 300)}`);
      const body = JSON.parse(r.text) as unknown;
      const b = body as {
        trades?: unknown[];
        portfolios?: unknown[];
        components?: unknown[];
        proposals?: unknown[];
        votes?: { votes: string }[];
        calls?: unknown[];
        positions?: unknown[];
        history?: unknown[];
        predicts?: unknown[];
        posts?: unknown[];
        leaderborad?: unknown[];
        mypoints?: unknown;
        total?: unknown;
      };
      const items = Array.isArray(body)
        ? body.length
        : (
            b.trades ??
            b.portfolios ??
            b.components ??
            b.proposals ??
            b.votes ??
            b.calls ??
            b.positions ??
            b.history ??
            b.predicts ??
            b.posts ??
            []
          ).length;
      const weights = b.votes?.map((v) => BigInt(v.votes));
      samples[name] = {
        status: r.status,
        bytes: r.text.length,
        items,
        ...(typeof b.total === "number" ? { total: b.total } : {}),
        ...(b.leaderborad ? { leaders: b.leaderborad.length } : {}),
        ...(typeof b.mypoints === "number" ? { mypoints: b.mypoints } : {}),
        ...(weights ? { ordered: weights.every((w, k) => k === 0 || w <= (weights[k - 1] as bigint)) } : {}),
        head: r.text.slice(0, 300),
      };
    }
    const tradesReadAhead = await waitForReadAhead(s.base, READ_AHEADS.trades, log);
    const proposalsHeld = await waitForProposalsBook(s.base, log);
    const racesReadAhead = await waitForReadAhead(s.base, READ_AHEADS.races, log);
    const topicsReadAhead = await waitForReadAhead(s.base, READ_AHEADS.topics, log);
    const detailsReadAhead = await waitForReadAhead(s.base, READ_AHEADS.details, log);
    const managersReadAhead = await waitForReadAhead(s.base, READ_AHEADS.managers, log);
    const positionsReadAhead = await waitForReadAhead(s.base, READ_AHEADS.positions, log);
    // BENCH_API_ENDPOINTS (comma-separated names) loads only those rows: a before/after of one change
    const only = (process.env.BENCH_API_ENDPOINTS ?? "").split(",").filter(Boolean);
    const names = (Object.keys(API_ENDPOINTS) as ApiEndpoint[]).filter((n) => only.length === 0 || only.includes(n));
    const [bare, bareLarge, ...loads] = await loadTestMany({
      urls: [
        `http://127.0.0.1:${bareChild.port}/x`,
        `http://127.0.0.1:${bareChild.port}/x/large`,
        ...names.map((n) => endpointTarget(s.base, API_ENDPOINTS[n] as string | PathOf, space)),
      ],
      connections: opts.connections,
      durationMs: opts.durationMs,
      rounds: opts.rounds,
      onBurst: burstLog(["bare", "bareLarge", ...names], log),
    });
    const replicas =
      opts.replicas && opts.databaseUrl
        ? await measureReplicas(env, s.base, bareChild.port, space, opts, log)
        : undefined;
    return {
      ...(replicas ? { replicas } : {}),
      tradesReadAhead,
      proposalsHeld,
      racesReadAhead,
      topicsReadAhead,
      detailsReadAhead,
      managersReadAhead,
      positionsReadAhead,
      server: {
        db: opts.databaseUrl ? "postgres" : "pglite",
        indexedBlock: s.indexedBlock,
        waitedForIndexMs: first.waitedForIndexMs,
      },
      fill,
      portfolioFill,
      governanceFill,
      predictFill,
      racesFill,
      socialFill,
      explain,
      bare: bare as LoadResult,
      bareLarge: bareLarge as LoadResult,
      endpoints: Object.fromEntries(names.map((n, i) => [n, loads[i] as LoadResult])) as Record<
        ApiEndpoint,
        LoadResult
      >,
      samples,
    };
  } catch (e) {
    throw new Error(`${(e as Error).message}\n--- server output ---\n${s.server.output().slice(-3000)}`);
  } finally {
    await s.server.stop();
    await bareChild.stop();
  }
}

/** One line per measured burst: a long load (PGlite at full size) says which row it is on. */
const burstLog =
  (names: string[], log: (s: string) => void) =>
  ({ round, rounds, index, result }: { round: number; rounds: number; index: number; result: LoadResult }) =>
    log(
      `  round ${round}/${rounds} ${names[index] ?? index}: ${Math.round(result.rps).toLocaleString("en-US")} req/s, p99 ${result.latencyMs.p99.toFixed(1)} ms${result.errors || result.non2xx ? `, ${result.errors} errors, ${result.non2xx} non-2xx` : ""} (load ${result.loadAvg1m.toFixed(2)})`,
    );

/** The "in turn" rows the replicas measurement loads (BENCH_REPLICA_ENDPOINTS overrides). */
const REPLICA_ENDPOINTS = ["tradesManyUsers", "portfolioDetailMany", "marketsPositionsInTurn", "postsAddressInTurn"];

/**
 * Starts a second API-only server on the same database and loads each "in turn" row against the
 * first server alone and against both (request i to replica i mod 2), interleaved in one run so the
 * machine's background load hits both alike. The bench's load client, both servers and PostgreSQL
 * share this machine's cores: the ratio says what a second replica adds on it, not on a cluster.
 */
async function measureReplicas(
  env: Record<string, string>,
  baseA: string,
  barePort: number,
  space: EndpointSpace,
  opts: { dataDir: string; connections: number; durationMs: number; rounds?: number },
  log: (s: string) => void,
): Promise<NonNullable<ApiResult["replicas"]>> {
  const dataDir = join(opts.dataDir, "replica-b");
  mkdirSync(dataDir, { recursive: true });
  const b = await startChild(
    join(BENCH_ROOT, "src/servers/sofi-server.ts"),
    { ...env, ROLES: "api", DATA_DIR: dataDir },
    { nodeArgs: serverNodeArgs(), logFile: serverLog("replica-b") },
  );
  try {
    const baseB = `http://127.0.0.1:${b.port}`;
    await waitFor(
      "the second replica to answer",
      async () => ((await getJson(`${baseB}/api/local/sofi/tokens`)).status === 200 ? true : undefined),
      120_000,
    );
    const names = (process.env.BENCH_REPLICA_ENDPOINTS?.split(",").filter(Boolean) ?? REPLICA_ENDPOINTS).filter(
      (n) => typeof API_ENDPOINTS[n] === "function",
    );
    log(`  replicas: ${names.join(", ")} against one API replica and against two (PostgreSQL)`);
    const targets = names.flatMap((n) => {
      const path = API_ENDPOINTS[n] as PathOf;
      return [(i: number) => baseA + path(i, space), (i: number) => (i % 2 ? baseB : baseA) + path(i, space)];
    });
    const [bare, ...loads] = await loadTestMany({
      urls: [`http://127.0.0.1:${barePort}/x`, ...targets],
      connections: opts.connections,
      durationMs: opts.durationMs,
      rounds: opts.rounds,
      onBurst: burstLog(["bare", ...names.flatMap((n) => [`${n} (one replica)`, `${n} (two)`])], log),
    });
    return {
      bare: bare as LoadResult,
      rows: Object.fromEntries(
        names.map((n, k) => [n, { one: loads[2 * k] as LoadResult, two: loads[2 * k + 1] as LoadResult }]),
      ),
    };
  } finally {
    await b.stop();
  }
}

/**
 * Runs `fn` with the URL of a fresh PostgreSQL database created next to `url`'s (dropped
 * afterwards): the server under load runs its own migrations into it, touching nothing else.
 */
export async function withScratchDatabase<T>(url: string, fn: (scratchUrl: string) => Promise<T>): Promise<T> {
  const name = `sofi_bench_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
    const scratch = new URL(url);
    scratch.pathname = `/${name}`;
    try {
      return await fn(scratch.toString());
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    }
  } finally {
    await admin.end();
  }
}
