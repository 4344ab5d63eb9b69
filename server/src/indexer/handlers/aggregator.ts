/**
 * SofiAggregator: one `Trade` per trade through the aggregator, into aggregator_trades (the
 * profile's transaction tab, the swap page's recent list). Native ETH is the zero address.
 */
import { parseAbiItem } from "viem";
import type { Queryable } from "../../db/client.ts";
import { bulkInsert } from "../bulk.ts";
import { argOf, type Handler, type HandlerRows, rowsOf } from "../handler.ts";

export const TRADE_EVENT = parseAbiItem(
  "event Trade(address indexed user, address indexed router, address indexed tokenIn, address tokenOut, uint256 amountIn, uint256 amountOut, address recipient)",
);

async function insert(tx: Queryable, chainId: number, rows: HandlerRows): Promise<void> {
  const t = rowsOf(rows, "Trade");
  await bulkInsert(tx, "aggregator_trades", chainId, [
    { name: "block_number", type: "int8", values: t.block },
    { name: "log_index", type: "int4", values: t.logIndex },
    { name: "tx_hash", type: "text", values: t.tx },
    { name: "timestamp", type: "int8", values: t.ts },
    { name: "user", type: "text", values: argOf(t, "user") },
    { name: "router", type: "text", values: argOf(t, "router") },
    { name: "token_in", type: "text", values: argOf(t, "tokenIn") },
    { name: "token_out", type: "text", values: argOf(t, "tokenOut") },
    { name: "amount_in", type: "numeric", values: argOf(t, "amountIn") },
    { name: "amount_out", type: "numeric", values: argOf(t, "amountOut") },
    { name: "recipient", type: "text", values: argOf(t, "recipient") },
  ]);
}

async function rollback(tx: Queryable, chainId: number, fork: number): Promise<void> {
  await tx.query("DELETE FROM aggregator_trades WHERE chain_id = $1 AND block_number > $2", [chainId, fork]);
}

export const aggregatorHandler: Handler = {
  name: "aggregator",
  events: [TRADE_EVENT],
  sources: [{ kind: "fixed", addresses: (d) => (d.contracts?.aggregator ? [d.contracts.aggregator] : []) }],
  insert,
  rollback,
};
