import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { voteCounts } from "../src/fill-governance.ts";
import { loadTestMany, percentile } from "../src/load.ts";
import { StripTraces } from "../src/strip-traces.ts";
import { entryScripts, staticImports } from "../src/web.ts";
import { jsonRpcCalls, median, sampleAmount } from "../src/web-swap.ts";

async function strip(chunks: string[]): Promise<string> {
  const out: Buffer[] = [];
  const t = Readable.from(chunks.map((c) => Buffer.from(c))).pipe(new StripTraces());
  for await (const b of t) out.push(b as Buffer);
  return Buffer.concat(out).toString("utf8");
}

describe("StripTraces", () => {
  const dump = JSON.stringify({
    block: { number: 5 },
    transactions: [
      {
        info: {
          traces: [{ parent: null, children: [1, [2, 3]], note: 'a "]" and a [ in a string \\" ]' }],
          out: "0x",
        },
        receipt: { logs: [{ topics: ["0x1"], data: "0x2" }] },
      },
      { info: { traces: [], out: "0x01" }, receipt: { logs: [] } },
    ],
    note: '"traces":[ inside a string stays',
  });

  it("empties every traces array and keeps everything else", async () => {
    const parsed = JSON.parse(await strip([dump]));
    expect(parsed.transactions[0].info.traces).toEqual([]);
    expect(parsed.transactions[0].info.out).toBe("0x");
    expect(parsed.transactions[0].receipt.logs).toEqual([{ topics: ["0x1"], data: "0x2" }]);
    expect(parsed.transactions[1].info).toEqual({ traces: [], out: "0x01" });
    expect(parsed.block).toEqual({ number: 5 });
  });

  it("gives the same result whatever the chunk boundaries", async () => {
    const whole = await strip([dump]);
    for (let i = 1; i < dump.length; i += 7) {
      expect(await strip([dump.slice(0, i), dump.slice(i)])).toBe(whole);
    }
  });
});

describe("first-route bundle discovery", () => {
  it("follows static imports and re-exports, not dynamic import()", () => {
    const code =
      'import{a as b,c}from"./vendor-1.js";import"./side-2.js";export{d}from"./re-3.js";' +
      'const m=()=>import("./lazy-4.js");import*as ns from"./ns-5.js";const u=import.meta.url;';
    expect(staticImports(code).sort()).toEqual(["./ns-5.js", "./re-3.js", "./side-2.js", "./vendor-1.js"]);
  });

  it("reads the entry module and modulepreload links from index.html", () => {
    const html = `<script>inline()</script><script type="module" crossorigin src="/assets/index-X.js"></script>
      <link rel="modulepreload" crossorigin href="/assets/vendor-Y.js"><link rel="stylesheet" href="/assets/a.css">`;
    expect(entryScripts(html)).toEqual(["/assets/index-X.js", "/assets/vendor-Y.js"]);
  });
});

describe("percentile", () => {
  it("is the nearest-rank percentile of sorted samples", () => {
    const s = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(s, 50)).toBe(50);
    expect(percentile(s, 99)).toBe(99);
    expect(percentile(s, 100)).toBe(100);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 99)).toBe(0);
  });
});

describe("load client", () => {
  it("counts a request with no reply as an error and reports every burst", async () => {
    // "/hang" never answers: the load must still end, with the hung requests as errors
    const server = createServer((req, res) => {
      if (req.url !== "/hang") res.end("ok");
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const bursts: string[] = [];
    try {
      const [ok, hang] = await loadTestMany({
        urls: [`${base}/ok`, `${base}/hang`],
        connections: 2,
        durationMs: 400,
        rounds: 2,
        warmupMs: 0,
        requestTimeoutMs: 150,
        onBurst: ({ round, index }) => bursts.push(`${round}:${index}`),
      });
      expect(ok?.requests).toBeGreaterThan(0);
      expect(ok?.errors).toBe(0);
      expect(hang?.requests).toBe(0);
      expect(hang?.errors).toBeGreaterThan(0);
      expect(bursts).toEqual(["1:0", "1:1", "2:0", "2:1"]);
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });
});

describe("swap page figures", () => {
  it("counts the JSON-RPC calls of a request body, single or batched, and ignores other POSTs", () => {
    expect(jsonRpcCalls('{"jsonrpc":"2.0","id":1,"method":"eth_blockNumber"}')).toEqual([
      { method: "eth_blockNumber" },
    ]);
    const batch = JSON.stringify([
      { jsonrpc: "2.0", id: 1, method: "eth_blockNumber" },
      { jsonrpc: "2.0", id: 2, method: "eth_call", params: [] },
    ]);
    expect(jsonRpcCalls(batch)?.map((c) => c.method)).toEqual(["eth_blockNumber", "eth_call"]);
    expect(jsonRpcCalls('{"address":"0x1"}')).toBeNull();
    expect(jsonRpcCalls("[]")).toBeNull();
    expect(jsonRpcCalls("not json")).toBeNull();
    expect(jsonRpcCalls(null)).toBeNull();
  });

  it("types a different amount for every sample", () => {
    const amounts = Array.from({ length: 20 }, (_, i) => sampleAmount(i));
    expect(new Set(amounts).size).toBe(20);
    for (const a of amounts) expect(a).toMatch(/^[1-9]\.\d{3}$/);
  });

  it("takes the median of odd and even sample counts", () => {
    expect(median([300, 100, 200])).toBe(200);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});

describe("synthetic governance votes", () => {
  it("gives the popular proposal a tenth, the rest by rank, none to the ineligible", () => {
    const eligible = Array.from({ length: 10_000 }, (_, k) => k % 37 !== 5 && k < 9_800);
    const counts = voteCounts(eligible, 6_000, 1_000_000);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1_000_000);
    expect(counts[6_000]).toBe(100_000);
    counts.forEach((c, k) => {
      if (!eligible[k]) expect(c).toBe(0);
    });
    const others = counts.filter((_, k) => k !== 6_000).sort((a, b) => b - a);
    // a popular few (the next one about half the popular one's), a long tail with a handful each
    expect(others[0]).toBeGreaterThan(40_000);
    expect(others[0]).toBeLessThan(60_000);
    expect(others[9_000]).toBeGreaterThan(0);
    expect(others[9_000]).toBeLessThan(20);
  });

  it("gives every vote to the popular proposal when it is the only one that can hold votes", () => {
    expect(voteCounts([false, true, false], 1, 500)).toEqual([0, 500, 0]);
    expect(() => voteCounts([true, false], 1, 10)).toThrow();
  });
});
