// Worker thread for the indexer (plain JS so it runs under tsx, vitest and plain node alike):
// eth_getLogs over HTTP, JSON parsing and Uniswap V2 Sync/Swap decoding happen here, in parallel
// with the main thread's database writes, and SofiAggregator Trade decoding (aggregator.ts) when the
// request names the aggregator. Replies with column arrays (see uniswap-v2.ts EventRows).
import { parentPort } from "node:worker_threads";

const SYNC = "0x1c411e9a96e071241c2f21f7726b17ae89e3cab4c78be50e062b03a9fffbbad1";
const SWAP = "0xd78ad95fa46c994b6551d0da85fc275fe613ce37657fb8d5e3d130840159d822";
const TRADE = "0x4f113d92217857e0bc64b11fefb32944ece09db9fd691ae971d8e57e23bdb2f4";
const hex = (n) => `0x${n.toString(16)}`;
const word = (data, i) => BigInt(`0x${data.slice(2 + i * 64, 2 + (i + 1) * 64)}`).toString();

async function rpc(url, body) {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(120_000),
  });
  if (!res.ok) throw new Error(`${res.status}: ${res.statusText}`);
  return res.json();
}

const wordAddress = (data, i) => `0x${data.slice(2 + i * 64 + 24, 2 + (i + 1) * 64)}`.toLowerCase();

async function getLogs({ rpcUrl, addresses, topics, from, to, aggregator }) {
  const reply = await rpc(rpcUrl, {
    jsonrpc: "2.0",
    id: 1,
    method: "eth_getLogs",
    params: [{ address: addresses, topics: [topics], fromBlock: hex(from), toBlock: hex(to) }],
  });
  if (reply.error) {
    const e = new Error(reply.error.message ?? "eth_getLogs failed");
    e.code = reply.error.code;
    throw e;
  }
  const logs = reply.result;
  // Blocks whose logs came without blockTimestamp: fetch their headers in one batch.
  const missing = [...new Set(logs.filter((l) => !l.blockTimestamp).map((l) => Number(l.blockNumber)))];
  const ts = new Map();
  if (missing.length > 0) {
    const blocks = await rpc(
      rpcUrl,
      missing.map((n, i) => ({ jsonrpc: "2.0", id: i, method: "eth_getBlockByNumber", params: [hex(n), false] })),
    );
    for (const b of blocks) {
      if (!b.result) throw new Error(`block header missing: ${JSON.stringify(b.error ?? null)}`);
      ts.set(Number(b.result.number), Number(b.result.timestamp));
    }
  }
  const swaps = {
    block: [],
    logIndex: [],
    tx: [],
    ts: [],
    pair: [],
    sender: [],
    recipient: [],
    a0in: [],
    a1in: [],
    a0out: [],
    a1out: [],
  };
  const syncs = { block: [], logIndex: [], ts: [], pair: [], r0: [], r1: [] };
  const trades = {
    block: [],
    logIndex: [],
    tx: [],
    ts: [],
    user: [],
    router: [],
    tokenIn: [],
    tokenOut: [],
    amountIn: [],
    amountOut: [],
    recipient: [],
  };
  let events = 0;
  for (const l of logs) {
    if (l.removed) continue;
    const block = Number(l.blockNumber);
    const t = l.blockTimestamp ? Number(l.blockTimestamp) : ts.get(block);
    const t0 = l.topics[0];
    if (t0 === SYNC && l.data.length >= 130) {
      syncs.block.push(block);
      syncs.logIndex.push(Number(l.logIndex));
      syncs.ts.push(t);
      syncs.pair.push(l.address.toLowerCase());
      syncs.r0.push(word(l.data, 0));
      syncs.r1.push(word(l.data, 1));
      events++;
    } else if (t0 === SWAP && l.data.length >= 258 && l.topics.length >= 3) {
      swaps.block.push(block);
      swaps.logIndex.push(Number(l.logIndex));
      swaps.tx.push(l.transactionHash.toLowerCase());
      swaps.ts.push(t);
      swaps.pair.push(l.address.toLowerCase());
      swaps.sender.push(`0x${l.topics[1].slice(26)}`.toLowerCase());
      swaps.recipient.push(`0x${l.topics[2].slice(26)}`.toLowerCase());
      swaps.a0in.push(word(l.data, 0));
      swaps.a1in.push(word(l.data, 1));
      swaps.a0out.push(word(l.data, 2));
      swaps.a1out.push(word(l.data, 3));
      events++;
    } else if (
      t0 === TRADE &&
      aggregator &&
      l.address.toLowerCase() === aggregator &&
      l.topics.length >= 4 &&
      l.data.length >= 258
    ) {
      trades.block.push(block);
      trades.logIndex.push(Number(l.logIndex));
      trades.tx.push(l.transactionHash.toLowerCase());
      trades.ts.push(t);
      trades.user.push(`0x${l.topics[1].slice(26)}`.toLowerCase());
      trades.router.push(`0x${l.topics[2].slice(26)}`.toLowerCase());
      trades.tokenIn.push(`0x${l.topics[3].slice(26)}`.toLowerCase());
      trades.tokenOut.push(wordAddress(l.data, 0));
      trades.amountIn.push(word(l.data, 1));
      trades.amountOut.push(word(l.data, 2));
      trades.recipient.push(wordAddress(l.data, 3));
      events++;
    }
  }
  return { logCount: logs.length, events, rows: { swaps, syncs, trades } };
}

parentPort.on("message", async (msg) => {
  try {
    parentPort.postMessage({ id: msg.id, ok: true, result: await getLogs(msg) });
  } catch (e) {
    parentPort.postMessage({ id: msg.id, ok: false, error: String(e?.message ?? e) });
  }
});
