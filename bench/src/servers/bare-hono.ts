// The yardstick: the smallest Hono app on @hono/node-server, in its own process like the real server.
import { serve } from "@hono/node-server";
import { Hono } from "hono";

const app = new Hono();
app.get("/x", (c) => c.json({ ok: true }));
// the same yardstick answering a reply as large as the largest "in turn" rows' (a trader's positions,
// a governance page: 19-32 KB), written from bytes made once: what moving those bytes alone costs here
const LARGE = Buffer.from(
  JSON.stringify({ items: Array.from({ length: 200 }, (_, i) => ({ id: i, pad: "x".repeat(80) })) }),
);
app.get("/x/large", (c) => c.body(LARGE, 200, { "Content-Type": "application/json" }));
const server = serve({ fetch: app.fetch, hostname: "127.0.0.1", port: 0 }, (info) => {
  process.stdout.write(`READY ${info.port}\n`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
