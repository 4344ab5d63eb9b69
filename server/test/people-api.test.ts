/**
 * Manager profiles and follows (issue 11, spec 001 §3, §5, §6, §7): `GET|POST /sofi/managers/{address}`,
 * the photo, `POST /sofi/follow` and `GET /sofi/follow`, on PGlite and PostgreSQL.
 */
import { NO_TRACK_RECORD, trackRecordReply } from "@sofi/core";
import { CHAINS } from "@sofi/protocol";
import { getAddress } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../src/api/app.ts";
import { CommitSignal, MANAGER_TOPIC, PROFILE_TOPIC } from "../src/api/commit-signal.ts";
import { Market } from "../src/api/queries/market.ts";
import { loadConfig } from "../src/config.ts";
import type { Db } from "../src/db/client.ts";
import { closeAllDbs, DB_KINDS, freshDb } from "./helpers/db.ts";
import { message, other, signed, stubRpc, user } from "./helpers/hardening.ts";

const ME = user.address.toLowerCase();
const THEM = other.address.toLowerCase();
const PNG = `data:image/png;base64,${Buffer.from("\x89PNG\r\n\x1a\nphoto", "latin1").toString("base64")}`;
const JPG = `data:image/jpeg;base64,${Buffer.from("\xff\xd8\xffjpeg!", "latin1").toString("base64")}`;

/** An app serving two chains (local and base), as a deployment serving several networks does. */
function twoChainApp(db: Db) {
  const config = loadConfig(
    { CHAINS: "local,base", PORT: "8080" },
    {
      rpcUrls: { local: "http://127.0.0.1:9", base: "http://127.0.0.1:9" },
      webDist: "/nonexistent",
      rateLimit: { perIp: 0, writesPerAddress: 0 },
    },
  );
  const chains = config.chains.map((cc) => {
    const info = CHAINS.find((c) => c.id === cc.info.id);
    if (!info) throw new Error("unknown chain");
    return { config: cc, client: stubRpc().client, market: new Market(db, info, null), commits: new CommitSignal() };
  });
  // what each chain's caches were told: the profile keys its writes named
  const profilesNamed = new Map<number, string[]>(chains.map((c) => [c.config.info.id, []]));
  for (const c of chains)
    c.commits.on((change) => profilesNamed.get(c.config.info.id)?.push(...(change?.touched[PROFILE_TOPIC] ?? [])));
  return {
    app: createApp({ db, config, chains }),
    ids: chains.map((c) => c.config.info.id),
    profilesNamed,
    commits: chains[0]?.commits as CommitSignal,
  };
}

describe.each(DB_KINDS)("people API (%s)", (kind) => {
  let db: Db;
  let app: ReturnType<typeof createApp>;
  let chainIds: number[];
  let profilesNamed: Map<number, string[]>;
  let commits: CommitSignal;
  const call = async (path: string, init?: { body?: unknown; headers?: Record<string, string> }) => {
    const res = await app.request(`http://127.0.0.1:8080/api/local${path}`, {
      method: init ? "POST" : "GET",
      headers: init ? { "content-type": "application/json", ...init.headers } : undefined,
      body: init ? JSON.stringify(init.body) : undefined,
    });
    // biome-ignore lint/suspicious/noExplicitAny: replies are checked field by field
    return { status: res.status, body: (await res.json()) as any };
  };
  const mine = () => signed(message());
  const theirs = () => signed(message({ address: other.address }), other);

  beforeAll(async () => {
    db = await freshDb(kind);
    ({ app, ids: chainIds, profilesNamed, commits } = twoChainApp(db));
  });
  afterAll(closeAllDbs);

  it("an address without a profile or portfolios: empty info, zero sums", async () => {
    const r = await call(`/sofi/managers/${THEM}`);
    expect(r).toEqual({
      status: 200,
      body: {
        address: getAddress(THEM),
        photo_url: null,
        name: null,
        total_market_cap: 0,
        total_sets: 0,
        total_holders: 0,
        all_apy: 0,
        created_at: 0,
        track_record: trackRecordReply(NO_TRACK_RECORD),
        profile: "",
        twitter_url: "",
        github: "",
        email: "",
        mainnet_eth: "",
        following: false,
        followers_count: 0,
        following_count: 0,
      },
    });
    expect((await call("/sofi/managers/0x12")).body).toEqual({ error: "Invalid address: 0x12" });
  });

  it("the owner saves the profile, for every chain served; the photo is served by version", async () => {
    const body = {
      name: "Alice",
      profile: "Long-only\nbaskets",
      photo_url: PNG,
      twitter_text: "https://twitter.com/alice_fund/status/1790000000000000001?s=20",
      github: "https://github.com/alice-fund",
      email: "alice@example.com",
      mainnet_eth: THEM,
    };
    const r = await call(`/sofi/managers/${ME}`, { body, headers: await mine() });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      address: getAddress(ME),
      name: "Alice",
      profile: "Long-only\nbaskets",
      twitter_url: "https://x.com/alice_fund",
      github: "alice-fund",
      email: "alice@example.com",
      mainnet_eth: getAddress(THEM),
    });
    expect(r.body.photo_url).toMatch(new RegExp(`/api/local/sofi/managers/${getAddress(ME)}/photo\\?v=1$`));
    expect(r.body.created_at).toBeGreaterThan(0);
    const photo = await app.request(new URL(r.body.photo_url).pathname + new URL(r.body.photo_url).search);
    expect(photo.status).toBe(200);
    expect(photo.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await photo.arrayBuffer()).toString("latin1")).toBe("\x89PNG\r\n\x1a\nphoto");
    // written for both chains in one go
    const rows = await db.query<{ chain_id: number; name: string }>(
      "SELECT chain_id, name FROM manager_profiles WHERE address = $1 ORDER BY chain_id",
      [ME],
    );
    expect(rows.map((x) => [Number(x.chain_id), x.name])).toEqual(
      [...chainIds].sort((a, b) => a - b).map((id) => [id, "Alice"]),
    );
    // every chain's replies that show the person are told, once each (the feed's kept pages)
    for (const id of chainIds) expect(profilesNamed.get(id), `chain ${id}`).toEqual([ME.toLowerCase()]);
    // a partial update keeps the rest; a new photo is a new version; "" removes fields and the photo
    const again = await call(`/sofi/managers/${ME}`, { body: { photo_url: JPG, github: "" }, headers: await mine() });
    expect(again.body).toMatchObject({ name: "Alice", github: "", email: "alice@example.com" });
    expect(again.body.photo_url).toMatch(/\?v=2$/);
    // a photo of real size (300 KB, far above the API's 8 KB default body limit) is taken
    const real = `data:image/jpeg;base64,${Buffer.concat([Buffer.from("\xff\xd8\xff", "latin1"), Buffer.alloc(300_000, 1)]).toString("base64")}`;
    const large = await call(`/sofi/managers/${ME}`, { body: { photo_url: real }, headers: await mine() });
    expect(large.body.photo_url).toMatch(/\?v=3$/);
    const gone = await call(`/sofi/managers/${ME}`, { body: { photo_url: "" }, headers: await mine() });
    expect(gone.body.photo_url).toBeNull();
    expect((await app.request(`/api/local/sofi/managers/${ME}/photo?v=4`)).status).toBe(404);
  });

  it("refuses unsigned writes, another's profile, and bad fields with the spec's texts", async () => {
    expect((await call(`/sofi/managers/${ME}`, { body: { name: "x" } })).status).toBe(401);
    // a valid signature of one address never edits another's profile
    expect(await call(`/sofi/managers/${ME}`, { body: { name: "Mallory" }, headers: await theirs() })).toEqual({
      status: 403,
      body: { error: "Only the profile's owner can edit it" },
    });
    expect((await call(`/sofi/managers/${ME}`)).body.name).toBe("Alice");
    const bad = async (body: unknown) => (await call(`/sofi/managers/${ME}`, { body, headers: await mine() })).body;
    expect(await bad({ email: "alice@" })).toEqual({ error: "please_input_right_email" });
    expect(await bad({ twitter_text: "https://x.com/alice" })).toEqual({
      error: "twitter_text must be the link of a tweet (https://x.com/{user}/status/{id})",
    });
    expect(await bad({ photo_url: "data:image/gif;base64,R0lGODlhAQ==" })).toEqual({
      error: "You can only upload JPG/PNG file!",
    });
    // labelled PNG, but the bytes are not: refused by content
    expect(await bad({ photo_url: `data:image/png;base64,${Buffer.from("<svg>").toString("base64")}` })).toEqual({
      error: "You can only upload JPG/PNG file!",
    });
    expect(await bad({ name: "n".repeat(33) })).toEqual({ error: "name must be at most 32 characters" });
    expect(await bad({})).toEqual({ error: "Nothing to save" });
    const huge = await call(`/sofi/managers/${ME}`, {
      body: { photo_url: `data:image/png;base64,${"A".repeat(2_800_000)}` },
      headers: await mine(),
    });
    expect(huge).toEqual({ status: 400, body: { error: "Image must smaller than 2MB!" } });
  });

  it("follows: the signer follows and unfollows; lists both ways, paged; never on another's behalf", async () => {
    expect((await call("/sofi/follow", { body: { follow: THEM, action: "follow" } })).status).toBe(401);
    expect(
      await call("/sofi/follow", { body: { follow: THEM, action: "follow", address: THEM }, headers: await mine() }),
    ).toEqual({ status: 403, body: { error: "Only the profile's owner can edit it" } });
    expect(await call("/sofi/follow", { body: { follow: ME, action: "follow" }, headers: await mine() })).toEqual({
      status: 400,
      body: { error: "You cannot follow yourself" },
    });
    expect(await call("/sofi/follow", { body: { follow: THEM, action: "like" }, headers: await mine() })).toEqual({
      status: 400,
      body: { error: "action must be follow or unfollow" },
    });
    // both infos are kept from here (issue 21 §1): the follow must still show on the next read
    expect((await call(`/sofi/managers/${THEM}`)).body.followers_count).toBe(0);
    expect((await call(`/sofi/managers/${THEM}?address=${ME}`)).body.following).toBe(false);
    expect((await call(`/sofi/managers/${ME}`)).body.following_count).toBe(0);
    const ok = await call("/sofi/follow", { body: { follow: THEM, action: "follow" }, headers: await mine() });
    expect((await call(`/sofi/managers/${THEM}`)).body.followers_count).toBe(1);
    expect((await call(`/sofi/managers/${THEM}?address=${ME}`)).body.following).toBe(true);
    expect((await call(`/sofi/managers/${ME}`)).body.following_count).toBe(1);
    expect(ok).toEqual({ status: 200, body: { address: getAddress(THEM), following: true } });
    // twice is still one follow
    await call("/sofi/follow", { body: { follow: THEM, action: "follow" }, headers: await mine() });
    await call("/sofi/follow", { body: { follow: ME, action: "follow" }, headers: await theirs() });
    const followers = await call(`/sofi/follow?action=followers&address=${THEM}`);
    expect(followers.body).toEqual({
      follows: [{ address: getAddress(ME), photo_url: null, name: "Alice" }],
      total: 1,
    });
    expect((await call(`/sofi/follow?action=following&address=${THEM}`)).body.follows).toEqual([
      { address: getAddress(ME), photo_url: null, name: "Alice" },
    ]);
    expect(await call(`/sofi/follow?action=followers&address=${THEM}&offset=1`)).toEqual({
      status: 200,
      body: { follows: [], total: 1 },
    });
    const info = await call(`/sofi/managers/${THEM}?address=${ME}`);
    expect(info.body).toMatchObject({ following: true, followers_count: 1, following_count: 1 });
    expect((await call(`/sofi/managers/${THEM}`)).body.following).toBe(false);
    await call("/sofi/follow", { body: { follow: THEM, action: "unfollow" }, headers: await mine() });
    expect((await call(`/sofi/follow?action=followers&address=${THEM}`)).body).toEqual({ follows: [], total: 0 });
    expect((await call(`/sofi/follow?action=friends&address=${THEM}`)).body).toEqual({
      error: "action must be followers or following",
    });
    expect((await call("/sofi/follow?action=followers")).body).toEqual({ error: "Missing address" });
  });

  it("a kept info shows a new portfolio once a commit names its manager, and only then", async () => {
    const M = "0x00000000000000000000000000000000000000a1";
    const local = chainIds[0] as number;
    const addPortfolio = (n: number) =>
      db.query(
        `INSERT INTO portfolios (chain_id, address, block_number, log_index, tx_hash, timestamp, factory, manager, name,
           symbol, components, units, allocations, start_price)
         VALUES ($1, $2, $3, 0, $4, $5, '0xfa', $6, $7, $8, '[]', '[]', '[]', 1000000000000000000)`,
        [
          local,
          `0x${String(n).padStart(40, "b")}`,
          n,
          `0x${String(n).padStart(64, "d")}`,
          1_700_000_000 + n,
          M,
          `Kept ${n}`,
          `K${n}`,
        ],
      );
    await addPortfolio(1);
    const first = await call(`/sofi/managers/${M}`);
    expect(first.body).toMatchObject({ total_sets: 1, created_at: 1_700_000_001 });
    await addPortfolio(2);
    // a commit that names someone else keeps the info as it was (the rows are kept, not read again)
    commits.emit({ touched: { [MANAGER_TOPIC]: ["0x00000000000000000000000000000000000000a2"] } });
    expect((await call(`/sofi/managers/${M}`)).body.total_sets).toBe(1);
    // the indexer's commit of PortfolioCreated names the manager: the next read shows it
    commits.emit({ touched: { [MANAGER_TOPIC]: [M] } });
    expect((await call(`/sofi/managers/${M}`)).body).toMatchObject({ total_sets: 2, created_at: 1_700_000_001 });
    // a change that names nothing (a reorg) drops every kept info
    await addPortfolio(3);
    commits.emit();
    expect((await call(`/sofi/managers/${M}`)).body.total_sets).toBe(3);
    const state = await call("/sofi/managers/cache");
    expect(state.status).toBe(200);
    expect(state.body.managers).toBeGreaterThanOrEqual(1);
    expect(["cold", "warming", "warm"]).toContain(state.body.warmth);
  });
});
