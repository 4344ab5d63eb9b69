/**
 * Faucet area (issue 11, spec 001 §4 Faucet, §7 `POST /sts/faucet`, §8 "Already Funded Today.", §9
 * grants): sends test tokens from the server's own funded account (FAUCET_PRIVATE_KEY) to `address`.
 *
 * One normal claim per address and UTC day, then one extra claim with a non-empty `name` (the two
 * social usernames); anything more answers 400 "Already Funded Today." with `faucet_count`, the
 * number of claims the address made today (1 switches the web app to extra mode).
 *
 * Never twice for one claim: the claim row is written first by ONE statement on its primary key
 * (chain, address, day, kind) — `INSERT … ON CONFLICT DO UPDATE … WHERE status = 'failed'` — and
 * committed before anything is signed; of concurrent requests exactly one gets the row back, the
 * others are refused. Each transaction is then signed locally, its hash stored (committed) and only
 * then broadcast. A claim is marked `failed` (so the address may claim again) when no
 * transaction of it is known to the node or every one reverted, whatever the error says (its text
 * is stored through the storable-text rule). A claim a crash left `pending` is resolved from the
 * node's view of its transactions, on the address's next request and at start, once it is older
 * than FAUCET_STALE_PENDING_MS (a younger one may still be sending in another process).
 * Recipients the faucet cannot serve are refused before anything is written (core's
 * faucetRecipientProblem). docs/decisions.md "Faucet and price alerts (issue 11)", "Faucet
 * failures and recipients (issue 22)".
 */
import {
  FAUCET_ERRORS,
  FAUCET_GRANTS,
  type FaucetKind,
  type FaucetReply,
  faucetBodySchema,
  faucetRecipientProblem,
} from "@sofi/core";
import { storableText } from "@sofi/core/storable-text";
import { Hono } from "hono";
import {
  type Address,
  type Chain,
  createWalletClient,
  defineChain,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  type Hex,
  http,
  keccak256,
  parseEther,
  parseUnits,
  type WalletClient,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { TokenBuckets, tooManyRequests } from "../auth/rate-limit.ts";
import type { Db } from "../db/client.ts";
import type { ApiArea, ApiEnv, ChainRuntime } from "./area.ts";
import { limitBody, validJson } from "./validate.ts";

/** `POST /sts/faucet`: an address and a short name. */
export const FAUCET_BODY_MAX = 1024;
/** How long a claim's reply waits for its receipts (then it answers with the hashes, status `sent`). */
export const FAUCET_RECEIPT_TIMEOUT_MS = 60_000;

/**
 * A claim `pending` for longer than this was left by a process that stopped mid-send (a pending
 * claim is only being prepared, signed, recorded and broadcast: a few RPC calls of at most 30 s).
 */
export const FAUCET_STALE_PENDING_MS = 3 * 60_000;

/** The UTC day of `ms`, YYYY-MM-DD. */
export const utcDay = (ms: number = Date.now()) => new Date(ms).toISOString().slice(0, 10);

type ClaimRow = { kind: string; status: string };

/** Claims of `address` on `day` that stand (failed ones do not count). */
async function liveClaims(db: Db, chainId: number, address: string, day: string): Promise<ClaimRow[]> {
  return db.query<ClaimRow>(
    "SELECT kind, status FROM faucet_claims WHERE chain_id = $1 AND address = $2 AND day = $3 AND status <> 'failed'",
    [chainId, address, day],
  );
}

/**
 * Takes the claim: inserts the row, or revives a failed one, in one statement. Returns false when a
 * standing claim of that kind exists (possibly one a concurrent request took a moment ago).
 */
async function takeClaim(
  db: Db,
  chainId: number,
  address: string,
  day: string,
  kind: FaucetKind,
  name: string,
): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO faucet_claims (chain_id, address, day, kind, name, status) VALUES ($1, $2, $3, $4, $5, 'pending')
     ON CONFLICT (chain_id, address, day, kind) DO UPDATE
       SET status = 'pending', name = EXCLUDED.name, tx_hashes = '{}', error = NULL,
           attempts = faucet_claims.attempts + 1, updated_at = now()
       WHERE faucet_claims.status = 'failed'
     RETURNING kind`,
    [chainId, address, day, kind, name],
  );
  return rows.length === 1;
}

async function updateClaim(
  db: Db,
  key: [number, string, string, FaucetKind],
  set: { status?: string; hash?: string; error?: unknown },
): Promise<void> {
  await db.query(
    `UPDATE faucet_claims SET status = COALESCE($5, status),
       tx_hashes = CASE WHEN $6::text IS NULL THEN tx_hashes ELSE array_append(tx_hashes, $6::text) END,
       error = CASE WHEN $7::boolean THEN $8 ELSE error END, updated_at = now()
     WHERE chain_id = $1 AND address = $2 AND day = $3 AND kind = $4`,
    [
      ...key,
      set.status ?? null,
      set.hash ?? null,
      set.error !== undefined,
      // a node's or viem's error text can carry anything (NUL bytes from revert data): the one rule
      set.error === undefined || set.error === null ? null : storableText(set.error, { max: 500 }),
    ],
  );
}

/** The first line of an error's message, for logs and the claim row. */
const firstLine = (e: unknown) => (e instanceof Error ? e.message : String(e)).split("\n")[0] ?? "send failed";

/**
 * Resolves claims a stopped process left `pending` (older than FAUCET_STALE_PENDING_MS) from the
 * node's view of their transactions: a successful receipt of the token transfer → confirmed, a
 * transaction the node has without a receipt yet → sent, otherwise (none known, or all reverted)
 * → failed, so the address may claim again. Only rows still pending and still stale are updated.
 * `address` limits it to one address.
 */
export async function resolveStaleClaims(db: Db, ch: ChainRuntime, address?: string): Promise<number> {
  const chainId = ch.config.info.id;
  const rows = await db.query<{ address: string; day: string; kind: FaucetKind; tx_hashes: string[] }>(
    `SELECT address, day, kind, tx_hashes FROM faucet_claims
     WHERE chain_id = $1 AND status = 'pending' AND updated_at < now() - ($2::int * interval '1 millisecond')
       AND ($3::text IS NULL OR address = $3)`,
    [chainId, FAUCET_STALE_PENDING_MS, address ?? null],
  );
  /** "success" / "reverted" from its receipt, "pending" when the node has it without one, else "unknown". */
  const stateOf = async (hash: Hex) => {
    const receipt = await ch.client.getTransactionReceipt({ hash }).catch(() => null);
    if (receipt) return receipt.status;
    return ch.client.getTransaction({ hash }).then(
      () => "pending" as const,
      () => "unknown" as const,
    );
  };
  for (const r of rows) {
    const states = await Promise.all(r.tx_hashes.map((h) => stateOf(h as Hex)));
    // the token transfer (first) went through: confirmed; anything else that moved or may still
    // move funds: sent; nothing known to the node, or everything reverted: failed
    const status =
      states[0] === "success"
        ? "confirmed"
        : states.some((x) => x === "success" || x === "pending")
          ? "sent"
          : "failed";
    await db.query(
      `UPDATE faucet_claims SET status = $5, updated_at = now(),
         error = CASE WHEN $5 = 'failed' THEN 'interrupted: resolved from the node after a restart' ELSE error END
       WHERE chain_id = $1 AND address = $2 AND day = $3 AND kind = $4 AND status = 'pending'
         AND updated_at < now() - ($6::int * interval '1 millisecond')`,
      [chainId, r.address, r.day, r.kind, status, FAUCET_STALE_PENDING_MS],
    );
  }
  return rows.length;
}

/** The faucet's wallet on one chain; broadcasts go one at a time (nonces from the pending count). */
class FaucetWallet {
  private queue: Promise<unknown> = Promise.resolve();
  readonly wallet: WalletClient;
  readonly chain: Chain;

  constructor(
    private readonly ch: ChainRuntime,
    privateKey: Hex,
  ) {
    const info = ch.config.info;
    this.chain = defineChain({
      id: info.id,
      name: info.name,
      nativeCurrency: { name: info.nativeSymbol, symbol: info.nativeSymbol, decimals: 18 },
      rpcUrls: { default: { http: [ch.config.rpcUrl] } },
    });
    this.wallet = createWalletClient({
      account: privateKeyToAccount(privateKey),
      chain: this.chain,
      transport: http(ch.config.rpcUrl, { timeout: 30_000 }),
    });
  }

  /** Runs `fn` after every earlier broadcast of this process finished. */
  serial<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(fn, fn);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /**
   * Signs one transaction, hands its hash to `record` (which must commit it) and only then
   * broadcasts it. Returns the hash when the node has the transaction, null when it surely has not.
   */
  async send(tx: { to: Address; data?: Hex; value?: bigint }, record: (hash: Hex) => Promise<void>) {
    return this.serial(async () => {
      const account = this.wallet.account;
      if (!account) throw new Error("faucet wallet has no account");
      const request = await this.wallet.prepareTransactionRequest({ account, chain: this.chain, ...tx });
      const raw = await this.wallet.signTransaction({ ...request, account, chain: this.chain } as never);
      const hash = keccak256(raw);
      await record(hash);
      try {
        await this.wallet.sendRawTransaction({ serializedTransaction: raw });
        return hash;
      } catch (e) {
        // The reply may have been lost after the node took it: ask before calling it unsent.
        const known = await this.ch.client.getTransaction({ hash }).then(
          () => true,
          () => false,
        );
        if (known) return hash;
        throw e;
      }
    });
  }
}

export const faucetArea: ApiArea = (deps) => {
  const { privateKey, perIpPerMinute } = deps.config.faucet;
  const perIp = new TokenBuckets(perIpPerMinute);
  const wallets = new WeakMap<ChainRuntime, FaucetWallet>();
  const walletOf = (ch: ChainRuntime, key: Hex) => {
    let w = wallets.get(ch);
    if (!w) {
      w = new FaucetWallet(ch, key);
      wallets.set(ch, w);
    }
    return w;
  };

  const faucetAddress = privateKey ? privateKeyToAccount(privateKey).address : null;
  // claims a stopped process left pending: resolved at start (and on the address's next request)
  if (privateKey)
    for (const ch of deps.chains)
      if (ch.config.info.testnet)
        resolveStaleClaims(deps.db, ch).catch((e) =>
          console.warn(`[faucet] ${ch.config.info.suffix}: pending claims not resolved: ${firstLine(e)}`),
        );

  return new Hono<ApiEnv>().post("/sts/faucet", limitBody(FAUCET_BODY_MAX), validJson(faucetBodySchema), async (c) => {
    const { address, name } = c.req.valid("json");
    const ch = c.var.chain;
    const chainId = ch.config.info.id;
    // No faucet here (no key, a real network, no test USDT): this server has no such resource.
    if (!ch.config.info.testnet) return c.json({ error: FAUCET_ERRORS.notTestnet }, 404);
    const usdt = ch.config.deployment?.tokens.find((t) => t.symbol === "USDT");
    if (!usdt || !privateKey) return c.json({ error: FAUCET_ERRORS.notConfigured }, 404);
    const t = perIp.take(c.var.clientIp);
    if (!t.ok) return tooManyRequests(c, t.retryAfterS, FAUCET_ERRORS.tooMany);
    const d = ch.config.deployment;
    const problem = faucetRecipientProblem(address, {
      faucet: faucetAddress,
      tokens: [...(d?.tokens ?? []).map((x) => x.address), ...(d?.weth ? [d.weth] : [])],
      blocked: deps.config.blockedAddresses,
    });
    if (problem) return c.json({ error: problem }, 400);
    const day = utcDay();
    await resolveStaleClaims(deps.db, ch, address);

    const refuse = async () => {
      const n = (await liveClaims(deps.db, chainId, address, day)).length;
      return c.json({ error: FAUCET_ERRORS.alreadyFunded, faucet_count: Math.max(1, n) }, 400);
    };
    const live = await liveClaims(deps.db, chainId, address, day);
    const has = (k: FaucetKind) => live.some((r) => r.kind === k);
    let kind: FaucetKind;
    if (!has("normal")) kind = "normal";
    else if (!has("extra") && name !== "") kind = "extra";
    else return refuse();
    if (!(await takeClaim(deps.db, chainId, address, day, kind, name))) return refuse();

    // The claim is committed: from here on, whatever happens, this claim sends at most once.
    const key: [number, string, string, FaucetKind] = [chainId, address, day, kind];
    const w = walletOf(ch, privateKey);
    const to = getAddress(address);
    const grant = FAUCET_GRANTS[kind];
    const txs: { to: Address; data?: Hex; value?: bigint }[] = [
      {
        to: getAddress(usdt.address),
        data: encodeFunctionData({
          abi: erc20Abi,
          functionName: "transfer",
          args: [to, parseUnits(grant.usdt, usdt.decimals)],
        }),
      },
    ];
    const native = parseEther(grant.native);
    if (native > 0n) txs.push({ to, value: native });

    const hashes: Hex[] = [];
    for (const tx of txs) {
      try {
        const hash = await w.send(tx, (h) => updateClaim(deps.db, key, { hash: h }));
        hashes.push(hash);
        await updateClaim(deps.db, key, { status: "sent" });
      } catch (e) {
        console.error(`[faucet] ${chainId} ${address} ${kind}: ${storableText(firstLine(e), { max: 300 })}`);
        if (hashes.length === 0) {
          // nothing reached the node: the address may claim again. Should even this write fail,
          // the row stays pending and is resolved as failed once stale.
          await updateClaim(deps.db, key, { status: "failed", error: firstLine(e) }).catch((u) =>
            console.error(`[faucet] ${chainId} ${address} ${kind}: claim not marked failed: ${firstLine(u)}`),
          );
          return c.json({ error: FAUCET_ERRORS.sendFailed }, 502);
        }
        await updateClaim(deps.db, key, { error: firstLine(e) }).catch(() => {});
        break;
      }
    }

    // Receipts: confirmed when the token transfer succeeded; failed when every transaction reverted.
    const receipts = await Promise.all(
      hashes.map((hash) =>
        ch.client
          .waitForTransactionReceipt({ hash, timeout: FAUCET_RECEIPT_TIMEOUT_MS, pollingInterval: 250 })
          .then((r) => r.status)
          .catch(() => "unknown" as const),
      ),
    );
    if (receipts.every((s) => s === "reverted")) {
      await updateClaim(deps.db, key, { status: "failed", error: "reverted" });
      return c.json({ error: FAUCET_ERRORS.sendFailed }, 502);
    }
    if (receipts[0] === "success") await updateClaim(deps.db, key, { status: "confirmed" });
    const reply: FaucetReply = {
      address: to,
      kind,
      faucet_count: (await liveClaims(deps.db, chainId, address, day)).length,
      tx_hashes: hashes,
    };
    return c.json(reply);
  });
};
