// One block range's logs, decoded, with the headers the engine stores: shared by the logs worker
// (JSON-RPC over fetch) and the main thread (a viem client). Plain JavaScript for the worker's sake;
// types in fetch-range.d.mts.
import { decodeLogs, filterOf } from "./decoders.mjs";

const hex = (n) => `0x${n.toString(16)}`;

/** How many times a range is fetched again when its logs and headers disagree (a reorg in between). */
export const CONSISTENCY_RETRIES = 5;

/**
 * The start of the error message when the node serves no header for the range's last block, followed
 * by that block's number. A plain message, because the logs worker passes errors on as text.
 */
export const HEADER_MISSING_AT_END = "block header missing: the range's last block ";

export class ReorgDuringFetch extends Error {
  constructor(from, to) {
    super(`chain reorganised while fetching blocks ${from}-${to}`);
    this.name = "ReorgDuringFetch";
  }
}

/**
 * `rpc.logs(filter)` → raw logs; `rpc.blocks(numbers)` → raw headers in order (null when missing).
 * Headers of `job.headerBlocks` are read before and after the logs; the range is accepted only when
 * both reads agree and every log of those blocks carries the header's hash, so stored hashes are
 * the hashes the logs came from (a reorg between the calls is retried, not stored half-and-half).
 * `to`'s header and the header of every block with logs must be there; a header the node does not
 * serve for a block without logs below `to` is left out (anvil, reverted to a snapshot while
 * transactions arrive, keeps gaps below its head: waiting for them would stop the index).
 */
export async function fetchRange(rpc, job) {
  const { from, to, routes, headerBlocks } = job;
  const { addresses, topics } = filterOf(routes);
  for (let attempt = 0; ; attempt++) {
    const before = headerBlocks.length > 0 ? await rpc.blocks(headerBlocks) : [];
    const logs =
      addresses.length > 0 && topics.length > 0
        ? await rpc.logs({ address: addresses, topics: [topics], fromBlock: hex(from), toBlock: hex(to) })
        : [];
    const known = new Set(headerBlocks);
    const missing = [...new Set(logs.filter((l) => !l.blockTimestamp).map((l) => Number(l.blockNumber)))].filter(
      (n) => !known.has(n),
    );
    const [after, extra] = await Promise.all([
      headerBlocks.length > 0 ? rpc.blocks(headerBlocks) : [],
      missing.length > 0 ? rpc.blocks(missing) : [],
    ]);
    const timestamps = new Map();
    for (const b of [...after, ...extra]) if (b) timestamps.set(Number(b.number), Number(b.timestamp));
    const withLogs = new Set(logs.map((l) => Number(l.blockNumber)));
    const headersThere =
      headerBlocks.every((n, i) => after[i] || (n !== to && !withLogs.has(n))) && extra.every((b) => b);
    if (!headersThere) {
      if (attempt + 1 >= CONSISTENCY_RETRIES) {
        const endMissing = headerBlocks.some((n, i) => n === to && !after[i]);
        throw new Error(endMissing ? `${HEADER_MISSING_AT_END}${to}` : "block header missing: a block with logs");
      }
      continue;
    }
    const decoded = decodeLogs(logs, routes, timestamps);
    const served = after.filter((b) => b);
    const hashOf = new Map(served.map((b) => [Number(b.number), b.hash.toLowerCase()]));
    const consistent =
      before.every((b, i) =>
        b && after[i] ? b.hash.toLowerCase() === after[i].hash.toLowerCase() : !b === !after[i],
      ) &&
      decoded.blockHashes.every(([n, h]) => !hashOf.has(n) || hashOf.get(n) === h) &&
      // Logs of blocks whose header was not fetched (outside the window) must at least not sit above `to`'s branch.
      decoded.blockHashes.every(([n]) => n <= to);
    if (consistent) {
      return {
        ...decoded,
        headers: served.map((b) => ({
          number: Number(b.number),
          hash: b.hash.toLowerCase(),
          timestamp: Number(b.timestamp),
        })),
      };
    }
    if (attempt + 1 >= CONSISTENCY_RETRIES) throw new ReorgDuringFetch(from, to);
  }
}
