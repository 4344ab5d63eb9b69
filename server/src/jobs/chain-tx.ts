/**
 * What a node says about a sent transaction, with "could not ask" kept apart from "does not know
 * it": a job that took a timeout or a rate limit for a dropped transaction would send it again
 * while the first one mines (the race keeper's openings, the vote relay's ballots).
 */
import {
  BaseError,
  type Hex,
  type PublicClient,
  TransactionNotFoundError,
  type TransactionReceipt,
  TransactionReceiptNotFoundError,
} from "viem";

const isError = (e: unknown, kind: typeof TransactionNotFoundError | typeof TransactionReceiptNotFoundError) =>
  e instanceof BaseError && e.walk((x) => x instanceof kind) !== null;

/** Whether the node knows the transaction (mined or pending): false only when it says it does not, null when it could not be asked. */
export function txKnown(client: Pick<PublicClient, "getTransaction">, hash: Hex): Promise<boolean | null> {
  return client.getTransaction({ hash }).then(
    () => true,
    (e: unknown) => (isError(e, TransactionNotFoundError) ? false : null),
  );
}

/** The transaction's receipt, null when the node has none (not mined), undefined when it could not be asked. */
export function receiptOf(
  client: Pick<PublicClient, "getTransactionReceipt">,
  hash: Hex,
): Promise<TransactionReceipt | null | undefined> {
  return client.getTransactionReceipt({ hash }).then(
    (r) => r,
    (e: unknown) => (isError(e, TransactionReceiptNotFoundError) ? null : undefined),
  );
}
