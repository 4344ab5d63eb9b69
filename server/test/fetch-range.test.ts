/**
 * One range's logs and headers (fetch-range.mjs): which missing headers a range survives. `to`'s
 * header and those of blocks with logs are required; a block without logs the node does not serve
 * (anvil keeps such gaps below its head after a snapshot revert that raced incoming transactions)
 * is left out instead of stopping the index.
 */
import { uniswapV2PairAbi } from "@sofi/protocol";
import { encodeAbiParameters, encodeEventTopics, keccak256, toHex } from "viem";
import { describe, expect, it } from "vitest";
import { fetchRange, HEADER_MISSING_AT_END, type RangeRpc } from "../src/indexer/fetch-range.mjs";
import { uniswapV2Handler } from "../src/indexer/handlers/uniswap-v2.ts";

const PAIR = "0x00000000000000000000000000000000000000aa";
const hashOf = (n: number) => keccak256(toHex(`block ${n}`));
const header = (n: number) => ({ number: toHex(n), hash: hashOf(n), timestamp: toHex(1_700_000_000 + n) });
const route = { handler: uniswapV2Handler.name, events: uniswapV2Handler.events, addresses: [PAIR] };

/** A Sync log of the pair in block `n`. */
function syncLog(n: number) {
  return {
    address: PAIR,
    topics: encodeEventTopics({ abi: uniswapV2PairAbi, eventName: "Sync" }),
    data: encodeAbiParameters([{ type: "uint112" }, { type: "uint112" }], [1n, 2n]),
    blockNumber: toHex(n),
    blockHash: hashOf(n),
    transactionHash: keccak256(toHex(`tx ${n}`)),
    transactionIndex: "0x0",
    logIndex: "0x0",
    removed: false,
  };
}

/** A node serving every block of 1..head except `gaps`, with `logs`. */
function node(gaps: number[], logs: ReturnType<typeof syncLog>[] = []): RangeRpc {
  return {
    logs: async () => logs as never,
    blocks: async (numbers) => numbers.map((n) => (gaps.includes(n) ? null : header(n))),
  };
}

describe("fetchRange and headers the node does not serve", () => {
  it("leaves out a block without logs that the node does not serve", async () => {
    const r = await fetchRange(node([9]), { from: 8, to: 10, routes: [route], headerBlocks: [8, 9, 10] });
    expect(r.headers.map((h) => h.number)).toEqual([8, 10]);
    expect(r.headers[1]?.hash).toBe(hashOf(10));
  });

  it("stores every header when none is missing, and the logs with their block's time", async () => {
    const r = await fetchRange(node([], [syncLog(9)]), { from: 8, to: 10, routes: [route], headerBlocks: [8, 9, 10] });
    expect(r.headers.map((h) => h.number)).toEqual([8, 9, 10]);
    expect(r.events).toBe(1);
  });

  it("refuses a range whose last block or a block with logs has no header", async () => {
    await expect(
      fetchRange(node([10]), { from: 8, to: 10, routes: [route], headerBlocks: [8, 9, 10] }),
    ).rejects.toThrow(`${HEADER_MISSING_AT_END}10`);
    await expect(
      fetchRange(node([9], [syncLog(9)]), { from: 8, to: 10, routes: [route], headerBlocks: [8, 9, 10] }),
    ).rejects.toThrow("block header missing");
  });
});
