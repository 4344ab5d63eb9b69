import { API_ENDPOINTS, type ApiEndpoint, type ApiResult, MANY_USERS } from "./api.ts";
import type { CeilingResult, RpcFloorResult } from "./ceiling.ts";
import type { IndexerResult } from "./indexer.ts";
import type { LoadResult } from "./load.ts";
import { GAS_AIM_RATIO, GAS_MUST_RATIO, GAS_TRADES, type GasResult } from "./portfolio-gas.ts";
import type { ComponentProfile } from "./profile.ts";
import type { WebResult } from "./web.ts";
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
  gas?: GasResult;
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
    const bareRps = a.bare.rps;
    const row = (name: string, l: LoadResult, target: boolean) => {
      const ratio = l.rps / bareRps;
      const ok = ratio >= TARGETS.apiMinRatio && l.latencyMs.p99 < TARGETS.apiP99Ms;
      return [
        name,
        int(l.requests),
        int(l.rps),
        target ? `${ratio.toFixed(2)} ×` : "1 ×",
        ms(l.latencyMs.p50),
        ms(l.latencyMs.p99),
        ms(l.latencyMs.max),
        String(l.errors + l.non2xx),
        l.loadAvg1m === undefined ? "?" : `${l.loadAvg1m.toFixed(1)} (max ${l.loadAvg1mMax.toFixed(1)})`,
        target
          ? `≥ ${TARGETS.apiMinRatio} × bare, p99 < ${TARGETS.apiP99Ms} ms: ${verdict(ok)}${ok ? "" : ` (${[ratio < TARGETS.apiMinRatio ? "req/s" : "", l.latencyMs.p99 >= TARGETS.apiP99Ms ? "p99" : ""].filter(Boolean).join(", ")})`}`
          : "yardstick",
      ];
    };
    const endpoints = Object.entries(a.endpoints ?? {}) as [ApiEndpoint, LoadResult][];
    out.push(
      table(
        ["endpoint", "requests", "req/s", "vs bare", "p50", "p99", "max", "errors", "load 1m", "target"],
        [
          row("bare Hono GET /x", a.bare, false),
          ...endpoints.map(([n, l]) => {
            const e = API_ENDPOINTS[n] ?? n;
            const path = typeof e === "string" ? e : e(0, 1);
            const who =
              n === "tradesHeavy"
                ? " (heavy user)"
                : n === "tradesTypical"
                  ? " (typical user)"
                  : n === "tradesManyUsers"
                    ? ` (${MANY_USERS.toLocaleString("en-US")} users in turn: database)`
                    : n === "portfolioDetailMany"
                      ? ` (${(a.portfolioFill?.portfolios ?? 0).toLocaleString("en-US")} portfolios in turn: database)`
                      : "";
            return row(
              `GET ${path.replace(/user=0x[0-9a-f]{40}/, "user=…").replace(/portfolios\/0x[0-9a-f]{40}/, "portfolios/{id}")}${who}`,
              l,
              true,
            );
          }),
        ],
        [false, true, true, true, true, true, true, true, true, false],
      ),
    );
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
  if (r.swap) {
    const s = r.swap;
    out.push("");
    out.push(
      `Swap page · /aggregateSwap in Chromium (${s.chromium}) on the real stack (anvil + seeded chain + server)`,
    );
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
      `  RPC HTTP requests per quote (last keystroke → timing read back; the reserves read after the quote may fall in): ${q.rpcRequestsPerQuote.join(", ")}`,
    );
  }
  if (r.gas) out.push("", ...formatGas(r.gas));
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
