/**
 * Handlers typed from the generated ABIs (issue 17): the events they take from `@sofi/protocol` are
 * the very signatures the hand-written ones were (same topics, same indexed arguments, same
 * names), a reorg through the engine's generic rollback removes exactly the rows above the fork
 * from every table a handler declares, and the typed columns refuse unknown event and argument
 * names at compile time (`tsc -p server` checks the `@ts-expect-error` lines below).
 */
import { portfolioTradingModuleAbi, setTokenAbi, sofiAggregatorAbi, uniswapV2PairAbi } from "@sofi/protocol";
import {
  type AbiEvent,
  createPublicClient,
  custom,
  type Hex,
  keccak256,
  parseAbiItem,
  toEventSelector,
  toHex,
} from "viem";
import { afterAll, describe, expect, it } from "vitest";
import type { Db } from "../src/db/client.ts";
import { compileEvent } from "../src/indexer/decoders.mjs";
import { ChainIndexer } from "../src/indexer/engine.ts";
import {
  argOf,
  defineHandler,
  type EventColumns,
  eventLogHandler,
  eventOf,
  type Handler,
  type HandlerRows,
  rowsOf,
} from "../src/indexer/handler.ts";
import { aggregatorHandler } from "../src/indexer/handlers/aggregator.ts";
import { portfoliosHandler } from "../src/indexer/handlers/portfolios.ts";
import { promotionsHandler } from "../src/indexer/handlers/promotions.ts";
import { uniswapV2Handler } from "../src/indexer/handlers/uniswap-v2.ts";
import { ALL_HANDLERS as HANDLERS } from "../src/modules/fold.ts";
import { closeAllDbs, DB_KINDS, freshDb } from "./helpers/db.ts";

/** The signatures the handlers parsed by hand before issue 17 (and decoded logs by). */
const HAND_WRITTEN: Record<string, string[]> = {
  "uniswap-v2": [
    "event Sync(uint112 reserve0, uint112 reserve1)",
    "event Swap(address indexed sender, uint256 amount0In, uint256 amount1In, uint256 amount0Out, uint256 amount1Out, address indexed to)",
  ],
  aggregator: [
    "event Trade(address indexed user, address indexed router, address indexed tokenIn, address tokenOut, uint256 amountIn, uint256 amountOut, address recipient)",
  ],
  portfolios: [
    "event Transfer(address indexed from, address indexed to, uint256 value)",
    "event DefaultPositionUnitEdited(address indexed _component, int256 _realUnit)",
    "event ComponentAdded(address indexed _component)",
    "event ComponentRemoved(address indexed _component)",
    "event PositionMultiplierEdited(int256 _newMultiplier)",
    "event ModuleAdded(address indexed _module)",
    "event PortfolioBought(address indexed setToken, address indexed buyer, address indexed tokenIn, uint256 quantity, uint256 amountIn, uint256 tradeFee)",
    "event PortfolioSold(address indexed setToken, address indexed seller, address indexed tokenOut, uint256 quantity, uint256 amountOut, uint256 tradeFee, uint256 exitFee)",
    "event ModuleInitialized(address indexed setToken, address indexed manager, uint256 exitFeeBps, address exitFeeRecipient)",
    "event TradingEnabled(address indexed setToken, bool enabled)",
    "event ExitFeeSet(address indexed setToken, uint256 exitFeeBps, address exitFeeRecipient)",
    "event ModuleRemoved(address indexed setToken)",
    "event SetTokenIssued(address indexed _setToken, address indexed _issuer, address indexed _to, address _hookContract, uint256 _quantity)",
    "event SetTokenRedeemed(address indexed _setToken, address indexed _redeemer, address indexed _to, uint256 _quantity)",
    "event ComponentExchanged(address indexed _setToken, address indexed _sendToken, address indexed _receiveToken, address _exchangeAdapter, uint256 _totalSendAmount, uint256 _totalReceiveAmount, uint256 _protocolFee)",
  ],
  promotions: ["event Promoted(address indexed portfolio, address indexed payer, uint256 amount, uint256 endAt)"],
};
/**
 * The handlers that parsed logs by hand before issue 17. Later handlers (governance, the market,
 * races, …) were written on the generated ABIs from the start and test their own rollbacks (e.g.
 * governance.test.ts, predict.test.ts, races.test.ts).
 */
const ORIGINAL = HANDLERS.filter((h) => h.name in HAND_WRITTEN);
const HAND_WRITTEN_FACTORY: Record<string, string> = {
  portfolios:
    "event PortfolioCreated(address indexed portfolio, address indexed manager, string name, string symbol, address[] components, int256[] units, uint256[] allocations, uint256 startPrice)",
};

/** An event with what decoding depends on: name, argument types, `indexed` and argument names. */
const formatAbiItem = (e: AbiEvent) =>
  `${e.name}(${e.inputs.map((i) => `${i.type}${i.indexed ? " indexed" : ""} ${i.name ?? ""}`).join(", ")})`;

describe("handler events from the generated ABIs", () => {
  it("are the hand-written signatures: same topics, indexed arguments and argument names", () => {
    expect(ORIGINAL.map((h) => h.name).sort()).toEqual(Object.keys(HAND_WRITTEN).sort());
    for (const h of ORIGINAL) {
      const want = (HAND_WRITTEN[h.name] ?? []).map((s) => parseAbiItem(s) as AbiEvent);
      expect(
        h.events.map((e) => formatAbiItem(e)),
        h.name,
      ).toEqual(want.map((e) => formatAbiItem(e)));
      expect(
        h.events.map((e) => toEventSelector(e)),
        h.name,
      ).toEqual(want.map((e) => toEventSelector(e)));
      // what the decoder reads: the same field names and the same raw (string) fields
      expect(h.events.map((e) => compileEvent(e).fields)).toEqual(want.map((e) => compileEvent(e).fields));
      const factories = h.sources.flatMap((s) => (s.kind === "factory" ? [s.event] : []));
      const wantFactory = HAND_WRITTEN_FACTORY[h.name];
      expect(
        factories.map((e) => formatAbiItem(e)),
        h.name,
      ).toEqual(wantFactory ? [formatAbiItem(parseAbiItem(wantFactory) as AbiEvent)] : []);
      if (wantFactory) expect(toEventSelector(factories[0] as AbiEvent)).toBe(toEventSelector(wantFactory));
    }
    // the topics themselves, for the hottest events
    expect(toEventSelector(eventOf(uniswapV2PairAbi, "Sync"))).toBe(keccak256(toHex("Sync(uint112,uint112)")));
    expect(toEventSelector(eventOf(uniswapV2PairAbi, "Swap"))).toBe(
      "0xd78ad95fa46c994b6551d0da85fc275fe613ce37657fb8d5e3d130840159d822",
    );
  });

  it("a set's ModuleRemoved(_module) shares the trading module's ModuleRemoved(setToken) topic", () => {
    // the portfolios handler decodes both with the trading module's event and tells them apart by emitter
    expect(toEventSelector(eventOf(setTokenAbi, "ModuleRemoved"))).toBe(
      toEventSelector(eventOf(portfolioTradingModuleAbi, "ModuleRemoved")),
    );
  });

  it("eventOf refuses a name the ABI does not have (at run time too)", () => {
    expect(() => eventOf(sofiAggregatorAbi, "Nope" as "Trade")).toThrow(/0 events named Nope/);
  });
});

/** A synthetic text value of an ABI type, as the decoder would give it (varies with `n`). */
function sampleText(type: string, n: number): string {
  if (type.endsWith("[]")) return JSON.stringify([sampleText(type.slice(0, -2), n)]);
  if (type === "address") return `0x${n.toString(16).padStart(40, "0")}`;
  if (type === "bool") return "true";
  if (type === "string") return `text ${n}`;
  if (type.startsWith("bytes")) return `0x${"ab".repeat(32)}`;
  return String(n);
}

/** One log of every event a handler takes (its factories' too) in each of `blocks`. */
function rowsFor(h: Handler, blocks: readonly number[]): HandlerRows {
  const events = [...h.events, ...h.sources.flatMap((s) => (s.kind === "factory" ? [s.event] : []))];
  const rows: HandlerRows = {};
  events.forEach((e, k) => {
    const c = compileEvent(e);
    const cols: EventColumns = { block: [], logIndex: [], tx: [], ts: [], address: [], args: {}, raw: {} };
    for (const f of c.fields) cols.args[f] = [];
    for (const b of blocks) {
      cols.block.push(b);
      cols.logIndex.push(k);
      cols.tx.push(`0x${b.toString(16).padStart(64, "0")}`);
      cols.ts.push(1_700_000_000 + b * 12);
      cols.address.push(sampleText("address", 0xa000 + b));
      e.inputs.forEach((input, i) => {
        cols.args[c.fields[i] as string]?.push(sampleText(input.type, b * 100 + i));
      });
    }
    rows[e.name] = cols;
  });
  return rows;
}

/** A chain whose blocks up to `forkAt` are the stored ones and whose later blocks are another branch's. */
function forkedClient(stored: Map<number, Hex>, forkAt: number) {
  const hashOf = (n: number) => (n <= forkAt ? (stored.get(n) as Hex) : keccak256(toHex(`other branch ${n}`)));
  return createPublicClient({
    transport: custom({
      async request({ method, params }) {
        if (method === "eth_blockNumber") return toHex(Math.max(...stored.keys()));
        if (method === "eth_getBlockByNumber") {
          const n = Number((params as [Hex])[0]);
          return { number: toHex(n), hash: hashOf(n), parentHash: hashOf(n - 1), timestamp: toHex(n * 12) };
        }
        throw new Error(`unexpected ${method}`);
      },
    }),
  });
}

async function rowsByBlock(db: Db, table: string): Promise<Record<string, string[]>> {
  const rows = await db.query<Record<string, unknown>>(
    `SELECT * FROM ${table} WHERE chain_id = 31337 ORDER BY block_number, log_index`,
  );
  const out: Record<string, string[]> = {};
  for (const r of rows) {
    const block = String(r.block_number);
    out[block] = [...(out[block] ?? []), JSON.stringify(r)];
  }
  return out;
}

afterAll(closeAllDbs);

describe.each(DB_KINDS)("the generic rollback (%s)", (kind) => {
  /** Writes blocks 10-12 of every handler, rolls the engine back to the fork block 11. */
  async function reorg(handlers: readonly Handler[]): Promise<Db> {
    const db = await freshDb(kind);
    await db.transaction(async (tx) => {
      for (const h of handlers) await h.insert(tx, 31337, rowsFor(h, [10, 11, 12]));
    });
    const stored = new Map([10, 11, 12].map((n) => [n, keccak256(toHex(`block ${n}`))] as const));
    for (const [n, hash] of stored)
      await db.query(
        "INSERT INTO indexer_blocks (chain_id, block_number, block_hash, timestamp) VALUES ($1, $2, $3, $4)",
        [31337, n, hash, n * 12],
      );
    const indexer = new ChainIndexer({
      db,
      chainId: 31337,
      deployment: { startBlock: 1 } as never,
      client: forkedClient(stored, 11) as never,
      handlers,
      useWorker: false,
    });
    expect(await indexer.rollback(12)).toEqual({ blockNumber: 11, blockHash: stored.get(11) });
    return db;
  }

  it("a stored block the node reports under its head but cannot serve is not an ancestor, not an error", async () => {
    // seen on anvil reverted to a snapshot: eth_blockNumber above blocks it no longer serves
    const db = await freshDb(kind);
    const stored = new Map([10, 11, 12].map((n) => [n, keccak256(toHex(`block ${n}`))] as const));
    for (const [n, hash] of stored)
      await db.query(
        "INSERT INTO indexer_blocks (chain_id, block_number, block_hash, timestamp) VALUES ($1, $2, $3, $4)",
        [31337, n, hash, n * 12],
      );
    const client = createPublicClient({
      transport: custom({
        async request({ method, params }) {
          if (method === "eth_blockNumber") return toHex(12);
          if (method === "eth_getBlockByNumber") {
            const n = Number((params as [Hex])[0]);
            if (n === 12) return null;
            return { number: toHex(n), hash: stored.get(n), parentHash: stored.get(n - 1), timestamp: toHex(n * 12) };
          }
          throw new Error(`unexpected ${method}`);
        },
      }),
    });
    const indexer = new ChainIndexer({
      db,
      chainId: 31337,
      deployment: { startBlock: 1 } as never,
      client: client as never,
      handlers: ORIGINAL,
      useWorker: false,
    });
    expect(await indexer.rollback(12)).toEqual({ blockNumber: 11, blockHash: stored.get(11) });
  });

  it("removes exactly the rows above the fork from every table each handler declares", async () => {
    const tables = ORIGINAL.flatMap((h) => h.tables ?? []);
    expect(tables).toEqual([
      "pair_swaps",
      "pair_syncs",
      "aggregator_trades",
      "portfolios",
      "portfolio_positions",
      "portfolio_multipliers",
      "portfolio_module_events",
      "portfolio_rebalances",
      "portfolio_promotions",
    ]);
    // what the insert alone writes: rows in every declared table at every block
    const before = await freshDb(kind);
    await before.transaction(async (tx) => {
      for (const h of ORIGINAL) await h.insert(tx, 31337, rowsFor(h, [10, 11, 12]));
    });
    const written: Record<string, Record<string, string[]>> = {};
    for (const t of tables) {
      written[t] = await rowsByBlock(before, t);
      expect(Object.keys(written[t] ?? {}), t).toEqual(["10", "11", "12"]);
    }

    const db = await reorg(ORIGINAL);
    for (const t of tables) {
      const { 12: _above, ...kept } = written[t] ?? {};
      expect(await rowsByBlock(db, t), t).toEqual(kept);
    }
    // the handlers' own rollbacks ran after it: candles rebuilt from the syncs left, counters unfolded
    const candles = await db.query<{ block_number: unknown }>("SELECT block_number FROM pair_candles");
    expect(candles.map((c) => Number(c.block_number)).every((b) => b <= 11)).toBe(true);
    expect(candles.length).toBeGreaterThan(0);
    for (const t of ["portfolio_trades", "portfolio_transfers"])
      expect(Object.keys(await rowsByBlock(db, t)), t).toEqual(["10", "11"]);
  });

  it("leaves the rows of a table the handler does not declare (the declaration is what deletes)", async () => {
    const undeclared = ORIGINAL.map((h) => ({ ...h, tables: [] }));
    const db = await reorg(undeclared);
    for (const t of ORIGINAL.flatMap((h) => h.tables ?? []))
      expect(Object.keys(await rowsByBlock(db, t)), t).toEqual(["10", "11", "12"]);
  });
});

describe("typed columns", () => {
  it("reject unknown event and argument names at compile time (tsc -p server)", () => {
    expect(typeof typeChecks).toBe("function");
  });
});

/** Never run: `tsc -p server` fails if a `@ts-expect-error` below stops being an error. */
function typeChecks() {
  const sync = eventOf(uniswapV2PairAbi, "Sync");
  // @ts-expect-error: not an event of the pair ABI
  eventOf(uniswapV2PairAbi, "Trade");
  defineHandler({
    name: "types",
    events: [sync, eventOf(uniswapV2PairAbi, "Swap")],
    sources: [{ kind: "factory", factories: () => [], event: eventOf(sofiAggregatorAbi, "Trade"), parameter: "user" }],
    tables: [],
    async insert(_tx, _chainId, rows) {
      const reserves: string[] = rows.Sync.args.reserve0;
      const swap = rowsOf(rows, "Swap");
      const to: string[] = argOf(swap, "to");
      const user: string[] = rows.Trade.args.user; // the factory's event reaches insert too
      // @ts-expect-error: Sync has no argument `reserve2`
      rows.Sync.args.reserve2;
      // @ts-expect-error: Swap has no argument `from`
      argOf(swap, "from");
      // @ts-expect-error: not an event of this handler
      rowsOf(rows, "Transfer");
      // @ts-expect-error: not an event of this handler
      rows.Mint;
      void [reserves, to, user];
    },
  });
  defineHandler({
    name: "types",
    events: [sync],
    sources: [
      // @ts-expect-error: `parameter` must be an argument of the factory's event
      { kind: "factory", factories: () => [], event: eventOf(sofiAggregatorAbi, "Trade"), parameter: "pair" },
    ],
    tables: [],
    async insert() {},
  });
  eventLogHandler({
    name: "types",
    abi: sofiAggregatorAbi,
    event: "Trade",
    source: () => undefined,
    table: "t",
    // @ts-expect-error: Trade has no argument `amount`
    columns: { user: "user", amount: "amount" },
  });
  eventLogHandler({
    name: "types",
    abi: sofiAggregatorAbi,
    // @ts-expect-error: not an event of the aggregator's ABI
    event: "Promoted",
    source: () => undefined,
    table: "t",
    columns: {},
  });
}

// the named exports the server's module manifests import
void [aggregatorHandler, portfoliosHandler, promotionsHandler, uniswapV2Handler];
