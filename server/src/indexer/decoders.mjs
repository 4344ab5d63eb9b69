// Event decoders compiled from ABI event items, and the one routine that turns raw JSON-RPC logs
// into per-handler column arrays. Plain JavaScript so that the logs worker (a worker thread that
// runs under tsx, vitest and plain node alike) and the main thread import the very same code.
// Types: decoders.d.mts.

import { storableJson, storableTextFromBytes } from "@sofi/core/storable-text";
import { decodeAbiParameters, toEventSelector } from "viem";

const STATIC_TYPE =
  /^(address|bool|u?int(8|16|24|32|40|48|56|64|72|80|88|96|104|112|120|128|136|144|152|160|168|176|184|192|200|208|216|224|232|240|248|256)?|bytes([1-9]|[12][0-9]|3[0-2]))$/;
const wordAt = (data, i) => data.slice(2 + i * 64, 2 + (i + 1) * 64);

/** Reads one 32-byte word (64 hex chars, no prefix) as the given static ABI type, as a string. */
function readWord(type, w) {
  if (type === "address") return `0x${w.slice(24)}`.toLowerCase();
  if (type === "bool") return BigInt(`0x${w}`) === 0n ? "false" : "true";
  if (type.startsWith("uint")) return BigInt(`0x${w}`).toString();
  if (type.startsWith("int")) return BigInt.asIntN(256, BigInt(`0x${w}`)).toString();
  const bytes = Number(type.slice(5));
  return `0x${w.slice(0, bytes * 2)}`.toLowerCase();
}

/** Whether an ABI parameter holds text anywhere (string, string[], a tuple with a string…). */
const holdsText = (param) => param.type.startsWith("string") || (param.components ?? []).some((c) => holdsText(c));

/**
 * A decoded argument that viem returned (dynamic events) as a string column value. Text inside
 * arrays and tuples goes through the storable-text rule (each string bounded at EVENT_STRING_MAX);
 * arrays of addresses, numbers and bytes are written exactly (hex is always storable). A
 * top-level `string` is read from its bytes in compileEvent, with its raw bytes kept.
 */
function toText(v, param) {
  if (typeof v === "bigint") return v.toString();
  if (typeof v === "string") return /^0x[0-9a-fA-F]{40}$/.test(v) ? v.toLowerCase() : v;
  if (typeof v === "boolean") return v ? "true" : "false";
  const value = param && holdsText(param) ? storableJson(v, { max: EVENT_STRING_MAX }) : v;
  return JSON.stringify(value, (_k, x) => (typeof x === "bigint" ? x.toString() : x));
}

/** `rawFields`: the top-level `string` arguments, whose raw bytes are kept beside their text. */
export function emptyColumns(fields, rawFields = []) {
  const args = {};
  for (const f of fields) args[f] = [];
  const raw = {};
  for (const f of rawFields) raw[f] = [];
  return { block: [], logIndex: [], tx: [], ts: [], address: [], args, raw };
}

/** Longest text kept of one `string` event argument (UTF-16 code units). */
export const EVENT_STRING_MAX = 256;

/**
 * Compiles one ABI event: its topic, its field names and a decoder that appends a log's row to
 * column arrays. Events made only of static types (the common, hot case: Swap, Sync, Transfer, …)
 * are read word by word; events with strings, bytes or arrays go through viem's decodeEventLog.
 * An indexed dynamic argument arrives as its keccak hash (bytes32), as on chain.
 */
export function compileEvent(abiEvent) {
  const topic = toEventSelector(abiEvent);
  const inputs = abiEvent.inputs ?? [];
  const fields = inputs.map((input, i) => input.name || `arg${i}`);
  const isStatic = inputs.every((i) => i.indexed || STATIC_TYPE.test(i.type));
  let decode;
  if (isStatic) {
    const readers = [];
    let topicIndex = 1;
    let wordIndex = 0;
    for (const input of inputs) {
      if (input.indexed) {
        const k = topicIndex++;
        const type = STATIC_TYPE.test(input.type) ? input.type : "bytes32";
        readers.push((log) => readWord(type, log.topics[k].slice(2)));
      } else {
        const k = wordIndex++;
        readers.push((log) => readWord(input.type, wordAt(log.data, k)));
      }
    }
    const minTopics = topicIndex;
    const minData = 2 + wordIndex * 64;
    decode = (log) => {
      if (log.topics.length < minTopics || log.data.length < minData) return null;
      return readers.map((r) => r(log));
    };
  } else {
    // Non-indexed arguments are decoded from the data with each top-level `string` read as `bytes`
    // (the same ABI encoding), so the text is made storable from the exact bytes on chain: invalid
    // UTF-8 and control characters become U+FFFD, the length is bounded, and the raw bytes are
    // kept (cols.raw) whenever the stored text is not an exact reading of them. An indexed dynamic
    // argument is its keccak hash (bytes32), as on chain.
    const dataInputs = [];
    const plan = inputs.map((input) => {
      if (input.indexed) return { indexed: true, type: STATIC_TYPE.test(input.type) ? input.type : "bytes32" };
      const isString = input.type === "string";
      dataInputs.push(isString ? { ...input, type: "bytes" } : input);
      return { indexed: false, isString, at: dataInputs.length - 1, param: input };
    });
    const minTopics = 1 + plan.filter((p) => p.indexed).length;
    decode = (log, raws) => {
      if (log.topics.length < minTopics) return null;
      let data;
      try {
        data = decodeAbiParameters(dataInputs, log.data);
      } catch {
        return null;
      }
      let topicIndex = 1;
      return plan.map((p, i) => {
        if (p.indexed) return readWord(p.type, log.topics[topicIndex++].slice(2));
        const v = data[p.at];
        if (!p.isString) return toText(v, p.param);
        const { text, exact } = storableTextFromBytes(v, { max: EVENT_STRING_MAX });
        raws[i] = exact ? null : v;
        return text;
      });
    };
  }
  const rawFields = inputs.flatMap((input, i) => (!input.indexed && input.type === "string" ? [fields[i]] : []));
  return {
    name: abiEvent.name,
    topic,
    fields,
    rawFields,
    /** Appends `log` to `cols`; false when the log does not fit the event's layout (ignored). */
    decodeInto(cols, log, ts) {
      const raws = [];
      const values = decode(log, raws);
      if (!values) return false;
      cols.block.push(Number(log.blockNumber));
      cols.logIndex.push(Number(log.logIndex));
      cols.tx.push(log.transactionHash.toLowerCase());
      cols.ts.push(ts);
      cols.address.push(log.address.toLowerCase());
      for (let i = 0; i < fields.length; i++) cols.args[fields[i]].push(values[i]);
      if (rawFields.length > 0) {
        cols.raw ??= {};
        for (const f of rawFields) {
          cols.raw[f] ??= [];
          cols.raw[f].push(raws[fields.indexOf(f)] ?? null);
        }
      }
      return true;
    },
  };
}

const compiled = new Map();
/** compileEvent, memoised by the event's JSON (the worker receives plain ABI objects each time). */
export function compileEventCached(abiEvent) {
  const key = JSON.stringify(abiEvent);
  let c = compiled.get(key);
  if (!c) {
    c = compileEvent(abiEvent);
    compiled.set(key, c);
  }
  return c;
}

/**
 * Decodes raw logs for a fetch plan. `routes`: entries `{ handler, events, addresses }`: logs
 * emitted by one of `addresses` whose topic0 is one of `events` are decoded into
 * `out[handler][eventName]`. `timestamps`: block number → unix seconds, for logs without
 * `blockTimestamp`. Also returns each block's hash as the logs carry it (reorg checks).
 */
export function decodeLogs(logs, routes, timestamps) {
  const byAddress = new Map();
  const out = {};
  for (const r of routes) {
    out[r.handler] ??= {};
    const byTopic = new Map();
    for (const e of r.events) {
      const c = compileEventCached(e);
      out[r.handler][c.name] ??= emptyColumns(c.fields, c.rawFields);
      byTopic.set(c.topic, { c, cols: out[r.handler][c.name] });
    }
    for (const a of r.addresses) {
      const key = a.toLowerCase();
      const list = byAddress.get(key) ?? [];
      list.push(byTopic);
      byAddress.set(key, list);
    }
  }
  const blockHashes = new Map();
  let events = 0;
  for (const l of logs) {
    if (l.removed) continue;
    const block = Number(l.blockNumber);
    if (!blockHashes.has(block)) blockHashes.set(block, l.blockHash.toLowerCase());
    const targets = byAddress.get(l.address.toLowerCase());
    if (!targets) continue;
    const ts = l.blockTimestamp ? Number(l.blockTimestamp) : timestamps.get(block);
    for (const byTopic of targets) {
      const t = byTopic.get(l.topics[0]);
      if (t?.c.decodeInto(t.cols, l, ts)) events++;
    }
  }
  return { out, events, logCount: logs.length, blockHashes: [...blockHashes] };
}

/** The union of addresses and topic0s a plan's routes need (one eth_getLogs filter). */
export function filterOf(routes) {
  const addresses = new Set();
  const topics = new Set();
  for (const r of routes) {
    for (const a of r.addresses) addresses.add(a.toLowerCase());
    for (const e of r.events) topics.add(compileEventCached(e).topic);
  }
  return { addresses: [...addresses], topics: [...topics] };
}
