import type { Decoded, RawLogLike, Route } from "./decoders.mjs";

export type RawHeader = { number: string; hash: string; timestamp: string };
export type Header = { number: number; hash: string; timestamp: number };

export type RangeRpc = {
  logs(filter: { address: string[]; topics: [string[]]; fromBlock: string; toBlock: string }): Promise<RawLogLike[]>;
  blocks(numbers: number[]): Promise<(RawHeader | null)[]>;
};

/** One range of one fetch plan: logs of `routes` in [from, to], and the headers of `headerBlocks`. */
export type RangeJob = { from: number; to: number; routes: Route[]; headerBlocks: number[] };

export type FetchedLogs = Decoded & { headers: Header[] };

export const CONSISTENCY_RETRIES: number;
export const HEADER_MISSING_AT_END: string;
export class ReorgDuringFetch extends Error {
  constructor(from: number, to: number);
}
export function fetchRange(rpc: RangeRpc, job: RangeJob): Promise<FetchedLogs>;
