/**
 * The gasless vote relay's sender (issue 18): ballots that `POST /sofi/vote` simulated and queued
 * (governance_ballots, status pending) are sent from the relayer account, oldest first, one at a
 * time, by exactly one server (the chain's indexer leader), so the relayer's nonces never race.
 * Each is simulated again right before (the proposal may have closed meanwhile); a revert or a
 * failed send marks the ballot failed with its reason (the voter may sign again), a sent one keeps
 * its transaction hash until its vote is indexed; if the chain loses that transaction (a reorg) the
 * ballot is queued again. A ballot cannot count twice: the governor refuses a second vote.
 */

import { storableText } from "@sofi/core/storable-text";
import { sofiGovernorAbi } from "@sofi/protocol";
import { type Address, createWalletClient, defineChain, getAddress, type Hex, http, type PublicClient } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import type { ChainRuntime } from "../api/area.ts";
import type { Db } from "../db/client.ts";
import { receiptOf, txKnown } from "./chain-tx.ts";

/** How often pending ballots are looked for. */
export const RELAY_POLL_MS = 250;
/**
 * A sent ballot whose vote is not indexed this long after sending is looked up on the chain: a
 * transaction the chain no longer knows (a reorg dropped it) is queued again; one that reverted is
 * marked failed, so the voter may sign again.
 */
export const RELAY_RECHECK_MS = 30_000;

export type RelayOptions = {
  db: Db;
  chain: ChainRuntime;
  governor: Address;
  relayerKey: Hex;
  /** Why a call reverted, in words (the API's decoder). */
  reasonOf: (e: unknown) => string;
  log: (msg: string) => void;
  pollMs?: number;
};

export function startRelay(o: RelayOptions): { stop(): Promise<void> } {
  const info = o.chain.config.info;
  const account = privateKeyToAccount(o.relayerKey);
  const wallet = createWalletClient({
    account,
    chain: defineChain({
      id: info.id,
      name: info.name,
      nativeCurrency: { name: info.nativeSymbol, symbol: info.nativeSymbol, decimals: 18 },
      rpcUrls: { default: { http: [o.chain.config.rpcUrl] } },
    }),
    transport: http(o.chain.config.rpcUrl, { timeout: 30_000 }),
  });
  const chainId = info.id;
  const governor = o.governor.toLowerCase();
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();

  const mark = (b: { proposal_id: string; voter: string }, status: string, tx: string | null, error: string | null) =>
    o.db.query(
      `UPDATE governance_ballots SET status = $5, tx_hash = $6, error = $7, updated_at = $8
       WHERE chain_id = $1 AND governor = $2 AND proposal_id = $3 AND voter = $4 AND status = 'pending'`,
      [chainId, governor, b.proposal_id, b.voter, status, tx, error, Date.now()],
    );

  let lastRecheck = 0;
  const round = async () => {
    if (Date.now() - lastRecheck > RELAY_RECHECK_MS / 3) {
      lastRecheck = Date.now();
      await recheckSentBallots({ db: o.db, client: o.chain.client, chainId, governor, log: o.log });
    }
    const ballots = await o.db.query<{ proposal_id: string; voter: string; support: boolean; signature: string }>(
      `SELECT proposal_id::text AS proposal_id, voter, support, signature FROM governance_ballots
       WHERE chain_id = $1 AND governor = $2 AND status = 'pending' ORDER BY created_at LIMIT 10`,
      [chainId, governor],
    );
    for (const b of ballots) {
      if (stopped) return;
      const args = [BigInt(b.proposal_id), b.support ? 1 : 0, getAddress(b.voter), b.signature as Hex] as const;
      try {
        const { request } = await o.chain.client.simulateContract({
          account,
          address: o.governor,
          abi: sofiGovernorAbi,
          functionName: "castVoteBySig",
          args,
        });
        const hash = await wallet.writeContract(request);
        await mark(b, "sent", hash, null);
        o.log(`ballot of ${b.voter} on ${b.proposal_id} sent: ${hash}`);
      } catch (e) {
        const reason = storableText(o.reasonOf(e), { max: 300 });
        await mark(b, "failed", null, reason);
        o.log(`ballot of ${b.voter} on ${b.proposal_id} failed: ${reason}`);
      }
    }
  };
  const tick = () => {
    if (stopped) return;
    running = round()
      .catch((e: Error) => o.log(`relay round failed: ${e.message.split("\n")[0]}`))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, o.pollMs ?? RELAY_POLL_MS);
      });
  };
  tick();
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}

/**
 * Sent ballots whose vote the index does not have RELAY_RECHECK_MS after sending, looked up on the
 * chain: gone (a reorg dropped the transaction) → pending again (sent anew); reverted → failed (the
 * voter may sign again); mined or still in the mempool → looked at again later.
 */
export async function recheckSentBallots(o: {
  db: Db;
  client: Pick<PublicClient, "getTransactionReceipt" | "getTransaction">;
  chainId: number;
  /** Lower case. */
  governor: string;
  log: (msg: string) => void;
  now?: number;
}): Promise<void> {
  const now = o.now ?? Date.now();
  const { chainId, governor } = o;
  const sent = await o.db.query<{ proposal_id: string; voter: string; tx_hash: string }>(
    `SELECT b.proposal_id::text AS proposal_id, b.voter, b.tx_hash FROM governance_ballots b
     WHERE b.chain_id = $1 AND b.governor = $2 AND b.status = 'sent' AND b.updated_at < $3
       AND NOT EXISTS (SELECT 1 FROM governance_votes v WHERE v.chain_id = b.chain_id AND v.governor = b.governor
                       AND v.proposal_id = b.proposal_id AND v.voter = b.voter)
     ORDER BY b.updated_at LIMIT 10`,
    [chainId, governor, now - RELAY_RECHECK_MS],
  );
  for (const b of sent) {
    const hash = b.tx_hash as Hex;
    const receipt = await receiptOf(o.client, hash);
    // a node that could not be asked says nothing: the ballot is checked again next round
    if (receipt === undefined) continue;
    const set = (status: string, tx: string | null, error: string | null) =>
      o.db.query(
        `UPDATE governance_ballots SET status = $5, tx_hash = $6, error = $7, updated_at = $8
         WHERE chain_id = $1 AND governor = $2 AND proposal_id = $3 AND voter = $4 AND status = 'sent' AND tx_hash = $9`,
        [chainId, governor, b.proposal_id, b.voter, status, tx, error, now, b.tx_hash],
      );
    if (receipt?.status === "reverted") {
      await set("failed", null, "the relayed transaction reverted");
      o.log(`ballot of ${b.voter} on ${b.proposal_id}: ${hash} reverted; marked failed`);
    } else if (!receipt && (await txKnown(o.client, hash)) === false) {
      await set("pending", null, null);
      o.log(`ballot of ${b.voter} on ${b.proposal_id}: ${hash} is gone from the chain; queued again`);
    } else {
      await set("sent", b.tx_hash, null);
    }
  }
}
