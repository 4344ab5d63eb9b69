import { privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import {
  buildSignInMessage,
  isSignatureFresh,
  parseSignInMessage,
  SIGN_IN_STATEMENT,
  signInMessageProblem,
} from "../src/siwe.ts";

const address = privateKeyToAccount("0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d").address;
const issuedAt = new Date(Date.UTC(2026, 0, 1));
const message = buildSignInMessage({
  address,
  chainId: 31337,
  domain: "127.0.0.1:8080",
  uri: "http://127.0.0.1:8080",
  issuedAt,
  nonce: "abcdefgh1234",
});

describe("strict EIP-4361 parsing", () => {
  it("parses the message the web app builds", () => {
    expect(signInMessageProblem(message)).toBeNull();
    expect(parseSignInMessage(message)).toMatchObject({
      address,
      chainId: 31337,
      domain: "127.0.0.1:8080",
      uri: "http://127.0.0.1:8080",
      nonce: "abcdefgh1234",
      statement: SIGN_IN_STATEMENT,
      issuedAt,
    });
  });

  it.each([
    ["text appended after the message", `${message}\nhello`, /canonical/],
    ["a trailing newline", `${message}\n`, /canonical/],
    ["text before the message", `x\n${message}`, /./],
    ["a scheme on the domain", `https://${message}`, /scheme/],
    ["a foreign URI", message.replace("URI: http://127.0.0.1:8080", "URI: https://evil.example"), /another domain/],
    ["a URI with credentials", message.replace("URI: http://", "URI: http://a:b@"), /another domain/],
    ["a non-http URI", message.replace("URI: http://127.0.0.1:8080", "URI: ftp://127.0.0.1:8080"), /http or https/],
    [
      "a second URI line after the real one",
      message.replace("\nVersion: 1", "\nURI: http://127.0.0.1:8080/x\nVersion: 1"),
      /canonical/,
    ],
    ["version 2", message.replace("Version: 1", "Version: 2"), /version/],
    ["a lowercase (non-checksummed) address", message.replace(address, address.toLowerCase()), /canonical/],
    [
      "an issued-at not in toISOString form",
      message.replace(issuedAt.toISOString(), "2026-01-01T00:00:00Z"),
      /canonical/,
    ],
    ["Resources", `${message}\nResources:\n- https://x.example`, /Resources/],
    ["a missing nonce", message.replace(/\nNonce: .*/, ""), /missing/],
    ["garbage", "hello", /missing/],
  ])("refuses %s", (_, m, problem) => {
    expect(signInMessageProblem(m)).toMatch(problem);
    expect(parseSignInMessage(m)).toBeNull();
  });
});

describe("freshness", () => {
  const t = issuedAt.getTime();
  it("allows reuse for 8 hours, not before issue (beyond a minute's skew)", () => {
    expect(isSignatureFresh(issuedAt, t + 8 * 3600_000)).toBe(true);
    expect(isSignatureFresh(issuedAt, t + 8 * 3600_000 + 1)).toBe(false);
    expect(isSignatureFresh(issuedAt, t - 60_000)).toBe(true);
    expect(isSignatureFresh(issuedAt, t - 60_001)).toBe(false);
  });
  it("holds a message to its own Expiration Time and Not Before", () => {
    expect(isSignatureFresh(issuedAt, t + 1000, { expirationTime: new Date(t + 1000) })).toBe(false);
    expect(isSignatureFresh(issuedAt, t + 999, { expirationTime: new Date(t + 1000) })).toBe(true);
    expect(isSignatureFresh(issuedAt, t, { notBefore: new Date(t + 3600_000) })).toBe(false);
  });
});
