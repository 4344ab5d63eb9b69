import { type Address, createPublicClient, http, parseAbi, toEventSelector } from "viem";
import { foundry } from "viem/chains";
import { decodeLogs } from "../../server/src/indexer/decoders.mjs";
import { SWAP_EVENT, SYNC_EVENT } from "../../server/src/indexer/handlers/uniswap-v2.ts";

export const PAIR_EVENTS = parseAbi([
  "event Swap(address indexed sender, uint256 amount0In, uint256 amount1In, uint256 amount0Out, uint256 amount1Out, address indexed to)",
  "event Sync(uint112 reserve0, uint112 reserve1)",
]);

const [SWAP_TOPIC0, SYNC_TOPIC0] = PAIR_EVENTS.map((e) => toEventSelector(e));

export type CeilingResult = {
  events: number;
  ms: number;
  eventsPerSec: number;
  requests: number;
  blocksPerRequest: number;
  /** events/s of every run when this is their median. */
  runs?: number[];
};

/**
 * The ceiling: plain viem getLogs (Swap + Sync of every pair) and ABI decode over the same blocks,
 * sequential ranges, storing nothing. Everything the indexer adds is on top of this.
 */
export async function measureCeiling(opts: {
  rpcUrl: string;
  pairs: Address[];
  fromBlock: number;
  toBlock: number;
  blocksPerRequest?: number;
}): Promise<CeilingResult> {
  const step = opts.blocksPerRequest ?? 20;
  const client = createPublicClient({
    chain: foundry,
    transport: http(opts.rpcUrl, { timeout: 120_000, maxResponseBodySize: false }),
  });
  let events = 0;
  let requests = 0;
  let checksum = 0n;
  const t0 = performance.now();
  for (let from = opts.fromBlock; from <= opts.toBlock; from += step) {
    const to = Math.min(opts.toBlock, from + step - 1);
    const logs = await client.getLogs({
      address: opts.pairs,
      events: PAIR_EVENTS,
      fromBlock: BigInt(from),
      toBlock: BigInt(to),
      strict: true,
    });
    requests++;
    events += logs.length;
    // Touch the decoded values so the decode cannot be skipped.
    for (const l of logs) checksum += l.eventName === "Sync" ? l.args.reserve0 : l.args.amount0In;
  }
  const ms = performance.now() - t0;
  if (checksum < 0n) throw new Error("unreachable");
  return { events, ms, eventsPerSec: events / (ms / 1000), requests, blocksPerRequest: step };
}

/** One raw eth_getLogs request for the pairs' Swap and Sync logs (the body is read by the caller). */
function postGetLogs(rpcUrl: string, pairs: Address[], from: number, to: number): Promise<Response> {
  return fetch(rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "eth_getLogs",
      params: [
        {
          address: pairs,
          topics: [[SWAP_TOPIC0, SYNC_TOPIC0]],
          fromBlock: `0x${from.toString(16)}`,
          toBlock: `0x${to.toString(16)}`,
        },
      ],
    }),
  });
}

export type RpcFloorResult = {
  events: number;
  ms: number;
  eventsPerSec: number;
  fetchMs: number;
  jsonMs: number;
  /** events/s of every run when this is their median. */
  runs?: number[];
};

/**
 * Where the ceiling's time goes: the same eth_getLogs calls with fetch + JSON.parse only (no viem
 * formatting, no ABI decode). ceiling.ms - fetchMs - jsonMs is viem's formatting and decoding.
 */
export async function measureRpcFloor(opts: {
  rpcUrl: string;
  pairs: Address[];
  fromBlock: number;
  toBlock: number;
  blocksPerRequest?: number;
}): Promise<RpcFloorResult> {
  const step = opts.blocksPerRequest ?? 20;
  let events = 0;
  let fetchMs = 0;
  let jsonMs = 0;
  const t0 = performance.now();
  for (let from = opts.fromBlock; from <= opts.toBlock; from += step) {
    const to = Math.min(opts.toBlock, from + step - 1);
    const a = performance.now();
    const res = await postGetLogs(opts.rpcUrl, opts.pairs, from, to);
    const text = await res.text();
    const b = performance.now();
    const body = JSON.parse(text) as { result?: unknown[]; error?: { message: string } };
    if (!body.result) throw new Error(`eth_getLogs: ${body.error?.message ?? "no result"}`);
    jsonMs += performance.now() - b;
    fetchMs += b - a;
    events += body.result.length;
  }
  const ms = performance.now() - t0;
  return { events, ms, eventsPerSec: events / (ms / 1000), fetchMs, jsonMs };
}

/**
 * The raw ceiling: the same kind of work the indexer does per range, with no storage: raw
 * eth_getLogs over fetch, JSON.parse, and the indexer's own decoders (decodeLogs, the code its logs
 * worker runs) into column arrays; sequential ranges on one thread.
 */
export async function measureRawCeiling(opts: {
  rpcUrl: string;
  pairs: Address[];
  fromBlock: number;
  toBlock: number;
  blocksPerRequest?: number;
}): Promise<CeilingResult> {
  const step = opts.blocksPerRequest ?? 20;
  const routes = [{ handler: "uniswap-v2", events: [SYNC_EVENT, SWAP_EVENT], addresses: opts.pairs }];
  let events = 0;
  let requests = 0;
  const t0 = performance.now();
  for (let from = opts.fromBlock; from <= opts.toBlock; from += step) {
    const to = Math.min(opts.toBlock, from + step - 1);
    const res = await postGetLogs(opts.rpcUrl, opts.pairs, from, to);
    const body = (await res.json()) as { result?: Parameters<typeof decodeLogs>[0]; error?: { message: string } };
    if (!body.result) throw new Error(`eth_getLogs: ${body.error?.message ?? "no result"}`);
    requests++;
    events += decodeLogs(body.result, routes, new Map()).events;
  }
  const ms = performance.now() - t0;
  return { events, ms, eventsPerSec: events / (ms / 1000), requests, blocksPerRequest: step };
}
