import { PREDICT_HOME_POSITIONS, PREDICT_POSITIONS_PAGE } from "@sofi/core";
import { API_ENDPOINTS, type ApiEndpoint, type ApiResult, LABEL_SPACE, MANY_USERS } from "./api.ts";
import type { CeilingResult, RpcFloorResult } from "./ceiling.ts";
import {
  GOVERNANCE_GAS_CALLS,
  GOVERNANCE_GAS_MAX_RATIO,
  GOVERNANCE_GAS_TARGETED,
  type GovernanceGasResult,
} from "./governance-gas.ts";
import type { IndexerResult } from "./indexer.ts";
import type { LoadResult } from "./load.ts";
import { formatMarketGas, type MarketGasResult } from "./market-gas.ts";
import { GAS_AIM_RATIO, GAS_MUST_RATIO, GAS_TRADES, type GasResult } from "./portfolio-gas.ts";
import type { ComponentProfile } from "./profile.ts";
import { RACE_GAS_CALLS, RACE_PREDICT_CALLS, RACE_PREDICT_MAX_GAS, type RaceGasResult } from "./races-gas.ts";
import type { WebResult } from "./web.ts";
import type { WebMarketResult } from "./web-market.ts";
import type { WebSwapResult } from "./web-swap.ts";

export const TARGETS = {
  indexerPgliteEventsPerSec: 20_000,
  indexerPostgresEventsPerSec: 30_000,
  apiP99Ms: 50,
  /** Each endpoint's req/s over the bare Hono handler's, same run. */
  apiMinRatio: 0.3,
  webFirstRouteGzipBytes: 250 * 1024,
  swapFirstLoadRpcRequests: 3,
  swapQuoteMs: 250,
} as const;

export type Results = {
  version: 1;
  startedAt: string;
  mode: "full" | "quick";
  machine: {
    node: string;
    cpus: number;
    cpuModel: string;
    platform: string;
    /** 1-minute load average: other work on the machine skews every figure. */
    loadAvgAtStart: number;
    loadAvgAtEnd?: number;
  };
  sections: string[];
  indexer?: {
    chain: {
      swaps: number;
      swapsPerTx: number;
      seedDays: number;
      seedSwaps: number;
      pairs: number;
      fromBlock: number;
      toBlock: number;
      pairEvents: number;
      cached: boolean;
      generatedInMs: number;
    };
    ceiling: CeilingResult;
    /** Raw eth_getLogs + JSON.parse + the indexer's own decoders, no storage (older results lack it). */
    rawCeiling?: CeilingResult;
    rpcFloor: RpcFloorResult;
    pglite?: IndexerResult;
    postgres?: IndexerResult;
    stages?: ComponentProfile;
  };
  api?: ApiResult & { connections: number; durationMs: number; rounds: number };
  apiPostgres?: ApiResult & { connections: number; durationMs: number; rounds: number };
  web?: WebResult;
  swap?: WebSwapResult;
  market?: WebMarketResult;
  gas?: GasResult;
  /** Governance gas beside a plain OZ Governor (the `gas` section; older results lack it). */
  governanceGas?: GovernanceGasResult;
  /** Races gas: predict and the keeper's calls (the `gas` section; older results lack it). */
  racesGas?: RaceGasResult;
  marketGas?: MarketGasResult;
  errors: Record<string, string>;
  totalMs?: number;
};

const int = (n: number) => Math.round(n).toLocaleString("en-US");
/** events/s, with every run's when the figure is their median. */
const rate = (r: { eventsPerSec: number; runs?: number[] }) =>
  r.runs && r.runs.length > 1
    ? `${int(r.eventsPerSec)} (median of ${r.runs.map(int).join(" / ")})`
    : int(r.eventsPerSec);
const ms = (n: number) => `${n.toFixed(1)} ms`;
const sec = (n: number) => `${(n / 1000).toFixed(2)} s`;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

function table(headers: string[], rows: string[][], rightAlign: boolean[] = []): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const fmt = (cells: string[]) =>
    `  ${cells.map((c, i) => (rightAlign[i] ? c.padStart(widths[i] as number) : c.padEnd(widths[i] as number))).join("  ")}`;
  return [fmt(headers), `  ${widths.map((w) => "-".repeat(w)).join("  ")}`, ...rows.map(fmt)].join("\n");
}

const verdict = (ok: boolean) => (ok ? "ok" : "MISSED");

/** API rows shown beside bare Hono without the target: what no screen asks for (their path's comment says why). */
const REFERENCE_ENDPOINTS: ReadonlySet<string> = new Set(["marketsPositionsAllInTurn"]);

export function formatResults(r: Results): string {
  const out: string[] = [];
  out.push(
    `sofi bench (${r.mode}) ${r.startedAt} · Node ${r.machine.node} · ${r.machine.cpus} CPU (${r.machine.cpuModel})`,
  );
  if (r.indexer) {
    const i = r.indexer;
    out.push("");
    out.push(
      `Indexer backfill · local anvil chain: deployAll + ${i.chain.seedDays} days seeded (${int(i.chain.seedSwaps)} swaps) + ${int(i.chain.swaps)} batched swaps (${i.chain.swapsPerTx}/tx) on ${i.chain.pairs} Uniswap V2 pairs = ${int(i.chain.pairEvents)} Swap+Sync events in blocks ${i.chain.fromBlock}-${i.chain.toBlock}${i.chain.cached ? " · cached chain" : ` · chain generated in ${sec(i.chain.generatedInMs)}`}`,
    );
    const rows: string[][] = [
      [
        `plain viem getLogs + decode, no storage (${i.ceiling.blocksPerRequest} blocks/request)`,
        int(i.ceiling.events),
        sec(i.ceiling.ms),
        rate(i.ceiling),
        "ceiling",
      ],
      ...(i.rawCeiling
        ? [
            [
              `raw eth_getLogs + JSON.parse + the indexer's decoders, no storage (${i.rawCeiling.blocksPerRequest} blocks/request)`,
              int(i.rawCeiling.events),
              sec(i.rawCeiling.ms),
              rate(i.rawCeiling),
              "raw ceiling",
            ],
          ]
        : []),
      [
        "raw eth_getLogs (Swap+Sync topics), fetch + JSON.parse only",
        int(i.rpcFloor.events),
        sec(i.rpcFloor.ms),
        rate(i.rpcFloor),
        "RPC floor",
      ],
    ];
    for (const [name, res, target] of [
      ["indexer → PGlite (disk)", i.pglite, TARGETS.indexerPgliteEventsPerSec],
      ["indexer → PostgreSQL", i.postgres, TARGETS.indexerPostgresEventsPerSec],
    ] as const) {
      if (!res) continue;
      rows.push([
        name,
        int(res.events),
        sec(res.ms),
        rate(res),
        i.rawCeiling
          ? `${(res.eventsPerSec / i.rawCeiling.eventsPerSec).toFixed(2)} × raw ceiling (≥ 0.5: ${verdict(res.eventsPerSec >= 0.5 * i.rawCeiling.eventsPerSec)}) · ${(res.eventsPerSec / i.ceiling.eventsPerSec).toFixed(2)} × viem`
          : `≥ ${int(target)}: ${verdict(res.eventsPerSec >= target)}`,
      ]);
    }
    out.push(table(["run", "events", "time", "events/s", "target"], rows, [false, true, true, true, false]));
    for (const res of [i.pglite, i.postgres]) {
      if (!res) continue;
      const p = res.profile;
      out.push(
        `  where ${res.db} time goes (median run): fetching (logs worker: RPC, JSON, decode) ${sec(p.rpcMs)} (${p.getLogs} getLogs of which ${p.getLogsFailed} refused, costing ${sec(p.getLogsFailedMs)}; ${p.other} other calls) · database busy ${sec(p.dbMs)} · neither (main-thread glue) ${sec(p.otherMs)} · ${res.ranges} committed ranges · rows ${int(res.rowsSwaps)} swaps + ${int(res.rowsSyncs)} syncs`,
      );
    }
  }
  const st = r.indexer?.stages;
  if (st) {
    const rate = (msv: number | undefined) => (msv ? `${sec(msv)} (${int(st.events / (msv / 1000))} ev/s)` : "not run");
    out.push(
      `  stages one at a time, server's own functions, ${int(st.events)} events: fetch ${rate(st.fetchMs)} in ${st.chunks} requests of ~${int(st.logsPerChunk)} logs, ${rate(st.fetchSmallMs)} in ${st.smallRequests} requests of 10 blocks · decode ${rate(st.decodeMs)} · write rows + candles (the handler's insert), a transaction per chunk: PGlite ${rate(st.writeMs.pglite)}, PostgreSQL ${rate(st.writeMs.postgres)}`,
    );
  }
  for (const a of [r.api, r.apiPostgres]) {
    if (!a) continue;
    out.push("");
    out.push(
      `API under load · ${a.connections} keep-alive connections × ${sec(a.durationMs)} per endpoint in ${a.rounds} interleaved round(s) · server on ${a.server.db}, chain indexed to block ${a.server.indexedBlock}`,
    );
    if (a.tradesReadAhead) {
      const t = a.tradesReadAhead;
      out.push(
        `  before the load: the trades area read ahead ${int(t.users)} users' first pages, ${(t.bytes / 1e6).toFixed(1)} MB kept, in ${sec(t.waitedMs)}`,
      );
    }
    if (a.proposalsHeld) {
      const p = a.proposalsHeld;
      out.push(
        `  before the load: the governance area held ${p.proposals > 0 ? `${int(p.proposals)} proposals in memory` : "no proposals in memory (too many: the rows measure the database)"} and ${int(p.votePages ?? 0)} proposals' first votes pages, in ${sec(p.waitedMs)}`,
      );
    }
    if (a.racesReadAhead) {
      const r = a.racesReadAhead;
      out.push(
        `  before the load: the races area read ahead ${int(r.rounds)} rounds' pages and ${int(r.predictors)} predictors' points, ${(r.bytes / 1e6).toFixed(1)} MB kept, in ${sec(r.waitedMs)}`,
      );
    }
    if (a.topicsReadAhead) {
      const t = a.topicsReadAhead;
      out.push(
        `  before the load: the feed read ahead ${int(t.topics)} topics' first pages, ${(t.bytes / 1e6).toFixed(1)} MB kept, in ${sec(t.waitedMs)}`,
      );
    }
    if (a.detailsReadAhead) {
      const d = a.detailsReadAhead;
      out.push(
        `  before the load: the portfolios area read ahead ${int(d.portfolios)} portfolios' details, ${(d.bytes / 1e6).toFixed(1)} MB kept, in ${sec(d.waitedMs)}`,
      );
    }
    if (a.managersReadAhead) {
      const m = a.managersReadAhead;
      out.push(
        `  before the load: the people area read ahead ${int(m.managers)} managers' infos, ${(m.bytes / 1e6).toFixed(1)} MB kept, in ${sec(m.waitedMs)}`,
      );
    }
    if (a.positionsReadAhead) {
      const m = a.positionsReadAhead;
      out.push(
        `  before the load: the prediction market read ahead ${int(m.senders)} senders' positions, ${(m.bytes / 1e6).toFixed(1)} MB kept, in ${sec(m.waitedMs)}`,
      );
    }
    const f = a.fill;
    if (f) {
      const day = (t: number) => new Date(t * 1000).toISOString().slice(0, 10);
      out.push(
        `  database: ${int(f.tables.aggregatorTrades)} aggregator_trades, ${int(f.tables.pairSwaps)} pair_swaps, ${int(f.tables.pairSyncs)} pair_syncs, ${int(f.tables.pairCandles)} pair_candles (${int(f.rows)} synthetic trades, swaps and syncs under the indexed chain, inserted in ${sec(f.ms)}); history pool ${int(f.historyCandles)} candles ${day(f.historyFrom)} → ${day(f.historyTo)}; heavy user ${int(f.heavyUserTrades)} trades, typical user ${int(f.typicalUserTrades)}`,
      );
    }
    const pf = a.portfolioFill;
    if (pf) {
      out.push(
        `  portfolios: ${int(pf.tables.portfolios)} portfolios, ${int(pf.tables.portfolioTrades)} portfolio_trades (${int(pf.trades)} synthetic buys and sells, each with its issue or redeem), ${int(pf.tables.portfolioPositions)} positions, ${int(pf.tables.portfolioTransfers)} transfers, ${int(pf.tables.portfolioHolders)} holders, ${int(pf.tables.portfolioModuleEvents)} module events (inserted in ${sec(pf.ms)}); the detail and history rows read ${pf.portfolio} (${pf.portfolioComponents} components, ${int(pf.portfolioTrades)} trades)`,
      );
    }
    const gf = a.governanceFill;
    if (gf) {
      out.push(
        `  governance: ${int(gf.tables.governanceProposals)} proposals (${int(gf.proposals)} synthetic, ids ${gf.firstProposalId}-${gf.firstProposalId + gf.proposals - 1}, by status ${Object.entries(
          gf.statuses,
        )
          .map(([k, v]) => `${k}: ${int(v)}`)
          .join(
            ", ",
          )}), ${int(gf.tables.governanceVotes)} votes (${int(gf.votes)} synthetic), ${int(gf.tables.governanceTallies)} tallies, ${int(gf.tables.governanceEvents)} events (inserted in ${sec(gf.ms)}); the proposal and votes rows read proposal ${gf.popularProposalId} (${int(gf.popularVotes)} votes)`,
      );
    }
    const mf = a.predictFill;
    if (mf) {
      out.push(
        `  prediction market: ${int(mf.tables.predictMarkets)} markets (${int(mf.markets)} synthetic: ${Object.entries(
          mf.states,
        )
          .map(([k, v]) => `${k} ${int(v)}`)
          .join(
            ", ",
          )}), ${int(mf.tables.predictEvents)} events (${int(mf.trades)} synthetic buys and sells by ${int(mf.traders)} traders), ${int(mf.tables.predictTransfers)} outcome-token transfers, ${int(mf.tables.predictAnswers)} answers, ${int(mf.tables.predictSettlements)} resolutions and redemptions (inserted in ${sec(mf.ms)}); the positions row reads ${mf.trader} (${int(mf.traderTrades)} trades, ${int(mf.traderPositions)} positions)`,
      );
    }
    const rf = a.racesFill;
    if (rf) {
      out.push(
        `  races: ${int(rf.tables.raceRounds)} rounds (${int(rf.rounds)} synthetic settled, ids ${rf.firstRoundId}-${rf.firstRoundId + rf.rounds - 1}, by result ${Object.entries(
          rf.results,
        )
          .map(([k, v]) => `${k}: ${int(v)}`)
          .join(
            ", ",
          )}), ${int(rf.tables.racePredictions)} predictions (${int(rf.predictions)} synthetic by ${int(rf.racers)} predictors), ${int(rf.tables.pointsLedger)} points awards, ${int(rf.tables.pointsTotals)} on the board (inserted in ${sec(rf.ms)}); the history row reads ${rf.racer} (${int(rf.racerPredictions)} predictions, ${int(rf.racerPoints)} points)`,
      );
    }
    const sf = a.socialFill;
    if (sf) {
      out.push(
        `  social: ${int(sf.tables.socialPosts)} posts (${int(sf.posts)} synthetic from ${int(sf.authors)} authors, ids from ${sf.firstPostId}, ${int(sf.lastDayPosts)} in the last 24 h), ${int(sf.tables.socialPostTopics)} topic rows over ${int(sf.tags)} tags and the listed tokens (inserted in ${sec(sf.ms)}); ${int(sf.topicPosts)} posts under the fixed topic`,
      );
    }
    const bareRps = a.bare.rps;
    /** A yardstick (bare Hono itself), a reference (compared with bare Hono, no target) or a row with the target. */
    const row = (name: string, l: LoadResult, kind: "yardstick" | "reference" | "target") => {
      const compared = kind !== "yardstick";
      const ratio = l.rps / bareRps;
      const ok = ratio >= TARGETS.apiMinRatio && l.latencyMs.p99 < TARGETS.apiP99Ms;
      return [
        name,
        int(l.requests),
        int(l.rps),
        compared ? `${ratio.toFixed(2)} ×` : "1 ×",
        ms(l.latencyMs.p50),
        ms(l.latencyMs.p99),
        ms(l.latencyMs.max),
        String(l.errors + l.non2xx),
        l.loadAvg1m === undefined ? "?" : `${l.loadAvg1m.toFixed(1)} (max ${l.loadAvg1mMax.toFixed(1)})`,
        kind === "target"
          ? `≥ ${TARGETS.apiMinRatio} × bare, p99 < ${TARGETS.apiP99Ms} ms: ${verdict(ok)}${ok ? "" : ` (${[ratio < TARGETS.apiMinRatio ? "req/s" : "", l.latencyMs.p99 >= TARGETS.apiP99Ms ? "p99" : ""].filter(Boolean).join(", ")})`}`
          : kind,
      ];
    };
    const endpoints = Object.entries(a.endpoints ?? {}) as [ApiEndpoint, LoadResult][];
    out.push(
      table(
        ["endpoint", "requests", "req/s", "vs bare", "p50", "p99", "max", "errors", "load 1m", "target"],
        [
          row("bare Hono GET /x", a.bare, "yardstick"),
          ...(a.bareLarge
            ? [
                row(
                  "bare Hono GET /x/large (the same handler, a constant 20 KB reply: a reference, no target)",
                  a.bareLarge,
                  "reference",
                ),
              ]
            : []),
          ...endpoints.map(([n, l]) => {
            const e = API_ENDPOINTS[n] ?? n;
            const path = typeof e === "string" ? e : e(0, LABEL_SPACE);
            const gf = a.governanceFill;
            const who: Record<string, string> = {
              tradesHeavy: " (heavy user)",
              tradesTypical: " (typical user)",
              tradesManyUsers: ` (${int(MANY_USERS)} users in turn)`,
              portfolioDetailMany: ` (${int(a.portfolioFill?.portfolios ?? 0)} portfolios in turn)`,
              manager: " (one manager's info)",
              managerInTurn: ` (${int(a.portfolioFill?.managers ?? 0)} managers in turn)`,
              proposalsInTurn: ` (every offset of ${int(gf?.totalProposals ?? 0)} proposals in turn)`,
              proposalsByProposer: ` (${int(gf?.proposers ?? 0)} proposers in turn)`,
              proposal: ` (the popular one, ${int(gf?.popularVotes ?? 0)} votes)`,
              proposalInTurn: ` (${int(gf?.proposals ?? 0)} proposals in turn)`,
              votes: ` (the popular one's first page of ${int(gf?.popularVotes ?? 0)})`,
              votesInTurn: ` (${int(gf?.proposals ?? 0)} proposals in turn)`,
              markets: ` (${int(mf?.tables.predictMarkets ?? 0)} markets)`,
              marketsPositions: ` (a trader with ${int(mf?.traderPositions ?? 0)} positions)`,
              marketsPositionsInTurn: ` (${int(mf?.traders ?? 0)} traders in turn, the transactions page's first ${PREDICT_POSITIONS_PAGE})`,
              marketsPositionsAllInTurn: ` (${int(mf?.traders ?? 0)} traders in turn, every position: the spec's unpaged form, which no screen asks for; a reference, no target)`,
              marketsPositionsHomeInTurn: ` (${int(mf?.traders ?? 0)} traders in turn, ${PREDICT_HOME_POSITIONS} open positions: the home and the account panel)`,
              points: " (the leader board)",
              pointsHistory: ` (a predictor's points and history, ${int(rf?.racerPredictions ?? 0)} predictions)`,
              pointsInTurn: ` (${int(rf?.racers ?? 0)} predictors in turn)`,
              rounds: ` (running rounds among ${int(rf?.tables.raceRounds ?? 0)})`,
              roundInTurn: ` (${int(rf?.rounds ?? 0)} settled rounds in turn)`,
              postsTopic: ` (${int(sf?.topicPosts ?? 0)} posts under it)`,
              postsTopicInTurn: ` (${int(sf?.tags ?? 0)} tags in turn)`,
              postsAddress: " (one viewer)",
              postsAddressInTurn: ` (${int(sf?.authors ?? 0)} viewers in turn, none of whom reacted)`,
              trending: ` (${int(sf?.lastDayPosts ?? 0)} posts in the last 24 h)`,
            };
            return row(
              `GET ${path
                .replace(/user=0x[0-9a-f]{40}/, "user=…")
                .replace(/proposer=0x[0-9a-f]{40}/, "proposer=…")
                .replace(/(sender|address)=0x[0-9a-f]{40}/, "$1=…")
                .replace(/rounds\/\d+/, "rounds/{id}")
                .replace(/topic=tag\d+/, "topic={tag}")
                .replace(/portfolios\/0x[0-9a-f]{40}/, "portfolios/{id}")
                .replace(/managers\/0x[0-9a-f]{40}/, "managers/{address}")
                .replace(/proposalId=\d+/, "proposalId=…")
                // only the proposals row moves its offset; the positions page stays at offset=0
                .replace(/offset=\d+/, n === "proposalsInTurn" ? "offset=…" : "$&")}${who[n] ?? ""}`,
              l,
              REFERENCE_ENDPOINTS.has(n) ? "reference" : "target",
            );
          }),
        ],
        [false, true, true, true, true, true, true, true, true, false],
      ),
    );
    if (a.replicas) {
      const rb = a.replicas.bare.rps;
      out.push(
        `  ${a.server.db}: one API replica against two on the same database (bare Hono ${int(rb)} req/s in this run)`,
      );
      out.push(
        table(
          ["endpoint (in turn)", "one: req/s", "p99", "two: req/s", "p99", "two / one", "load 1m"],
          Object.entries(a.replicas.rows).map(([n, { one, two }]) => [
            n,
            `${int(one.rps)} (${(one.rps / rb).toFixed(2)} ×)`,
            ms(one.latencyMs.p99),
            `${int(two.rps)} (${(two.rps / rb).toFixed(2)} ×)`,
            ms(two.latencyMs.p99),
            `${(two.rps / one.rps).toFixed(2)} ×`,
            `${one.loadAvg1m.toFixed(1)} / ${two.loadAvg1m.toFixed(1)}`,
          ]),
          [false, true, true, true, true, true, false],
        ),
      );
    }
    const plan = a.explain?.heavyFirstPage;
    if (plan) {
      const scan = plan.find((l) => /Scan/.test(l))?.trim() ?? plan[0] ?? "";
      const time = plan.find((l) => /Execution Time/.test(l))?.trim() ?? "";
      out.push(`  heavy user's first trade page on ${a.server.db}: ${scan} · ${time}`);
    }
  }
  if (r.web) {
    const w = r.web;
    out.push("");
    out.push(
      `Web · first route JavaScript (index.html entry + static imports, gzip -9)${w.built ? " · built now" : ""}`,
    );
    out.push(
      table(
        ["file", "raw", "gzip"],
        [
          ...w.files.map((f) => [f.file, kb(f.bytes), kb(f.gzipBytes)]),
          [
            `total (${w.files.length} files; target < ${kb(TARGETS.webFirstRouteGzipBytes)} gzip: ${verdict(w.jsGzipBytes < TARGETS.webFirstRouteGzipBytes)})`,
            kb(w.jsBytes),
            kb(w.jsGzipBytes),
          ],
        ],
        [false, true, true],
      ),
    );
  }
  if (r.swap)
    out.push(
      "",
      ...formatPage(
        r.swap,
        `Swap page · /aggregateSwap in Chromium (${r.swap.chromium}) on the real stack (anvil + seeded chain + server)`,
        "the reserves read after the quote may fall in",
      ),
    );
  if (r.market)
    out.push(
      "",
      ...formatPage(
        r.market,
        `Market page · /predict/${r.market.market} in Chromium on the same stack`,
        "the panel's reads after the quote may fall in",
      ),
    );
  if (r.gas) out.push("", ...formatGas(r.gas));
  if (r.governanceGas) out.push("", ...formatGovernanceGas(r.governanceGas));
  if (r.racesGas) out.push("", ...formatRaceGas(r.racesGas));
  if (r.marketGas) out.push("", ...formatMarketGas(r.marketGas));
  for (const [section, msg] of Object.entries(r.errors)) {
    out.push("");
    out.push(`${section}: FAILED: ${msg.split("\n").slice(0, 8).join("\n  ")}`);
  }
  if (r.totalMs !== undefined) {
    out.push("");
    const load = `load average ${r.machine.loadAvgAtStart.toFixed(1)} at start, ${(r.machine.loadAvgAtEnd ?? 0).toFixed(1)} at end on ${r.machine.cpus} CPUs`;
    out.push(
      `total ${sec(r.totalMs)} · ${load}${r.machine.loadAvgAtStart > r.machine.cpus ? " (busy machine: figures are pessimistic)" : ""}`,
    );
  }
  return out.join("\n");
}

const TRADE_NAMES = {
  buyWithEth: "buy with ETH",
  buyWithToken: "buy with a token",
  sellForEth: "sell for ETH",
} as const;

/** The gas table: ours (the module's quoted route, and single-hop legs) beside the original's. */
export function formatGas(g: GasResult): string[] {
  const out = [
    `Portfolio gas · fresh anvil (${g.anvil}, hardfork ${g.hardfork}), warm trades of 1 token worth ~1 WETH, every leg bounded at ${g.slippageBps / 100} % and a deadline; exit fee ${g.exitFeeBps / 100} %; token buys pay ${g.buyToken}`,
  ];
  const rows: string[][] = [];
  let worst = 0;
  for (const p of g.portfolios) {
    for (const kind of GAS_TRADES) {
      const t = p.trades[kind];
      const hops = (h: number[]) => (h.every((x) => x === h[0]) ? `${h[0]}` : h.join("/"));
      worst = Math.max(worst, t.ratio, t.direct.ratio, t.viaWeth?.ratio ?? 0);
      rows.push([
        `${p.size} components, ${TRADE_NAMES[kind]}`,
        int(t.original),
        `${int(t.gasUsed)} (${hops(t.hops)} hop)`,
        `${t.ratio.toFixed(2)} ×`,
        `${int(t.direct.gasUsed)} (${t.direct.ratio.toFixed(2)} ×)`,
        t.viaWeth ? `${int(t.viaWeth.gasUsed)} (${t.viaWeth.ratio.toFixed(2)} ×)` : "",
        `≤ ${GAS_MUST_RATIO} ×: ${verdict(Math.max(t.ratio, t.direct.ratio, t.viaWeth?.ratio ?? 0) <= GAS_MUST_RATIO)} · ≤ ${GAS_AIM_RATIO} ×: ${verdict(Math.max(t.ratio, t.direct.ratio, t.viaWeth?.ratio ?? 0) <= GAS_AIM_RATIO)}${[t, t.direct, t.viaWeth].some((x) => x && !x.warm) ? " (not warm)" : ""}`,
      ]);
    }
  }
  out.push(
    table(
      ["trade", "original", "ours, quoted route", "ratio", "ours, 1 hop per leg", "USDT→WETH→comp", "target"],
      rows,
      [false, true, true, true, true, true, false],
    ),
  );
  out.push(`  highest ratio ${worst.toFixed(2)} × (gas is deterministic: the load average does not matter here)`);
  return out;
}

/** The governance gas table: SofiGovernor beside a plain OZ Governor on the same token. */
export function formatGovernanceGas(g: GovernanceGasResult): string[] {
  const rows = GOVERNANCE_GAS_CALLS.map((call) => {
    const row = g.calls[call];
    const targeted = GOVERNANCE_GAS_TARGETED.includes(call);
    return [
      call,
      int(row.plain),
      int(row.sofi),
      `${row.ratio.toFixed(2)} ×`,
      targeted ? `≤ ${GOVERNANCE_GAS_MAX_RATIO} ×: ${verdict(row.ratio <= GOVERNANCE_GAS_MAX_RATIO)}` : "reported",
    ];
  });
  return [
    `Governance gas · fresh anvil (${g.anvil}, hardfork ${g.hardfork}), SofiGovernor vs a plain OZ 5 Governor on the same SOFI, timelock delay ${g.delay / 86400} day(s); propose includes SofiGovernor's 100,000 SOFI stake`,
    table(["call", "plain OZ Governor", "SofiGovernor", "ratio", "target"], rows, [false, true, true, true, false]),
  ];
}

/** The races gas table: every kind of predict (held to its bound) and the keeper's calls. */
export function formatRaceGas(g: RaceGasResult): string[] {
  const rows = RACE_GAS_CALLS.map((call) => {
    const predict = RACE_PREDICT_CALLS.includes(call);
    return [
      call,
      int(g.calls[call].gas),
      predict ? `≤ ${int(RACE_PREDICT_MAX_GAS)}: ${verdict(g.calls[call].gas <= RACE_PREDICT_MAX_GAS)}` : "reported",
    ];
  });
  return [
    `Races gas · fresh anvil (${g.anvil}, hardfork ${g.hardfork}), HeadTailRaces: predict by wallets new to the round; the keeper's calls on a 10-minute TWAP window`,
    table(["call", "gas", "target"], rows, [false, true, false]),
  ];
}

/** A page's first-load RPC requests and quote latency (the swap and market pages). */
function formatPage(s: WebSwapResult | WebMarketResult, title: string, perQuoteNote: string): string[] {
  const out: string[] = [title];
  const load = (name: string, l: WebSwapResult["firstLoad"]) => [
    name,
    String(l.requests),
    `${l.calls} (${l.batches.map((b) => b.calls).join("+") || "0"})`,
    l.batches.map((b) => b.methods.join(",")).join(" | "),
    `≤ ${TARGETS.swapFirstLoadRpcRequests} requests: ${verdict(l.requests <= TARGETS.swapFirstLoadRpcRequests)}`,
  ];
  out.push(
    table(
      ["first load until network idle", "RPC HTTP requests", "calls (per request)", "methods", "target"],
      [load("no wallet", s.firstLoad), load("dev wallet session restored", s.firstLoadWithWallet)],
      [false, true, true, false, false],
    ),
  );
  const q = s.quote;
  out.push(
    table(
      ["quote, last keystroke → output shown", "samples", "median", "p90", "min", "max", "target"],
      [
        [
          `${q.pair}${q.wallet ? " (dev wallet)" : " (no wallet)"}, debounce ${q.debounceMs} ms`,
          String(q.samplesMs.length),
          ms(q.medianMs),
          ms(q.p90Ms),
          ms(q.minMs),
          ms(q.maxMs),
          `median ≤ ${TARGETS.swapQuoteMs} ms: ${verdict(q.medianMs <= TARGETS.swapQuoteMs)}`,
        ],
      ],
      [false, true, true, true, true, true, false],
    ),
  );
  out.push(
    `  RPC HTTP requests per quote (last keystroke → timing read back; ${perQuoteNote}): ${q.rpcRequestsPerQuote.join(", ")}`,
  );
  return out;
}
