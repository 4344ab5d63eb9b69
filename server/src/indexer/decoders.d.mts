import type { AbiEvent, Hex } from "viem";

/**
 * One event's decoded rows as column arrays; `args[field]` holds each argument as text (decimal,
 * lowercase hex, …). `Arg`: the argument names (handler.ts types them from the ABI event; the
 * decoder itself is untyped).
 */
export type EventColumns<Arg extends string = string> = {
  block: number[];
  logIndex: number[];
  tx: string[];
  ts: number[];
  /** The emitting contract, lowercase. */
  address: string[];
  args: Record<Arg, string[]>;
  /**
   * Top-level `string` arguments: the exact bytes on chain (hex) where the text in `args` is not an
   * exact reading of them (invalid UTF-8, a control character, cut at EVENT_STRING_MAX), else null.
   */
  raw: Record<Arg, (string | null)[]>;
};

/** Decoded rows of one handler, by event name. */
export type HandlerRows = Record<string, EventColumns>;

export type CompiledEvent = {
  name: string;
  topic: Hex;
  fields: string[];
  rawFields: string[];
  decodeInto(cols: EventColumns, log: RawLogLike, ts: number): boolean;
};

export type RawLogLike = {
  address: string;
  topics: string[];
  data: string;
  blockNumber: string;
  blockHash: string;
  blockTimestamp?: string;
  transactionHash: string;
  logIndex: string;
  removed?: boolean;
};

/** Logs of `addresses` with one of `events` go to `out[handler][event.name]`. */
export type Route = { handler: string; events: readonly AbiEvent[]; addresses: readonly string[] };

export type Decoded = {
  out: Record<string, HandlerRows>;
  events: number;
  logCount: number;
  /** [block number, block hash as the logs carry it]. */
  blockHashes: [number, string][];
};

export function emptyColumns(fields: readonly string[], rawFields?: readonly string[]): EventColumns;
export const EVENT_STRING_MAX: number;
export function compileEvent(abiEvent: AbiEvent): CompiledEvent;
export function compileEventCached(abiEvent: AbiEvent): CompiledEvent;
export function decodeLogs(
  logs: readonly RawLogLike[],
  routes: readonly Route[],
  timestamps: Map<number, number>,
): Decoded;
export function filterOf(routes: readonly Route[]): { addresses: string[]; topics: string[] };
