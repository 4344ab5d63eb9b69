import { Agent, request } from "node:http";
import { loadavg } from "node:os";

export type LoadResult = {
  url: string;
  connections: number;
  durationMs: number;
  requests: number;
  errors: number;
  non2xx: number;
  rps: number;
  latencyMs: { mean: number; p50: number; p90: number; p99: number; max: number };
  /** The machine's 1-minute load average at the end of each measured burst: mean and max. */
  loadAvg1m: number;
  loadAvg1mMax: number;
};

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const i = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, i)] as number;
}

/**
 * One GET. A request sent on a kept-alive socket the server closed meanwhile (its keep-alive
 * timeout ran out while the socket idled, e.g. waiting for a slow endpoint's other requests to
 * finish) fails with ECONNRESET before any reply: it is sent again once on a fresh socket, as
 * Node's documentation advises for idempotent requests (`req.reusedSocket`).
 */
function once(agent: Agent, url: URL, timeoutMs: number, retry = true): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      // Accept-Encoding as every browser sends it: a server may answer a large reply compressed
      // (the body is counted, not decoded: decoding is the client's cost, not the server's).
      {
        agent,
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method: "GET",
        headers: { "accept-encoding": "gzip, deflate, br, zstd" },
        // a reply that never comes is an error, not a burst that never ends (stop 48's PGlite run
        // sat in its load for 26 min with nothing to say why)
        timeout: timeoutMs,
      },
      (res) => {
        res.on("data", () => {});
        res.on("end", () => resolve(res.statusCode ?? 0));
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new Error(`no reply in ${timeoutMs} ms`)));
    req.on("error", (e: NodeJS.ErrnoException) => {
      if (retry && req.reusedSocket && e.code === "ECONNRESET")
        once(agent, url, timeoutMs, false).then(resolve, reject);
      else reject(e);
    });
    req.end();
  });
}

type Samples = { latencies: number[]; errors: number; non2xx: number; elapsedMs: number; loadAvg1m: number };

/** A URL to load, or one per request (`i`: the request's number, counted across bursts). */
export type LoadTarget = string | ((i: number) => string);

type UrlSource = (i: number) => URL;

function urlSource(target: LoadTarget): UrlSource {
  if (typeof target === "string") {
    const url = new URL(target);
    assertLocal(url);
    return () => url;
  }
  assertLocal(new URL(target(0)));
  return (i) => {
    const url = new URL(target(i));
    assertLocal(url);
    return url;
  };
}

/** One closed-loop burst: `connections` workers, each sending the next GET when the previous response ends. */
async function burst(
  agent: Agent,
  next: UrlSource,
  counter: { n: number },
  connections: number,
  durationMs: number,
  maxRequests: number,
  timeoutMs: number,
) {
  const s: Samples = { latencies: [], errors: 0, non2xx: 0, elapsedMs: 0, loadAvg1m: 0 };
  let sent = 0;
  const start = performance.now();
  const end = start + durationMs;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end && sent < maxRequests) {
        sent++;
        const t = performance.now();
        try {
          const status = await once(agent, next(counter.n++), timeoutMs);
          s.latencies.push(performance.now() - t);
          if (status < 200 || status >= 300) s.non2xx++;
        } catch {
          s.errors++;
        }
      }
    }),
  );
  s.elapsedMs = performance.now() - start;
  s.loadAvg1m = loadavg()[0] ?? 0;
  return s;
}

function summarise(url: string, connections: number, parts: Samples[]): LoadResult {
  const latencies = parts.flatMap((p) => p.latencies).sort((a, b) => a - b);
  const elapsed = parts.reduce((a, p) => a + p.elapsedMs, 0);
  const sum = latencies.reduce((a, b) => a + b, 0);
  return {
    url,
    connections,
    durationMs: elapsed,
    requests: latencies.length,
    errors: parts.reduce((a, p) => a + p.errors, 0),
    non2xx: parts.reduce((a, p) => a + p.non2xx, 0),
    rps: latencies.length / (elapsed / 1000),
    latencyMs: {
      mean: latencies.length ? sum / latencies.length : 0,
      p50: percentile(latencies, 50),
      p90: percentile(latencies, 90),
      p99: percentile(latencies, 99),
      max: latencies[latencies.length - 1] ?? 0,
    },
    loadAvg1m: parts.length ? parts.reduce((a, p) => a + p.loadAvg1m, 0) / parts.length : 0,
    loadAvg1mMax: Math.max(0, ...parts.map((p) => p.loadAvg1m)),
  };
}

function assertLocal(url: URL) {
  if (url.hostname !== "127.0.0.1" && url.hostname !== "localhost") throw new Error("load tests only target 127.0.0.1");
}

/**
 * Closed-loop HTTP load on several URLs, fairly: `rounds` rounds, each giving every URL
 * `durationMs / rounds` of load in turn (after a short warm-up of its connections), so a change in
 * the machine's background load hits every URL alike. `connections` keep-alive connections per
 * URL; never more than `maxRequests` per URL per round. Only for 127.0.0.1 targets.
 */
export async function loadTestMany(opts: {
  urls: LoadTarget[];
  connections?: number;
  durationMs?: number;
  rounds?: number;
  warmupMs?: number;
  maxRequests?: number;
  /** A request with no reply after this long counts as an error (default 30 s). */
  requestTimeoutMs?: number;
  /** Called after each measured burst: the bench logs it, so a long load shows where it is. */
  onBurst?: (b: { round: number; rounds: number; index: number; result: LoadResult }) => void;
}): Promise<LoadResult[]> {
  const urls = opts.urls.map(urlSource);
  const counters = urls.map(() => ({ n: 0 }));
  const connections = opts.connections ?? 50;
  const rounds = Math.max(1, opts.rounds ?? 1);
  const slice = (opts.durationMs ?? 10_000) / rounds;
  const maxRequests = opts.maxRequests ?? 2_000_000;
  const timeoutMs = opts.requestTimeoutMs ?? 30_000;
  const agents = urls.map(() => new Agent({ keepAlive: true, maxSockets: connections, maxFreeSockets: connections }));
  const parts: Samples[][] = urls.map(() => []);
  try {
    for (let r = 0; r < rounds; r++) {
      for (let i = 0; i < urls.length; i++) {
        const url = urls[i] as UrlSource;
        const agent = agents[i] as Agent;
        const counter = counters[i] as { n: number };
        // Warm-up (not counted): opens the connections, lets the JIT and caches settle.
        await burst(agent, url, counter, connections, opts.warmupMs ?? (r === 0 ? 500 : 100), maxRequests, timeoutMs);
        const measured = await burst(agent, url, counter, connections, slice, maxRequests, timeoutMs);
        (parts[i] as Samples[]).push(measured);
        opts.onBurst?.({
          round: r + 1,
          rounds,
          index: i,
          result: summarise(labelOf(opts.urls[i] as LoadTarget), connections, [measured]),
        });
      }
    }
  } finally {
    for (const a of agents) a.destroy();
  }
  return opts.urls.map((u, i) => summarise(labelOf(u), connections, parts[i] as Samples[]));
}

const labelOf = (u: LoadTarget) => (typeof u === "string" ? u : u(0));

/** Closed-loop HTTP load on one URL (see loadTestMany). */
export async function loadTest(opts: {
  url: string;
  connections?: number;
  durationMs?: number;
  warmupMs?: number;
  maxRequests?: number;
}): Promise<LoadResult> {
  const [r] = await loadTestMany({ ...opts, urls: [opts.url] });
  return r as LoadResult;
}
