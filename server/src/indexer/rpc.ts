/** JSON-RPC access for the indexer: batched HTTP transport, raw eth_getLogs with range shrinking. */
import { createPublicClient, type Hex, http, type PublicClient } from "viem";

export type RawLog = {
  address: Hex;
  topics: Hex[];
  data: Hex;
  blockNumber: Hex;
  blockHash: Hex;
  blockTimestamp?: Hex;
  transactionHash: Hex;
  logIndex: Hex;
  removed?: boolean;
};

export type RawBlock = { number: Hex; hash: Hex; parentHash: Hex; timestamp: Hex };

export function createRpcClient(rpcUrl: string): PublicClient {
  return createPublicClient({
    transport: http(rpcUrl, {
      batch: { batchSize: 500, wait: 0 },
      retryCount: 3,
      timeout: 120_000,
      // Wide getLogs ranges answer with tens of MB; ranges are sized by log count instead (engine.ts).
      maxResponseBodySize: 512 * 1024 * 1024,
    }),
  });
}

const hex = (n: number): Hex => `0x${n.toString(16)}`;

export async function getRawLogs(
  client: PublicClient,
  addresses: Hex[],
  topic0s: Hex[],
  fromBlock: number,
  toBlock: number,
): Promise<RawLog[]> {
  return (await client.request({
    method: "eth_getLogs",
    params: [{ address: addresses, topics: [topic0s], fromBlock: hex(fromBlock), toBlock: hex(toBlock) }],
  } as never)) as RawLog[];
}

/** Headers of the given block numbers, fetched in JSON-RPC batches. */
/** The blocks at `numbers`, null where the node has none (above its head, or gone in a reorg). */
export async function findRawBlocks(client: PublicClient, numbers: number[]): Promise<(RawBlock | null)[]> {
  return Promise.all(
    numbers.map(
      (n) =>
        client.request({
          method: "eth_getBlockByNumber",
          params: [hex(n), false],
        } as never) as Promise<RawBlock | null>,
    ),
  );
}

export async function getRawBlocks(client: PublicClient, numbers: number[]): Promise<RawBlock[]> {
  const out = await Promise.all(
    numbers.map(
      (n) =>
        client.request({
          method: "eth_getBlockByNumber",
          params: [hex(n), false],
        } as never) as Promise<RawBlock | null>,
    ),
  );
  return out.map((b, i) => {
    if (!b) throw new Error(`Block ${numbers[i]} not found`);
    return b;
  });
}

export async function getHeadNumber(client: PublicClient): Promise<number> {
  const h = (await client.request({ method: "eth_blockNumber" } as never)) as Hex;
  return Number(h);
}

/** Provider errors that mean "ask for a smaller block range". */
export function isRangeLimitError(e: unknown): boolean {
  const text =
    `${(e as { message?: string })?.message ?? ""} ${(e as { details?: string })?.details ?? ""}`.toLowerCase();
  return /too many|more than|limit|exceed|range|response size|timeout|timed out|query returned/.test(text);
}
