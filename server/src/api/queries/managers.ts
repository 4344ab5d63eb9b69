/**
 * Reads of the managers area (spec 001 §7 `GET /sofi/managers`): managers are the addresses that run
 * portfolios, aggregated from `portfolios` and the valuation in `portfolio_metrics` in SQL, so the
 * list pages in SQL however many managers there are.
 */
import type { ManagerOrder, TrackRecordReply } from "@sofi/core";
import type { Context } from "hono";
import { getAddress } from "viem";
import type { Db } from "../../db/client.ts";
import type { Profiles } from "../../modules/services.ts";
import { type ApiEnv, type AppDeps, publicOrigin } from "../area.ts";
import { recordColumns, recordFromRow } from "./portfolio-metrics.ts";

export type ManagerRow = {
  address: string;
  name: string | null;
  photoVersion: number | null;
  totalMarketCap: number;
  totalSets: number;
  totalHolders: number;
  allApy: number;
  createdAt: number;
  /** The manager's track record (issue 21 §3), from manager_records (empty before its first refresh). */
  record: TrackRecordReply;
  total: number;
};

/** The record columns of manager_records `r` (grouped by its key, so usable beside the sums). */
const RECORD_SELECT = `r.volatility, ${recordColumns("r")}`;

/**
 * The managers list's orders (issue 21 §3): market cap (the spec's list), return since inception,
 * risk-adjusted return (highest first) and risk (the lowest score first); managers without the
 * figure last; ties: the larger market cap, the earliest manager, then address.
 */
const MANAGER_ORDER_SQL: Record<ManagerOrder, string> = {
  market_cap: "total_market_cap DESC NULLS LAST",
  return: "r.return_inception DESC NULLS LAST, total_market_cap DESC NULLS LAST",
  risk_adjusted: "r.risk_adjusted DESC NULLS LAST, total_market_cap DESC NULLS LAST",
  risk: "r.risk_score ASC NULLS LAST, r.volatility ASC NULLS LAST, total_market_cap DESC NULLS LAST",
};

/** One page of managers in `orderby`'s order (default: the largest market cap first), paged in SQL. */
export async function listManagers(
  db: Db,
  chainId: number,
  limit: number,
  offset: number,
  orderby: ManagerOrder = "market_cap",
): Promise<ManagerRow[]> {
  const rows = await db.query<
    Record<string, unknown> & {
      address: string;
      name: string | null;
      photo_version: number | null;
      total_market_cap: number | null;
      total_sets: string | number;
      total_holders: string | number | null;
      all_apy: number | null;
      created_at: string | number;
      total: string | number;
    }
  >(
    `SELECT p.manager AS address, min(mp.name) AS name,
       min(CASE WHEN mp.photo IS NULL THEN NULL ELSE mp.photo_version END) AS photo_version,
       sum(m.total_value) AS total_market_cap, count(*) AS total_sets,
       sum(m.holders_count) AS total_holders, avg(m.apy) AS all_apy, min(p.timestamp)::int8 AS created_at,
       ${RECORD_SELECT},
       count(*) OVER () AS total
     FROM portfolios p
     LEFT JOIN portfolio_metrics m ON m.chain_id = p.chain_id AND m.address = p.address
     LEFT JOIN manager_profiles mp ON mp.chain_id = p.chain_id AND mp.address = p.manager
     LEFT JOIN manager_records r ON r.chain_id = p.chain_id AND r.manager = p.manager
     WHERE p.chain_id = $1
     GROUP BY p.manager, r.chain_id, r.manager
     ORDER BY ${MANAGER_ORDER_SQL[orderby]}, created_at, p.manager
     LIMIT $2 OFFSET $3`,
    [chainId, limit, offset],
  );
  return rows.map((r) => ({
    address: r.address,
    name: r.name || null,
    photoVersion: r.photo_version === null ? null : Number(r.photo_version),
    totalMarketCap: Number(r.total_market_cap ?? 0),
    totalSets: Number(r.total_sets),
    totalHolders: Number(r.total_holders ?? 0),
    allApy: Number(r.all_apy ?? 0),
    createdAt: Number(r.created_at),
    record: recordFromRow(r),
    total: Number(r.total),
  }));
}

/** How many managers there are (for a page past the end, which has no row to carry the count). */
export async function countManagers(db: Db, chainId: number): Promise<number> {
  const rows = await db.query<{ n: string | number }>(
    "SELECT count(DISTINCT manager) AS n FROM portfolios WHERE chain_id = $1",
    [chainId],
  );
  return Number(rows[0]?.n ?? 0);
}

export type ManagerInfoRow = Omit<ManagerRow, "total"> & {
  profile: string;
  twitterUrl: string;
  github: string;
  email: string;
  mainnetEth: string;
  following: boolean;
  followersCount: number;
  followingCount: number;
};

/**
 * What an address's manager info shows that only its own rows set: its profile (empty when it saved
 * none), the portfolios it runs, whether `me` follows it, and its follow counts. Kept per address
 * until a change names it (api/managers.ts); the figures that move with prices come from the
 * portfolio metrics in memory (PortfolioReader.managerFigures).
 */
export type ManagerPart = {
  name: string | null;
  photoVersion: number | null;
  profile: string;
  twitterUrl: string;
  github: string;
  email: string;
  mainnetEth: string;
  /** The profile's creation and the first portfolio's (seconds; null: none). */
  profileCreated: number | null;
  firstPortfolio: number | null;
  /** The portfolios it manages, oldest first. */
  portfolios: string[];
  following: boolean;
  followersCount: number;
  followingCount: number;
};

/** Bytes a kept part holds, estimated (strings two bytes a character, an address 100 with its slot). */
export const managerPartBytes = (p: ManagerPart): number =>
  300 +
  2 *
    ((p.name?.length ?? 0) +
      p.profile.length +
      p.twitterUrl.length +
      p.github.length +
      p.email.length +
      p.mainnetEth.length) +
  p.portfolios.length * 100;

/** The parts of `addresses` (lowercased) as `me` sees them, in one query. */
export async function managerParts(
  db: Db,
  chainId: number,
  addresses: readonly string[],
  me?: string,
): Promise<Map<string, ManagerPart>> {
  const rows = await db.query<{
    address: string;
    name: string | null;
    profile: string | null;
    photo_version: number | null;
    twitter_url: string | null;
    github: string | null;
    email: string | null;
    mainnet_eth: string | null;
    profile_created: string | number | null;
    first_portfolio: string | number | null;
    portfolios: string[] | null;
    following: boolean;
    followers_count: string | number;
    following_count: string | number;
  }>(
    `SELECT a.address, mp.name, mp.profile, CASE WHEN mp.photo IS NULL THEN NULL ELSE mp.photo_version END AS photo_version,
       mp.twitter_url, mp.github, mp.email, mp.mainnet_eth,
       extract(epoch FROM mp.created_at)::int8 AS profile_created,
       (SELECT min(p.timestamp)::int8 FROM portfolios p WHERE p.chain_id = $1 AND p.manager = a.address) AS first_portfolio,
       ARRAY(SELECT p.address FROM portfolios p WHERE p.chain_id = $1 AND p.manager = a.address
             ORDER BY p.timestamp, p.address) AS portfolios,
       EXISTS (SELECT 1 FROM follows f WHERE f.chain_id = $1 AND f.follower = $3 AND f.followee = a.address) AS following,
       (SELECT count(*) FROM follows f WHERE f.chain_id = $1 AND f.followee = a.address) AS followers_count,
       (SELECT count(*) FROM follows f WHERE f.chain_id = $1 AND f.follower = a.address) AS following_count
     FROM unnest($2::text[]) AS a(address)
     LEFT JOIN manager_profiles mp ON mp.chain_id = $1 AND mp.address = a.address`,
    [chainId, [...new Set(addresses)], me ?? ""],
  );
  const num = (v: string | number | null) => (v === null ? null : Number(v));
  return new Map(
    rows.map((r) => [
      r.address,
      {
        name: r.name || null,
        photoVersion: num(r.photo_version),
        profile: r.profile ?? "",
        twitterUrl: r.twitter_url ?? "",
        github: r.github ?? "",
        email: r.email ?? "",
        mainnetEth: r.mainnet_eth ?? "",
        profileCreated: num(r.profile_created),
        firstPortfolio: num(r.first_portfolio),
        portfolios: r.portfolios ?? [],
        following: Boolean(r.following),
        followersCount: Number(r.followers_count),
        followingCount: Number(r.following_count),
      },
    ]),
  );
}

/** The managers whose parts are worth reading ahead: the largest market cap first (the list's order). */
export async function managerWarmKeys(db: Db, chainId: number, max: number): Promise<string[]> {
  const rows = await db.query<{ manager: string }>(
    `SELECT p.manager FROM portfolios p
     LEFT JOIN portfolio_metrics m ON m.chain_id = p.chain_id AND m.address = p.address
     WHERE p.chain_id = $1 GROUP BY p.manager ORDER BY sum(m.total_value) DESC NULLS LAST, p.manager LIMIT $2`,
    [chainId, max],
  );
  return rows.map((r) => r.manager);
}

/** A manager's figures as the portfolio metrics in memory give them (PortfolioReader.managerFigures). */
export type ManagerFigures = {
  marketCap: number;
  holders: number;
  apy: number;
  sets: number;
  record: TrackRecordReply | undefined;
};

/**
 * Any address's manager info from its part and its figures: the sums over the portfolios it runs
 * (zero when none). `created_at` is the earlier of the profile's creation and the first portfolio,
 * or 0 for an address with neither.
 */
export function managerInfoRow(address: string, part: ManagerPart, f: ManagerFigures): ManagerInfoRow {
  const created = [part.profileCreated, part.firstPortfolio].filter((v): v is number => v !== null);
  return {
    address,
    name: part.name,
    photoVersion: part.photoVersion,
    totalMarketCap: f.marketCap,
    totalSets: f.sets,
    totalHolders: f.holders,
    allApy: f.apy,
    createdAt: created.length ? Math.min(...created) : 0,
    profile: part.profile,
    twitterUrl: part.twitterUrl,
    github: part.github,
    email: part.email,
    mainnetEth: part.mainnetEth,
    following: part.following,
    record: f.record ?? recordFromRow({}),
    followersCount: part.followersCount,
    followingCount: part.followingCount,
  };
}

/** The columns a profile write sets (undefined: left as it is); `photo` null removes the photo. */
export type ProfileWrite = {
  name?: string;
  profile?: string;
  photo?: string | null;
  mainnetEth?: string;
  twitterUrl?: string;
  github?: string;
  email?: string;
};

/** Upserts `address`'s profile on every chain in `chainIds`, all in one transaction. */
export async function saveProfile(
  db: Db,
  chainIds: readonly number[],
  address: string,
  w: ProfileWrite,
): Promise<void> {
  const fields: [string, unknown][] = [
    ["name", w.name],
    ["profile", w.profile],
    ["mainnet_eth", w.mainnetEth],
    ["twitter_url", w.twitterUrl],
    ["github", w.github],
    ["email", w.email],
  ].filter(([, v]) => v !== undefined) as [string, unknown][];
  const cols = fields.map(([c]) => c);
  const values = fields.map(([, v]) => v);
  const photo = w.photo !== undefined;
  await db.transaction(async (tx) => {
    for (const chainId of chainIds) {
      const params: unknown[] = [chainId, address, ...values];
      const insertCols = ["chain_id", "address", ...cols];
      const placeholders = insertCols.map((_, i) => `$${i + 1}`);
      const updates = cols.map((c) => `${c} = EXCLUDED.${c}`);
      if (photo) {
        params.push(w.photo);
        insertCols.push("photo", "photo_version");
        placeholders.push(`$${params.length}`, "1");
        updates.push("photo = EXCLUDED.photo", "photo_version = manager_profiles.photo_version + 1");
      }
      updates.push("updated_at = now()");
      await tx.query(
        `INSERT INTO manager_profiles (${insertCols.join(", ")}) VALUES (${placeholders.join(", ")})
         ON CONFLICT (chain_id, address) DO UPDATE SET ${updates.join(", ")}`,
        params,
      );
    }
  });
}

export async function profilePhoto(db: Db, chainId: number, address: string): Promise<string | null> {
  const [r] = await db.query<{ photo: string | null }>(
    "SELECT photo FROM manager_profiles WHERE chain_id = $1 AND address = $2",
    [chainId, address],
  );
  return r?.photo ?? null;
}

// ------------------------------------------------------------------ follows

export async function setFollow(db: Db, chainId: number, follower: string, followee: string, on: boolean) {
  if (on)
    await db.query("INSERT INTO follows (chain_id, follower, followee) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING", [
      chainId,
      follower,
      followee,
    ]);
  else
    await db.query("DELETE FROM follows WHERE chain_id = $1 AND follower = $2 AND followee = $3", [
      chainId,
      follower,
      followee,
    ]);
}

export type FollowRow = { address: string; name: string | null; photoVersion: number | null; total: number };

/** Who follows `address` (followers) or whom it follows (following), newest first, paged in SQL. */
export async function listFollows(
  db: Db,
  chainId: number,
  address: string,
  action: "followers" | "following",
  limit: number,
  offset: number,
): Promise<FollowRow[]> {
  const [mine, theirs] = action === "followers" ? ["followee", "follower"] : ["follower", "followee"];
  const rows = await db.query<{
    address: string;
    name: string | null;
    photo_version: number | null;
    total: string | number;
  }>(
    `SELECT f.${theirs} AS address, mp.name, CASE WHEN mp.photo IS NULL THEN NULL ELSE mp.photo_version END AS photo_version,
       count(*) OVER () AS total
     FROM follows f LEFT JOIN manager_profiles mp ON mp.chain_id = f.chain_id AND mp.address = f.${theirs}
     WHERE f.chain_id = $1 AND f.${mine} = $2
     ORDER BY f.created_at DESC, f.${theirs}
     LIMIT $3 OFFSET $4`,
    [chainId, address, limit, offset],
  );
  return rows.map((r) => ({
    address: r.address,
    name: r.name || null,
    photoVersion: r.photo_version === null ? null : Number(r.photo_version),
    total: Number(r.total),
  }));
}

export async function countFollows(db: Db, chainId: number, address: string, action: "followers" | "following") {
  const col = action === "followers" ? "followee" : "follower";
  const [r] = await db.query<{ n: string | number }>(
    `SELECT count(*) AS n FROM follows WHERE chain_id = $1 AND ${col} = $2`,
    [chainId, address],
  );
  return Number(r?.n ?? 0);
}

/** The served URL of a stored photo (its version in the URL), or null without one. */
export function photoUrl(c: Context<ApiEnv>, deps: AppDeps, address: string, version: number | null): string | null {
  if (version === null) return null;
  const suffix = c.var.chain.config.info.suffix;
  return `${publicOrigin(c, deps.config)}/api/${suffix}/sofi/managers/${getAddress(address)}/photo?v=${version}`;
}

// ------------------------------------------------------------------ the profiles service

/**
 * The `profiles` service (issue 20): each address's profile name ("" without one), its photo's path
 * (relative, `/api/{chain}/sofi/managers/{address}/photo?v=…`: the caller prefixes its public origin,
 * as `photoUrl` does) and whether it manages a portfolio, in one query.
 */
export function profilesOf(db: Db, chainId: number, suffix: string): Profiles {
  return {
    async of(addresses) {
      const out: Awaited<ReturnType<Profiles["of"]>> = new Map();
      const wanted = [...new Set(addresses.map((a) => a.toLowerCase()))].filter((a) => /^0x[0-9a-f]{40}$/.test(a));
      if (wanted.length === 0) return out;
      const rows = await db.query<{
        address: string;
        name: string | null;
        photo_version: number | null;
        manager: boolean;
      }>(
        `SELECT a.address, mp.name, CASE WHEN mp.photo IS NULL THEN NULL ELSE mp.photo_version END AS photo_version,
           EXISTS (SELECT 1 FROM portfolios p WHERE p.chain_id = $1 AND p.manager = a.address) AS manager
         FROM unnest($2::text[]) AS a(address)
         LEFT JOIN manager_profiles mp ON mp.chain_id = $1 AND mp.address = a.address`,
        [chainId, `{${wanted.join(",")}}`],
      );
      for (const r of rows)
        out.set(r.address, {
          name: r.name ?? "",
          photoUrl:
            r.photo_version === null
              ? null
              : `/api/${suffix}/sofi/managers/${getAddress(r.address)}/photo?v=${Number(r.photo_version)}`,
          manager: Boolean(r.manager),
        });
      return out;
    },
  };
}
