/**
 * The prediction market (issue 19). MarketRegistry's `MarketCreated` makes each market's FPMM a
 * source (factory source, parameter `market`), whose trades and funding are written with the pool's
 * outcome balances after each: the balances are carried from the market's last stored event and
 * moved by each event in log order (a buy adds its investment net of fee to both outcomes and takes
 * the tokens bought from one; a sell adds the tokens sold and merges its return plus fee out of
 * both; funding adds or removes the amounts). Fixed sources: Conditional Tokens (transfers of the
 * markets' positions, resolutions, redemptions) and Reality.eth (answers, arbitration).
 */
import { poolPrices, poolValue } from "@sofi/core";
import { storableTextFromBytes } from "@sofi/core/storable-text";
import { conditionalTokensAbi, fixedProductMarketMakerAbi, marketRegistryAbi, realityEthAbi } from "@sofi/protocol";
import type { Queryable } from "../../db/client.ts";
import { bulkInsert } from "../bulk.ts";
import { defineHandler, eventOf, rawOf } from "../handler.ts";

export const MARKET_CREATED_EVENT = eventOf(marketRegistryAbi, "MarketCreated");
/** The registry's bounds (MarketRegistry.MAX_DESCRIPTION_BYTES, MAX_PHOTO_BYTES). */
const MARKET_DESCRIPTION_MAX = 4000;
const MARKET_PHOTO_MAX = 8192;

/**
 * String arguments read again from their exact bytes where the decoder's short, one-line text is
 * not an exact reading: a description's resolution criteria run past 256 characters and over lines.
 */
function whole(texts: string[], raws: (string | null)[], o: { max: number; multiline?: boolean }): string[] {
  return texts.map((t, i) => {
    const raw = raws[i];
    return raw ? storableTextFromBytes(raw, o).text : t;
  });
}

export const PREDICT_EVENTS = [
  eventOf(fixedProductMarketMakerAbi, "FPMMBuy"),
  eventOf(fixedProductMarketMakerAbi, "FPMMSell"),
  eventOf(fixedProductMarketMakerAbi, "FPMMFundingAdded"),
  eventOf(fixedProductMarketMakerAbi, "FPMMFundingRemoved"),
  eventOf(conditionalTokensAbi, "TransferSingle"),
  eventOf(conditionalTokensAbi, "TransferBatch"),
  eventOf(conditionalTokensAbi, "ConditionResolution"),
  eventOf(conditionalTokensAbi, "PayoutRedemption"),
  eventOf(realityEthAbi, "LogNewAnswer"),
  eventOf(realityEthAbi, "LogNotifyOfArbitrationRequest"),
  eventOf(realityEthAbi, "LogCancelArbitration"),
  eventOf(realityEthAbi, "LogFinalize"),
];

const list = (v: string | undefined): string[] => (JSON.parse(v ?? "[]") as unknown[]).map((x) => String(x));

type PoolEvent = {
  block: number;
  log: number;
  tx: string;
  ts: number;
  market: string;
  kind: "buy" | "sell" | "addFunding" | "removeFunding";
  account: string;
  outcome: number | null;
  collateral: bigint;
  fee: bigint;
  tokens: bigint;
  /** Moves of the pool's two balances. */
  delta: [bigint, bigint];
};

/** Each market's pool balances after its last stored event (none: an empty pool). */
async function lastBalances(tx: Queryable, chainId: number, markets: string[]) {
  const rows = await tx.query<{ market: string; b0: string; b1: string }>(
    `SELECT DISTINCT ON (market) market, b0::text AS b0, b1::text AS b1 FROM predict_events
     WHERE chain_id = $1 AND market = ANY($2::text[]) ORDER BY market, block_number DESC, log_index DESC`,
    [chainId, `{${markets.join(",")}}`],
  );
  return new Map(rows.map((r) => [r.market, [BigInt(r.b0), BigInt(r.b1)] as [bigint, bigint]]));
}

/** The tail of an events statement that moves each market's volume and trade count (sign -1: deleted). */
function foldStats(moved: string, sign: 1 | -1): string {
  return `INSERT INTO predict_stats AS s (chain_id, market, volume, trades)
    SELECT $1, market, ${sign} * COALESCE(sum(collateral) FILTER (WHERE kind IN ('buy', 'sell')), 0),
      ${sign} * count(*) FILTER (WHERE kind IN ('buy', 'sell'))
    FROM ${moved} GROUP BY market
    ON CONFLICT (chain_id, market) DO UPDATE SET volume = s.volume + EXCLUDED.volume, trades = s.trades + EXCLUDED.trades`;
}

export const predictHandler = defineHandler({
  name: "predict",
  events: PREDICT_EVENTS,
  sources: [
    {
      kind: "factory",
      factories: (d) => (d.contracts?.marketRegistry ? [d.contracts.marketRegistry] : []),
      event: MARKET_CREATED_EVENT,
      parameter: "market",
    },
    {
      kind: "fixed",
      addresses: (d) =>
        [d.contracts?.conditionalTokens, d.contracts?.realityEth].filter((a): a is `0x${string}` => Boolean(a)),
    },
  ],
  // every account whose trades, funding, outcome-token transfers or redemptions a range wrote: their
  // kept positions (api/predict.ts, "markets.sender") are read again
  touches: (rows) => ({
    "markets.sender": [
      ...new Set([
        ...(rows.FPMMBuy?.args.buyer ?? []),
        ...(rows.FPMMSell?.args.seller ?? []),
        ...(rows.FPMMFundingAdded?.args.funder ?? []),
        ...(rows.FPMMFundingRemoved?.args.funder ?? []),
        ...(rows.TransferSingle?.args.from ?? []),
        ...(rows.TransferSingle?.args.to ?? []),
        ...(rows.TransferBatch?.args.from ?? []),
        ...(rows.TransferBatch?.args.to ?? []),
        ...(rows.PayoutRedemption?.args.redeemer ?? []),
      ]),
    ],
  }),
  // events go by the custom rollback (with the stats they moved); the others by table
  tables: ["predict_markets", "predict_transfers", "predict_answers", "predict_settlements"],
  async insert(tx, chainId, rows) {
    const m = rows.MarketCreated;
    await bulkInsert(
      tx,
      "predict_markets",
      chainId,
      [
        { name: "market", type: "text", values: m.args.market },
        { name: "block_number", type: "int8", values: m.block },
        { name: "log_index", type: "int4", values: m.logIndex },
        { name: "tx_hash", type: "text", values: m.tx },
        { name: "timestamp", type: "int8", values: m.ts },
        { name: "registry", type: "text", values: m.address },
        { name: "creator", type: "text", values: m.args.creator },
        { name: "condition_id", type: "text", values: m.args.conditionId },
        { name: "question_id", type: "text", values: m.args.questionId },
        { name: "title", type: "text", values: m.args.title },
        {
          name: "description",
          type: "text",
          values: whole(m.args.description, rawOf(m, "description"), { max: MARKET_DESCRIPTION_MAX, multiline: true }),
        },
        { name: "photo", type: "text", values: whole(m.args.photo, rawOf(m, "photo"), { max: MARKET_PHOTO_MAX }) },
        { name: "outcome_names", type: "jsonb", values: m.args.outcomeNames },
        { name: "resolution_time", type: "int8", values: m.args.resolutionTime },
        { name: "fee", type: "numeric", values: m.args.fee },
        { name: "initial_funding", type: "numeric", values: m.args.initialFunding },
        { name: "position_ids", type: "jsonb", values: m.args.positionIds },
        { name: "answer_timeout", type: "int8", values: m.args.answerTimeout },
        { name: "min_bond", type: "numeric", values: m.args.minBond },
      ],
      "",
    );

    // ---- pool events, in log order, carrying each market's balances
    const events: PoolEvent[] = [];
    const at = (
      c: { block: number[]; logIndex: number[]; tx: string[]; ts: number[]; address: string[] },
      i: number,
    ) => ({
      block: c.block[i] as number,
      log: c.logIndex[i] as number,
      tx: c.tx[i] as string,
      ts: c.ts[i] as number,
      market: c.address[i] as string,
    });
    const b = rows.FPMMBuy;
    for (let i = 0; i < b.block.length; i++) {
      const net = BigInt(b.args.investmentAmount[i] as string) - BigInt(b.args.feeAmount[i] as string);
      const outcome = Number(b.args.outcomeIndex[i]);
      const bought = BigInt(b.args.outcomeTokensBought[i] as string);
      events.push({
        ...at(b, i),
        kind: "buy",
        account: b.args.buyer[i] as string,
        outcome,
        collateral: BigInt(b.args.investmentAmount[i] as string),
        fee: BigInt(b.args.feeAmount[i] as string),
        tokens: bought,
        delta: [net - (outcome === 0 ? bought : 0n), net - (outcome === 1 ? bought : 0n)],
      });
    }
    const s = rows.FPMMSell;
    for (let i = 0; i < s.block.length; i++) {
      const out = BigInt(s.args.returnAmount[i] as string) + BigInt(s.args.feeAmount[i] as string);
      const outcome = Number(s.args.outcomeIndex[i]);
      const sold = BigInt(s.args.outcomeTokensSold[i] as string);
      events.push({
        ...at(s, i),
        kind: "sell",
        account: s.args.seller[i] as string,
        outcome,
        collateral: BigInt(s.args.returnAmount[i] as string),
        fee: BigInt(s.args.feeAmount[i] as string),
        tokens: sold,
        delta: [(outcome === 0 ? sold : 0n) - out, (outcome === 1 ? sold : 0n) - out],
      });
    }
    const fa = rows.FPMMFundingAdded;
    for (let i = 0; i < fa.block.length; i++) {
      const amounts = list(fa.args.amountsAdded[i]).map(BigInt);
      events.push({
        ...at(fa, i),
        kind: "addFunding",
        account: fa.args.funder[i] as string,
        outcome: null,
        // amountsAdded = the funds minus what was sent back per outcome: the largest is the funds
        collateral: amounts.reduce((x, y) => (y > x ? y : x), 0n),
        fee: 0n,
        tokens: BigInt(fa.args.sharesMinted[i] as string),
        delta: [amounts[0] ?? 0n, amounts[1] ?? 0n],
      });
    }
    const fr = rows.FPMMFundingRemoved;
    for (let i = 0; i < fr.block.length; i++) {
      const amounts = list(fr.args.amountsRemoved[i]).map(BigInt);
      events.push({
        ...at(fr, i),
        kind: "removeFunding",
        account: fr.args.funder[i] as string,
        outcome: null,
        // the outcome tokens go back to the funder; collateral only from the fee pool
        collateral: BigInt(fr.args.collateralRemovedFromFeePool[i] as string),
        fee: 0n,
        tokens: BigInt(fr.args.sharesBurnt[i] as string),
        delta: [-(amounts[0] ?? 0n), -(amounts[1] ?? 0n)],
      });
    }
    if (events.length > 0) {
      events.sort((x, y) => x.block - y.block || x.log - y.log);
      const balances = await lastBalances(tx, chainId, [...new Set(events.map((e) => e.market))]);
      const after: [bigint, bigint][] = events.map((e) => {
        const [b0, b1] = balances.get(e.market) ?? [0n, 0n];
        const next: [bigint, bigint] = [b0 + e.delta[0], b1 + e.delta[1]];
        balances.set(e.market, next);
        return next;
      });
      await bulkInsert(
        tx,
        "predict_events",
        chainId,
        [
          { name: "block_number", type: "int8", values: events.map((e) => e.block) },
          { name: "log_index", type: "int4", values: events.map((e) => e.log) },
          { name: "tx_hash", type: "text", values: events.map((e) => e.tx) },
          { name: "timestamp", type: "int8", values: events.map((e) => e.ts) },
          { name: "market", type: "text", values: events.map((e) => e.market) },
          { name: "kind", type: "text", values: events.map((e) => e.kind) },
          { name: "account", type: "text", values: events.map((e) => e.account) },
          { name: "outcome", type: "int4", values: events.map((e) => e.outcome) },
          { name: "collateral", type: "numeric", values: events.map((e) => e.collateral.toString()) },
          { name: "fee", type: "numeric", values: events.map((e) => e.fee.toString()) },
          { name: "tokens", type: "numeric", values: events.map((e) => e.tokens.toString()) },
          { name: "b0", type: "numeric", values: after.map(([x]) => (x < 0n ? 0n : x).toString()) },
          { name: "b1", type: "numeric", values: after.map(([, y]) => (y < 0n ? 0n : y).toString()) },
          { name: "price0", type: "float8", values: after.map(([x, y]) => poolPrices(x, y)[0]) },
          { name: "pool_value", type: "float8", values: after.map(([x, y]) => poolValue(x, y)) },
        ],
        "",
        (insert) => `WITH ins AS (${insert} RETURNING market, kind, collateral) ${foldStats("ins", 1)}`,
      );
    }

    // ---- outcome-token transfers of our markets' positions (a batch: one row per id)
    const tr = {
      block: [] as number[],
      log: [] as number[],
      item: [] as number[],
      ts: [] as number[],
      id: [] as string[],
      from: [] as string[],
      to: [] as string[],
      value: [] as string[],
    };
    const ts1 = rows.TransferSingle;
    for (let i = 0; i < ts1.block.length; i++) {
      tr.block.push(ts1.block[i] as number);
      tr.log.push(ts1.logIndex[i] as number);
      tr.item.push(0);
      tr.ts.push(ts1.ts[i] as number);
      tr.id.push(ts1.args.id[i] as string);
      tr.from.push(ts1.args.from[i] as string);
      tr.to.push(ts1.args.to[i] as string);
      tr.value.push(ts1.args.value[i] as string);
    }
    const tb = rows.TransferBatch;
    for (let i = 0; i < tb.block.length; i++) {
      const ids = list(tb.args.ids[i]);
      const values = list(tb.args.values[i]);
      ids.forEach((id, k) => {
        tr.block.push(tb.block[i] as number);
        tr.log.push(tb.logIndex[i] as number);
        tr.item.push(k);
        tr.ts.push(tb.ts[i] as number);
        tr.id.push(id);
        tr.from.push(tb.args.from[i] as string);
        tr.to.push(tb.args.to[i] as string);
        tr.value.push(values[k] ?? "0");
      });
    }
    if (tr.block.length > 0)
      await tx.query(
        `INSERT INTO predict_transfers (chain_id, block_number, log_index, item, timestamp, market, outcome, "from", "to", value)
         SELECT $1, x.b, x.l, x.i, x.t, m.market, o.idx - 1, x.f, x.r, x.v
         FROM unnest($2::int8[], $3::int4[], $4::int4[], $5::int8[], $6::text[], $7::text[], $8::text[], $9::numeric[])
           AS x(b, l, i, t, id, f, r, v)
         JOIN predict_markets m ON m.chain_id = $1 AND m.position_ids ? x.id
         CROSS JOIN LATERAL (SELECT ord AS idx FROM jsonb_array_elements_text(m.position_ids) WITH ORDINALITY AS p(pid, ord)
                             WHERE p.pid = x.id) o`,
        [
          chainId,
          `{${tr.block.join(",")}}`,
          `{${tr.log.join(",")}}`,
          `{${tr.item.join(",")}}`,
          `{${tr.ts.join(",")}}`,
          `{${tr.id.join(",")}}`,
          `{${tr.from.join(",")}}`,
          `{${tr.to.join(",")}}`,
          `{${tr.value.join(",")}}`,
        ],
      );

    // ---- resolutions and redemptions
    const res = rows.ConditionResolution;
    const red = rows.PayoutRedemption;
    await bulkInsert(
      tx,
      "predict_settlements",
      chainId,
      [
        { name: "block_number", type: "int8", values: [...res.block, ...red.block] },
        { name: "log_index", type: "int4", values: [...res.logIndex, ...red.logIndex] },
        { name: "tx_hash", type: "text", values: [...res.tx, ...red.tx] },
        { name: "timestamp", type: "int8", values: [...res.ts, ...red.ts] },
        { name: "condition_id", type: "text", values: [...res.args.conditionId, ...red.args.conditionId] },
        {
          name: "kind",
          type: "text",
          values: [...res.block.map(() => "resolution"), ...red.block.map(() => "redemption")],
        },
        { name: "payouts", type: "jsonb", values: [...res.args.payoutNumerators, ...red.block.map(() => null)] },
        { name: "account", type: "text", values: [...res.block.map(() => null), ...red.args.redeemer] },
        { name: "payout", type: "numeric", values: [...res.block.map(() => null), ...red.args.payout] },
      ],
      "",
    );

    // ---- Reality.eth: answers, arbitration requests, their cancellations (the question reopens
    // for answers with a new timeout from then) and finalisations
    const a = rows.LogNewAnswer;
    const n = rows.LogNotifyOfArbitrationRequest;
    const x = rows.LogCancelArbitration;
    const f = rows.LogFinalize;
    const nulls = (c: { block: unknown[] }) => c.block.map(() => null);
    await bulkInsert(
      tx,
      "predict_answers",
      chainId,
      [
        { name: "block_number", type: "int8", values: [...a.block, ...n.block, ...x.block, ...f.block] },
        { name: "log_index", type: "int4", values: [...a.logIndex, ...n.logIndex, ...x.logIndex, ...f.logIndex] },
        { name: "tx_hash", type: "text", values: [...a.tx, ...n.tx, ...x.tx, ...f.tx] },
        { name: "timestamp", type: "int8", values: [...a.ts, ...n.ts, ...x.ts, ...f.ts] },
        {
          name: "question_id",
          type: "text",
          values: [...a.args.question_id, ...n.args.question_id, ...x.args.question_id, ...f.args.question_id],
        },
        {
          name: "kind",
          type: "text",
          values: [
            ...a.block.map(() => "answer"),
            ...n.block.map(() => "arbitration"),
            ...x.block.map(() => "cancel"),
            ...f.block.map(() => "finalize"),
          ],
        },
        { name: "answer", type: "text", values: [...a.args.answer, ...nulls(n), ...nulls(x), ...f.args.answer] },
        { name: "bond", type: "numeric", values: [...a.args.bond, ...nulls(n), ...nulls(x), ...nulls(f)] },
        { name: "account", type: "text", values: [...a.args.user, ...n.args.user, ...nulls(x), ...nulls(f)] },
      ],
      "",
    );
  },
  async rollback(tx, chainId, fork) {
    await tx.query(
      `WITH del AS (
         DELETE FROM predict_events WHERE chain_id = $1 AND block_number > $2 RETURNING market, kind, collateral
       ) ${foldStats("del", -1)}`,
      [chainId, fork],
    );
  },
});
