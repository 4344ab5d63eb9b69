/**
 * PortfolioPromotion (issue 11): one `Promoted` per SOFI payment, into portfolio_promotions (an
 * append-only log; a portfolio's promote_end_at is its latest end_at, which the featured list and
 * the detail read). Fixed source: the deployment's `portfolioPromotion`.
 */
import { parseAbiItem } from "viem";
import type { Queryable } from "../../db/client.ts";
import { bulkInsert } from "../bulk.ts";
import { argOf, type Handler, type HandlerRows, rowsOf } from "../handler.ts";

export const PROMOTED_EVENT = parseAbiItem(
  "event Promoted(address indexed portfolio, address indexed payer, uint256 amount, uint256 endAt)",
);

async function insert(tx: Queryable, chainId: number, rows: HandlerRows): Promise<void> {
  const p = rowsOf(rows, "Promoted");
  await bulkInsert(tx, "portfolio_promotions", chainId, [
    { name: "block_number", type: "int8", values: p.block },
    { name: "log_index", type: "int4", values: p.logIndex },
    { name: "tx_hash", type: "text", values: p.tx },
    { name: "timestamp", type: "int8", values: p.ts },
    { name: "portfolio", type: "text", values: argOf(p, "portfolio") },
    { name: "payer", type: "text", values: argOf(p, "payer") },
    { name: "amount", type: "numeric", values: argOf(p, "amount") },
    { name: "end_at", type: "int8", values: argOf(p, "endAt") },
  ]);
}

async function rollback(tx: Queryable, chainId: number, fork: number): Promise<void> {
  await tx.query("DELETE FROM portfolio_promotions WHERE chain_id = $1 AND block_number > $2", [chainId, fork]);
}

export const promotionsHandler: Handler = {
  name: "promotions",
  events: [PROMOTED_EVENT],
  sources: [
    {
      kind: "fixed",
      addresses: (d) => (d.contracts?.portfolioPromotion ? [d.contracts.portfolioPromotion] : []),
    },
  ],
  insert,
  rollback,
};
