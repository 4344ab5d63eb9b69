import { FAUCET_ERRORS } from "@sofi/core";
import { describe, expect, it, vi } from "vitest";
import { claimFaucet } from "./api.ts";

const ADDRESS = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

function fakeFetch(status: number, body: unknown) {
  return vi.fn(
    async () =>
      new Response(typeof body === "string" ? body : JSON.stringify(body), {
        status,
        headers: { "content-type": "application/json" },
      }),
  ) as unknown as typeof fetch & ReturnType<typeof vi.fn>;
}

describe("claimFaucet (spec 001 §7 POST /sts/faucet)", () => {
  it("posts the address and name to the chain's faucet and returns the grant", async () => {
    const reply = { address: ADDRESS, kind: "normal", faucet_count: 1, tx_hashes: ["0x01", "0x02"] };
    const f = fakeFetch(200, reply);
    const out = await claimFaucet("local", { address: ADDRESS, name: "" }, f);
    expect(out).toEqual({ ok: true, reply });
    const [url, init] = f.mock.calls[0] as [string, RequestInit];
    expect(url).toBe("/api/local/sts/faucet");
    expect(init.method).toBe("POST");
    expect(JSON.parse(String(init.body))).toEqual({ address: ADDRESS, name: "" });
  });

  it("returns a refusal's text and faucet_count (1 switches the dialog to extra mode)", async () => {
    const f = fakeFetch(400, { error: FAUCET_ERRORS.alreadyFunded, faucet_count: 1 });
    expect(await claimFaucet("local", { address: ADDRESS, name: "" }, f)).toEqual({
      ok: false,
      error: "Already Funded Today.",
      faucetCount: 1,
    });
    const g = fakeFetch(404, { error: FAUCET_ERRORS.notConfigured });
    expect(await claimFaucet("local", { address: ADDRESS, name: "" }, g)).toEqual({
      ok: false,
      error: FAUCET_ERRORS.notConfigured,
      faucetCount: undefined,
    });
  });

  it("has no text for an unreachable server or a reply of another shape", async () => {
    const down = vi.fn(async () => {
      throw new TypeError("Failed to fetch");
    }) as unknown as typeof fetch;
    expect(await claimFaucet("local", { address: ADDRESS, name: "" }, down)).toEqual({
      ok: false,
      error: null,
      faucetCount: undefined,
    });
    expect(await claimFaucet("local", { address: ADDRESS, name: "" }, fakeFetch(502, "<html>"))).toEqual({
      ok: false,
      error: null,
      faucetCount: undefined,
    });
    expect(await claimFaucet("local", { address: ADDRESS, name: "" }, fakeFetch(200, { ok: 1 }))).toEqual({
      ok: false,
      error: null,
      faucetCount: undefined,
    });
  });
});
