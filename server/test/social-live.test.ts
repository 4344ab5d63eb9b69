/**
 * The live feed (issue 20): `GET /sofi/posts/stream` over real HTTP — a new post reaches an open
 * stream within 2 s, from this replica at once and from another replica through the database; the
 * viewer's muted authors are left out; a reconnect resumes after Last-Event-ID; closing the stream
 * frees the connection and stops the watcher's polling; the app's headers fit an event stream.
 */
import { request, type Server } from "node:http";
import type { Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../src/db/client.ts";
import { listen } from "../src/server.ts";
import { closeAllDbs, DB_KINDS, freshDb } from "./helpers/db.ts";
import { headersOf, other, socialApp, third, user } from "./helpers/social.ts";

type App = ReturnType<typeof socialApp>;
type Event = { event: string; id?: string; data: string };

/** A database whose reads of new posts are counted (the watcher's polls). */
function counting(db: Db): { db: Db; polls: () => number } {
  let n = 0;
  const wrapped: Db = Object.create(db);
  wrapped.query = (text, params) => {
    if (/FROM social_posts p WHERE p\.chain_id = \$1 AND p\.id > /.test(text)) n++;
    return db.query(text, params);
  };
  return { db: wrapped, polls: () => n };
}

/** Opens a stream and collects its events. */
async function open(base: string, query: string, headers: Record<string, string> = {}) {
  const ac = new AbortController();
  const res = await fetch(`${base}/api/local/sofi/posts/stream?${query}`, { signal: ac.signal, headers });
  const events: Event[] = [];
  const waiters: (() => void)[] = [];
  const reader = res.body?.getReader();
  const done = (async () => {
    if (!reader) return;
    const dec = new TextDecoder();
    let buf = "";
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buf += dec.decode(value, { stream: true });
        let i = buf.indexOf("\n\n");
        while (i >= 0) {
          const block = buf.slice(0, i);
          buf = buf.slice(i + 2);
          const ev: Event = { event: "message", data: "" };
          for (const line of block.split("\n")) {
            if (line.startsWith("event: ")) ev.event = line.slice(7);
            else if (line.startsWith("id: ")) ev.id = line.slice(4);
            else if (line.startsWith("data: ")) ev.data += line.slice(6);
          }
          if (!block.startsWith(":")) events.push(ev);
          for (const w of waiters.splice(0)) w();
          i = buf.indexOf("\n\n");
        }
      }
    } catch {
      // aborted
    }
  })();
  const waitFor = async (ok: (evs: Event[]) => boolean, ms = 5_000) => {
    const end = Date.now() + ms;
    while (!ok(events)) {
      if (Date.now() > end) throw new Error(`timed out; events: ${JSON.stringify(events)}`);
      await new Promise<void>((r) => {
        waiters.push(r);
        setTimeout(r, 50);
      });
    }
  };
  const posts = () => events.filter((e) => e.event === "post").map((e) => JSON.parse(e.data));
  return { res, events, posts, waitFor, close: () => ac.abort(), done };
}

async function serve(app: App): Promise<{ server: Server; base: string }> {
  const { server, port } = await listen(app.fetch, 0, "127.0.0.1");
  return { server, base: `http://127.0.0.1:${port}` };
}

const write = async (app: App, text: string, who = user) =>
  (
    await app.request("http://127.0.0.1:8080/api/local/sofi/posts", {
      method: "POST",
      headers: { "content-type": "application/json", ...(await headersOf(who)) },
      body: JSON.stringify({ address: who.address, text }),
    })
  ).json() as Promise<{ post: { id: string } }>;

describe.each(DB_KINDS)("the live feed (%s)", (kind) => {
  let db: Db;
  const servers: Server[] = [];
  beforeAll(async () => {
    db = await freshDb(kind);
  });
  afterAll(async () => {
    for (const s of servers) s.close();
    await closeAllDbs();
  });

  it("a new post reaches an open stream within 2 s, on this replica and on another; the headers fit a stream", async () => {
    const a = socialApp(db);
    const b = socialApp(db); // another replica: same database, its own process state
    const sa = await serve(a);
    const sb = await serve(b);
    servers.push(sa.server, sb.server);
    const onA = await open(sa.base, "since=0");
    const onB = await open(sb.base, "since=0");
    expect(onA.res.status).toBe(200);
    expect(onA.res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(onA.res.headers.get("cache-control")).toBe("no-cache");
    expect(onA.res.headers.get("x-accel-buffering")).toBe("no");
    expect(onA.res.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(onA.res.headers.get("content-encoding")).toBeNull();
    await onA.waitFor((e) => e.some((x) => x.event === "ready"));
    await onB.waitFor((e) => e.some((x) => x.event === "ready"));
    // let B's watcher take its starting point
    await new Promise((r) => setTimeout(r, 700));
    const t0 = Date.now();
    const { post } = await write(a, "live $RAI #alpha");
    await onA.waitFor((e) => e.some((x) => x.id === post.id), 2_000);
    const onThis = Date.now() - t0;
    await onB.waitFor((e) => e.some((x) => x.id === post.id), 2_000);
    const onOther = Date.now() - t0;
    expect(onThis).toBeLessThan(2_000);
    expect(onOther).toBeLessThan(2_000);
    const ev = onB.posts().find((p) => p.id === post.id);
    expect(ev).toMatchObject({ id: post.id, author: user.address.toLowerCase(), topics: ["RAI", "alpha"] });
    expect(ev.created_at).toBeGreaterThan(0);
    onA.close();
    onB.close();
  });

  it("missed posts are sent on connect (since, Last-Event-ID); a viewer's muted authors are left out", async () => {
    const a = socialApp(db);
    const s = await serve(a);
    servers.push(s.server);
    const first = await write(a, "one", other);
    const second = await write(a, "two", third);
    await a.request("http://127.0.0.1:8080/api/local/sofi/post", {
      method: "POST",
      headers: { "content-type": "application/json", ...(await headersOf(user)) },
      body: JSON.stringify({ address: user.address, id: third.address, action: "mute" }),
    });
    const since = String(Number(first.post.id) - 1);
    const anyone = await open(s.base, `since=${since}`);
    await anyone.waitFor(() => anyone.posts().length === 2);
    expect(anyone.posts().map((p) => p.id)).toEqual([first.post.id, second.post.id]);
    const me = await open(s.base, `since=${since}&address=${user.address}`);
    await me.waitFor((e) => e.some((x) => x.event === "ready"));
    await new Promise((r) => setTimeout(r, 300));
    expect(me.posts().map((p) => p.id)).toEqual([first.post.id]);
    // a new post by the muted author is not sent to that viewer, a post by anyone else is
    await write(a, "three", third);
    const fourth = await write(a, "four", other);
    await me.waitFor(() => me.posts().some((p) => p.id === fourth.post.id));
    expect(me.posts().map((p) => p.id)).toEqual([first.post.id, fourth.post.id]);
    // a reconnect with Last-Event-ID resumes after it
    const again = await open(s.base, "since=0", { "last-event-id": second.post.id });
    await again.waitFor(() => again.posts().length === 2);
    expect(again.posts()[0].id).toBe(String(Number(second.post.id) + 1));
    for (const x of [anyone, me, again]) x.close();
    expect((await open(s.base, "since=x")).res.status).toBe(400);
  });

  it("closing the stream frees the connection and stops the polling; a full server answers 503", async () => {
    const { db: watched, polls } = counting(db);
    const a = socialApp(watched, { streamsMax: 1 });
    const s = await serve(a);
    servers.push(s.server);
    // the stream's own socket: the first the server accepts from here on
    const sockets: Socket[] = [];
    s.server.on("connection", (sock) => sockets.push(sock));
    const one = await open(s.base, "since=0");
    await one.waitFor((e) => e.some((x) => x.event === "ready"));
    // (a connection of its own, closed after the reply: only the stream's stays open)
    const full = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(
        `${s.base}/api/local/sofi/posts/stream?since=0`,
        { agent: false, headers: { connection: "close" } },
        (res) => {
          let body = "";
          res.on("data", (d: Buffer) => {
            body += d.toString();
          });
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on("error", reject);
      req.end();
    });
    expect(full.status).toBe(503);
    expect(JSON.parse(full.body)).toEqual({ error: "Too many live feeds on this server; retry later" });
    await new Promise((r) => setTimeout(r, 1_200));
    expect(polls()).toBeGreaterThanOrEqual(2); // polling while open
    one.close();
    await one.done;
    const streamSocket = sockets[0];
    if (!streamSocket) throw new Error("no socket");
    const until = Date.now() + 3_000;
    while (!streamSocket.destroyed && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    expect(streamSocket.destroyed).toBe(true);
    const after = polls();
    await new Promise((r) => setTimeout(r, 1_200));
    expect(polls()).toBe(after);
    // and the slot is free again
    const next = await open(s.base, "since=0");
    expect(next.res.status).toBe(200);
    next.close();
  });
});
