/** The decoders compiled from ABI events agree with viem's decodeEventLog, static and dynamic alike. */
import { type AbiEvent, encodeAbiParameters, encodeEventTopics, parseAbiItem, stringToHex } from "viem";
import { describe, expect, it } from "vitest";
import { arrayLiteral } from "../src/indexer/bulk.ts";
import { compileEvent, decodeLogs, EVENT_STRING_MAX, emptyColumns, filterOf } from "../src/indexer/decoders.mjs";

const A = "0x1111111111111111111111111111111111111111";
const B = "0xaBcDef0000000000000000000000000000000002";

/** A raw log as eth_getLogs returns it, for `event` with `args` (indexed ones in topics). */
function rawLog(event: AbiEvent, args: Record<string, unknown>, extra: Partial<Record<string, string>> = {}) {
  const topics = encodeEventTopics({ abi: [event], eventName: event.name, args } as never) as string[];
  const data = event.inputs.filter((i) => !i.indexed);
  return {
    address: B,
    topics,
    data: encodeAbiParameters(
      data,
      data.map((i) => args[i.name as string]),
    ),
    blockNumber: "0x10",
    blockHash: `0x${"ab".repeat(32)}`,
    transactionHash: `0x${"CD".repeat(32)}`,
    logIndex: "0x3",
    ...extra,
  };
}

describe("compileEvent", () => {
  it("reads static events word by word: addresses lowercase, uints and negative ints in decimal, bools, bytes32", () => {
    const ev = parseAbiItem(
      "event Mixed(address indexed who, int256 indexed delta, uint112 amount, bool flag, bytes32 tag, int24 tick, address to)",
    );
    const c = compileEvent(ev);
    const cols = emptyColumns(c.fields);
    const tag = `0x${"0f".repeat(32)}` as const;
    const log = rawLog(ev, { who: B, delta: -5n, amount: 2n ** 111n, flag: true, tag, tick: -887272, to: A });
    expect(c.decodeInto(cols, log, 1234)).toBe(true);
    expect(cols.block).toEqual([16]);
    expect(cols.logIndex).toEqual([3]);
    expect(cols.tx).toEqual([`0x${"cd".repeat(32)}`]);
    expect(cols.ts).toEqual([1234]);
    expect(cols.address).toEqual([B.toLowerCase()]);
    expect(cols.args).toEqual({
      who: [B.toLowerCase()],
      delta: ["-5"],
      amount: [(2n ** 111n).toString()],
      flag: ["true"],
      tag: [tag],
      tick: ["-887272"],
      to: [A],
    });
  });

  it("refuses a log too short for the layout (ignored, not misread)", () => {
    const ev = parseAbiItem("event Sync(uint112 reserve0, uint112 reserve1)");
    const c = compileEvent(ev);
    const cols = emptyColumns(c.fields);
    const log = rawLog(ev, { reserve0: 1n, reserve1: 2n });
    expect(c.decodeInto(cols, { ...log, data: log.data.slice(0, 66) }, 0)).toBe(false);
    expect(cols.block).toEqual([]);
  });

  it("decodes events with strings and arrays through viem (indexed strings arrive as their hash)", () => {
    const ev = parseAbiItem(
      "event Created(address indexed portfolio, string indexed key, string name, address[] components, uint256[] units)",
    );
    const c = compileEvent(ev);
    const cols = emptyColumns(c.fields);
    const log = rawLog(ev, { portfolio: A, key: "abc", name: 'Blue "chip", 50%', components: [A, B], units: [1n, 2n] });
    expect(c.decodeInto(cols, log, 7)).toBe(true);
    expect(cols.args.portfolio).toEqual([A]);
    expect(cols.args.key?.[0]).toMatch(/^0x[0-9a-f]{64}$/);
    expect(cols.args.name).toEqual(['Blue "chip", 50%']);
    expect(JSON.parse(cols.args.components?.[0] as string)).toEqual([A, B]);
    expect(cols.args.units).toEqual(['["1","2"]']);
  });
});

describe("strings a stranger writes (issue 22)", () => {
  const ev = parseAbiItem("event Named(address indexed who, string name, string[] tags, bytes data)");
  /** A log whose `name` argument is the given raw bytes (any bytes: the ABI encoding of string and bytes is the same). */
  const logWithBytes = (nameBytes: `0x${string}`, tags: string[] = []) => {
    const raw = rawLog(ev, { who: A, name: "", tags, data: "0x00ff" });
    const data = encodeAbiParameters(
      [{ type: "bytes" }, { type: "string[]" }, { type: "bytes" }],
      [nameBytes, tags, "0x00ff"],
    );
    return { ...raw, data };
  };
  const decode = (log: ReturnType<typeof logWithBytes>) => {
    const c = compileEvent(ev);
    const cols = emptyColumns(c.fields, c.rawFields);
    expect(c.decodeInto(cols, log, 0)).toBe(true);
    return cols;
  };

  it("replaces NUL, controls and bidi overrides with U+FFFD and keeps the raw bytes", () => {
    const cols = decode(logWithBytes(stringToHex("Evil\u0000Name\u202e")));
    expect(cols.args.name).toEqual(["Evil\uFFFDName\uFFFD"]);
    expect(cols.raw.name).toEqual([stringToHex("Evil\u0000Name\u202e")]);
  });

  it("replaces invalid UTF-8 and keeps the raw bytes", () => {
    const cols = decode(logWithBytes("0x41ff42"));
    expect(cols.args.name).toEqual(["A\uFFFDB"]);
    expect(cols.raw.name).toEqual(["0x41ff42"]);
  });

  it("bounds the length (raw kept) and leaves a clean name exact (no raw)", () => {
    const long = stringToHex("x".repeat(EVENT_STRING_MAX + 50));
    const cols = decode(logWithBytes(long));
    expect(cols.args.name?.[0]?.length).toBe(EVENT_STRING_MAX);
    expect(cols.raw.name).toEqual([long]);
    const clean = decode(logWithBytes(stringToHex("블루칩 Blue")));
    expect(clean.args.name).toEqual(["블루칩 Blue"]);
    expect(clean.raw.name).toEqual([null]);
  });

  it("keeps arrays of bytes exact however long (calldata), and cleans only text", () => {
    const ev2 = parseAbiItem("event Proposed(bytes[] calldatas, address[] targets)");
    const c = compileEvent(ev2);
    const cols = emptyColumns(c.fields, c.rawFields);
    const long = `0x${"ab".repeat(400)}` as const;
    const log = rawLog(ev2, { calldatas: [long, "0x"], targets: [A] });
    expect(c.decodeInto(cols, log, 0)).toBe(true);
    expect(JSON.parse(cols.args.calldatas?.[0] as string)).toEqual([long, "0x"]);
    expect(JSON.parse(cols.args.targets?.[0] as string)).toEqual([A]);
  });

  it("cleans strings inside arrays, and keeps bytes as exact hex", () => {
    const cols = decode(logWithBytes(stringToHex("ok"), ["a\u0000", "b"]));
    expect(JSON.parse(cols.args.tags?.[0] as string)).toEqual(["a\uFFFD", "b"]);
    expect(cols.args.data).toEqual(["0x00ff"]);
  });
});

describe("decodeLogs", () => {
  it("routes logs by emitter and topic to their handler, and ignores the rest", () => {
    const sync = parseAbiItem("event Sync(uint112 reserve0, uint112 reserve1)");
    const transfer = parseAbiItem("event Transfer(address indexed from, address indexed to, uint256 value)");
    const routes = [
      { handler: "pairs", events: [sync], addresses: [B] },
      { handler: "tokens", events: [transfer], addresses: [A] },
    ];
    const logs = [
      rawLog(sync, { reserve0: 5n, reserve1: 6n }),
      { ...rawLog(transfer, { from: A, to: B, value: 9n }), address: A },
      // A Transfer from the pair: the pair's handler does not want it.
      rawLog(transfer, { from: A, to: B, value: 1n }),
      // A removed log is never stored.
      { ...rawLog(sync, { reserve0: 1n, reserve1: 1n }), removed: true },
    ];
    const r = decodeLogs(logs, routes, new Map([[16, 99]]));
    expect(r.events).toBe(2);
    expect(r.logCount).toBe(4);
    expect(r.out.pairs?.Sync?.args.reserve0).toEqual(["5"]);
    expect(r.out.pairs?.Sync?.ts).toEqual([99]);
    expect(r.out.tokens?.Transfer?.args.value).toEqual(["9"]);
    expect(r.blockHashes).toEqual([[16, `0x${"ab".repeat(32)}`]]);
    expect(filterOf(routes).addresses).toEqual([B.toLowerCase(), A]);
  });
});

describe("arrayLiteral", () => {
  it("quotes and escapes anything that is not a plain number or hex", () => {
    expect(arrayLiteral([1, "0xab", "12"])).toBe("{1,0xab,12}");
    expect(arrayLiteral(['a "b", c\\d', "{x}"])).toBe('{"a \\"b\\", c\\\\d","{x}"}');
  });
  it("writes null as NULL, and the text NULL as text (a name cannot become a missing value)", () => {
    expect(arrayLiteral([null, "NULL", "null", "Null", "NULLS"])).toBe('{NULL,"NULL","null","Null",NULLS}');
  });
});
