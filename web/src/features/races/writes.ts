import { headTailRacesAbi } from "@sofi/protocol";
import type { QueryKey } from "@tanstack/react-query";
import { type Sent, sendWrite, type TextSummaryInfo, type TransactorContext } from "../transactions/index.ts";

/**
 * §4 predict flow, §7 race contract: `predict(roundId, side)` through the shared transactor
 * (estimated first, so the contract's refusal, 'Round not predictable', arrives before the wallet
 * is asked; tracked with its summary; the receipt polled every 2.5 to 3.5 s without limit; the
 * contract reads and `invalidate` refreshed once it is mined).
 */
export function predictRound(
  ctx: TransactorContext,
  o: { contract: `0x${string}`; roundId: string; side: 1 | 2; info: TextSummaryInfo; invalidate: QueryKey[] },
): Promise<Sent> {
  return sendWrite(ctx, {
    call: {
      address: o.contract,
      abi: headTailRacesAbi,
      functionName: "predict",
      args: [BigInt(o.roundId), o.side],
    },
    info: o.info,
    invalidate: o.invalidate,
  });
}

/**
 * The tracked transaction's summary as data (races' `tx.*` texts, shown in the language of the
 * moment; stored in English too): "Predict head in round 43", "Predict Seoul Dragons in round 43".
 * The round id is a value, not an amount: no thousands separator.
 */
export function predictSummary(o: {
  kind: "price" | "event";
  side: 1 | 2;
  roundId: string;
  teamA: string;
  teamB: string;
}): TextSummaryInfo {
  if (o.kind === "price")
    return {
      kind: "text",
      ns: "races",
      key: o.side === 1 ? "tx.predictHead" : "tx.predictTail",
      values: { round: o.roundId },
    };
  return {
    kind: "text",
    ns: "races",
    key: "tx.predictTeam",
    values: { round: o.roundId, team: o.side === 1 ? o.teamA : o.teamB },
  };
}
