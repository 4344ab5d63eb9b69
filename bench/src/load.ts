import { Agent, request } from "node:http";

export type LoadResult = {
  url: string;
  connections: number;
  durationMs: number;
  requests: number;
  errors: number;
  non2xx: number;
  rps: number;
  latencyMs: { mean: number; p50: number; p90: number; p99: number; max: number };
};

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const i = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, i)] as number;
}

function once(agent: Agent, url: URL): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      { agent, host: url.hostname, port: url.port, path: url.pathname + url.search, method: "GET" },
      (res) => {
        res.on("data", () => {});
        res.on("end", () => resolve(res.statusCode ?? 0));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end();
  });
}

/**
 * Closed-loop HTTP load: `connections` keep-alive connections each send the next GET as soon as
 * the previous response ends, for `durationMs` (and never more than `maxRequests` in all).
 * Only for 127.0.0.1 targets.
 */
export async function loadTest(opts: {
  url: string;
  connections?: number;
  durationMs?: number;
  warmupMs?: number;
  maxRequests?: number;
}): Promise<LoadResult> {
  const url = new URL(opts.url);
  if (url.hostname !== "127.0.0.1" && url.hostname !== "localhost") throw new Error("load tests only target 127.0.0.1");
  const connections = opts.connections ?? 50;
  const durationMs = opts.durationMs ?? 10_000;
  const maxRequests = opts.maxRequests ?? 2_000_000;
  const agent = new Agent({ keepAlive: true, maxSockets: connections, maxFreeSockets: connections });
  try {
    // Warm-up: open the connections and let the JIT settle; not counted.
    const warmEnd = performance.now() + (opts.warmupMs ?? 500);
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (performance.now() < warmEnd) await once(agent, url).catch(() => 0);
      }),
    );
    const latencies: number[] = [];
    let errors = 0;
    let non2xx = 0;
    let sent = 0;
    const start = performance.now();
    const end = start + durationMs;
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (performance.now() < end && sent < maxRequests) {
          sent++;
          const t = performance.now();
          try {
            const status = await once(agent, url);
            latencies.push(performance.now() - t);
            if (status < 200 || status >= 300) non2xx++;
          } catch {
            errors++;
          }
        }
      }),
    );
    const elapsed = performance.now() - start;
    latencies.sort((a, b) => a - b);
    const sum = latencies.reduce((a, b) => a + b, 0);
    return {
      url: opts.url,
      connections,
      durationMs: elapsed,
      requests: latencies.length,
      errors,
      non2xx,
      rps: latencies.length / (elapsed / 1000),
      latencyMs: {
        mean: latencies.length ? sum / latencies.length : 0,
        p50: percentile(latencies, 50),
        p90: percentile(latencies, 90),
        p99: percentile(latencies, 99),
        max: latencies[latencies.length - 1] ?? 0,
      },
    };
  } finally {
    agent.destroy();
  }
}
