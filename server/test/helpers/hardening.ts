/** Shared by the hardening tests: an app over PGlite with a stub RPC (no node) that records every call. */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  buildSignInMessage,
  encodeSignatureMessageHeader,
  SIGN_IN_STATEMENT,
  type SignInMessageInput,
} from "@sofi/core";
import { CHAINS, type Deployment } from "@sofi/protocol";
import { createPublicClient, custom, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { createSiweMessage } from "viem/siwe";
import { type AppDeps, createApp } from "../../src/api/app.ts";
import type { CommitSignal } from "../../src/api/commit-signal.ts";
import { Market } from "../../src/api/market.ts";
import { type ConfigOverrides, loadConfig } from "../../src/config.ts";
import type { Db } from "../../src/db/client.ts";

export const local = (() => {
  const c = CHAINS.find((x) => x.suffix === "local");
  if (!c) throw new Error("no local chain");
  return c;
})();

export const user = privateKeyToAccount("0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d");
export const other = privateKeyToAccount("0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a");
export const DOMAIN = "127.0.0.1:8080";
export const ORIGIN = `http://${DOMAIN}`;

export type RpcCall = { method: string; params: unknown };

/** A stub chain: head 42, `code` at the listed addresses, eth_call answers `callResult`. */
export function stubRpc(opts: { code?: Record<string, Hex>; callResult?: Hex } = {}) {
  const calls: RpcCall[] = [];
  const client = createPublicClient({
    transport: custom({
      request: async ({ method, params }) => {
        calls.push({ method, params });
        if (method === "eth_blockNumber") return "0x2a";
        if (method === "eth_chainId") return "0x7a69";
        if (method === "eth_getCode") {
          const [address] = params as [string];
          return opts.code?.[address.toLowerCase()] ?? "0x";
        }
        if (method === "eth_call") return opts.callResult ?? "0x";
        throw new Error(`unexpected RPC ${method}`);
      },
    }),
  });
  return { client, calls };
}

/** A built web app in a temporary directory: index.html with an inline script, one hashed asset. */
export function fakeWebDist(): string {
  const dir = mkdtempSync(join(tmpdir(), "sofi-web-"));
  mkdirSync(join(dir, "assets"), { recursive: true });
  mkdirSync(join(dir, "tokens"), { recursive: true });
  writeFileSync(
    join(dir, "index.html"),
    "<!doctype html><html><head><title>SoFi</title><script>document.documentElement.dataset.t='x';</script>" +
      '<script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(dir, "assets", "index-abc123.js"), "console.log('app')");
  writeFileSync(join(dir, "tokens", "eth.png"), "png");
  writeFileSync(join(dir, "logo.svg"), "<svg/>");
  return dir;
}

/** A deployment with one token and nothing else (enough for the tokens route). */
export const ONE_TOKEN: Deployment = {
  chainId: 31337,
  startBlock: 0,
  deployer: "0x0000000000000000000000000000000000000001",
  weth: "0x0000000000000000000000000000000000000002",
  multicall3: "0x0000000000000000000000000000000000000003",
  dexes: [],
  tokens: [
    { symbol: "RAI", name: "Rai", decimals: 18, address: "0x0000000000000000000000000000000000000004", tags: [] },
  ],
  pairs: [],
  contracts: {},
};

export function buildApp(
  db: Db,
  opts: {
    env?: NodeJS.ProcessEnv;
    overrides?: ConfigOverrides;
    client?: ReturnType<typeof stubRpc>["client"];
    indexerStatus?: AppDeps["indexerStatus"];
    deployment?: Deployment;
    /** The chain's commit signal (kept replies are kept only with one). */
    commits?: CommitSignal;
  } = {},
) {
  const config = loadConfig(
    { CHAINS: "local", PORT: "8080", ...opts.env },
    { rpcUrls: { local: "http://127.0.0.1:9" }, webDist: "/nonexistent", ...opts.overrides },
  );
  const cc = config.chains[0];
  if (!cc) throw new Error("no chain config");
  return createApp({
    db,
    config,
    chains: [
      {
        config: cc,
        client: opts.client ?? stubRpc().client,
        market: new Market(db, local, opts.deployment ?? null),
        commits: opts.commits,
      },
    ],
    indexerStatus: opts.indexerStatus,
  });
}

export type MessageParts = Partial<SignInMessageInput> & { statement?: string };

/** A sign-in message as the web app builds it (or with `parts` changed). */
export function message(parts: MessageParts = {}): string {
  const input = {
    address: parts.address ?? user.address,
    chainId: parts.chainId ?? 31337,
    domain: parts.domain ?? DOMAIN,
    uri: parts.uri ?? ORIGIN,
    issuedAt: parts.issuedAt ?? new Date(),
    nonce: parts.nonce ?? "abcdefgh1234",
  };
  if (parts.statement === undefined || parts.statement === SIGN_IN_STATEMENT) return buildSignInMessage(input);
  return createSiweMessage({ ...input, version: "1", statement: parts.statement });
}

export async function signed(msg: string, signer = user, address: string = signer.address) {
  const signature = await signer.signMessage({ message: msg });
  return { address, signature, signatureMessage: encodeSignatureMessageHeader(msg) };
}
