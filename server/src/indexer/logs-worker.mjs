// Worker thread for the indexer: eth_getLogs and header reads over HTTP, JSON parsing and decoding
// (decoders.mjs, the same code the main thread uses) run here, in parallel with the main thread's
// database writes. Plain JavaScript so it runs under tsx, vitest and plain node alike.
import { parentPort } from "node:worker_threads";
import { fetchRange } from "./fetch-range.mjs";

const hex = (n) => `0x${n.toString(16)}`;

async function post(url, body) {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(120_000),
  });
  if (!res.ok) throw new Error(`${res.status}: ${res.statusText}`);
  return res.json();
}

function rpcOver(url) {
  return {
    async logs(filter) {
      const reply = await post(url, { jsonrpc: "2.0", id: 1, method: "eth_getLogs", params: [filter] });
      if (reply.error) {
        const e = new Error(reply.error.message ?? "eth_getLogs failed");
        e.code = reply.error.code;
        throw e;
      }
      return reply.result;
    },
    async blocks(numbers) {
      const replies = await post(
        url,
        numbers.map((n, i) => ({ jsonrpc: "2.0", id: i, method: "eth_getBlockByNumber", params: [hex(n), false] })),
      );
      const byId = new Map(replies.map((r) => [r.id, r]));
      return numbers.map((_, i) => {
        const r = byId.get(i);
        if (r?.error) throw new Error(`eth_getBlockByNumber: ${r.error.message}`);
        return r?.result ?? null;
      });
    },
  };
}

parentPort.on("message", async (msg) => {
  try {
    const result = await fetchRange(rpcOver(msg.rpcUrl), msg.job);
    parentPort.postMessage({ id: msg.id, ok: true, result });
  } catch (e) {
    parentPort.postMessage({ id: msg.id, ok: false, error: String(e?.message ?? e) });
  }
});
