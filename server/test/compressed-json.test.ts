import { gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { acceptsGzip, compressedJson, GZIP_MIN_BYTES, sendCompressedJson } from "../src/api/compressed-json.ts";

const big = JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ id: i, title: `Market number ${i}` })));
const small = JSON.stringify([{ id: 1 }]);

async function app(text: string) {
  const reply = await compressedJson(text);
  return new Hono().get("/x", (c) => sendCompressedJson(c, reply));
}

describe("compressed JSON replies", () => {
  it("keeps gzip bytes only from GZIP_MIN_BYTES up", async () => {
    expect(big.length).toBeGreaterThan(GZIP_MIN_BYTES);
    expect((await compressedJson(small)).gzip).toBeNull();
    const z = (await compressedJson(big)).gzip;
    expect(z).not.toBeNull();
    expect(gunzipSync(z as Uint8Array).toString()).toBe(big);
  });

  it("reads Accept-Encoding: gzip, any, and q=0 refusals", () => {
    expect(acceptsGzip("gzip, deflate, br, zstd")).toBe(true);
    expect(acceptsGzip("br;q=1.0, gzip;q=0.8")).toBe(true);
    expect(acceptsGzip("*")).toBe(true);
    expect(acceptsGzip("gzip;q=0")).toBe(false);
    expect(acceptsGzip("br, deflate")).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });

  it("sends the gzip bytes to a client that accepts them, the text to one that does not", async () => {
    const a = await app(big);
    const zipped = await a.request("/x", { headers: { "Accept-Encoding": "gzip, br" } });
    expect(zipped.headers.get("content-encoding")).toBe("gzip");
    expect(zipped.headers.get("vary")).toBe("Accept-Encoding");
    expect(zipped.headers.get("content-type")).toBe("application/json");
    const bytes = new Uint8Array(await zipped.arrayBuffer());
    expect(bytes.length).toBeLessThan(big.length / 3);
    expect(gunzipSync(bytes).toString()).toBe(big);

    const plain = await a.request("/x");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.headers.get("vary")).toBe("Accept-Encoding");
    expect(await plain.text()).toBe(big);

    const tiny = await (await app(small)).request("/x", { headers: { "Accept-Encoding": "gzip" } });
    expect(tiny.headers.get("content-encoding")).toBeNull();
    expect(await tiny.text()).toBe(small);
  });
});
