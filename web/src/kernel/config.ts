import type { Deployment } from "@sofi/protocol";
import { createContext, useContext, useMemo } from "react";
import { useSettings } from "./settings-store.ts";

/**
 * What `GET /api/config` returns: the chains this deployment serves, the blocked wallets and the
 * capabilities that are on (`CAPABILITIES_OFF` switches the others off; absent: every one is on).
 */
export type AppConfig = {
  chains: { id: number; suffix: string; name: string; rpcUrl: string; deployment: Deployment | null }[];
  blockedAddresses: string[];
  capabilities?: string[];
};

export type AppChainConfig = AppConfig["chains"][number];

export function isAppConfig(value: unknown): value is AppConfig {
  if (!value || typeof value !== "object") return false;
  const v = value as Partial<AppConfig>;
  return (
    Array.isArray(v.chains) &&
    v.chains.every(
      (c) => c && typeof c.id === "number" && typeof c.suffix === "string" && typeof c.rpcUrl === "string",
    ) &&
    Array.isArray(v.blockedAddresses) &&
    (v.capabilities === undefined ||
      (Array.isArray(v.capabilities) && v.capabilities.every((c) => typeof c === "string")))
  );
}

/** Loads the runtime config from the server. Throws with a readable message when the server is unreachable. */
export async function loadAppConfig(fetchImpl: typeof fetch = fetch): Promise<AppConfig> {
  const res = await fetchImpl("/api/config", { headers: { accept: "application/json" } });
  if (!res.ok) throw new Error(`GET /api/config failed: HTTP ${res.status}`);
  const body: unknown = await res.json();
  if (!isAppConfig(body)) throw new Error("GET /api/config returned an unexpected shape");
  return body;
}

export const AppConfigContext = createContext<AppConfig | null>(null);

export function useAppConfig(): AppConfig {
  const config = useContext(AppConfigContext);
  if (!config) throw new Error("useAppConfig() used outside AppConfigContext");
  return config;
}

export function chainConfig(config: AppConfig, chainId: number): AppChainConfig | undefined {
  return config.chains.find((c) => c.id === chainId);
}

/** The API suffix of the chosen chain (`local`, `base`, …): `/api/{suffix}/…`. */
export function useChainSuffix(): string {
  return suffixOf(
    useAppConfig(),
    useSettings((s) => s.chainId),
  );
}

function suffixOf(config: AppConfig, chainId: number): string {
  return chainConfig(config, chainId)?.suffix ?? config.chains[0]?.suffix ?? "local";
}

/** `useChainSuffix()`, or undefined outside a config (a read that names its chain needs none). */
export function useChainSuffixIfConfigured(): string | undefined {
  const config = useContext(AppConfigContext);
  const chainId = useSettings((s) => s.chainId);
  return config ? suffixOf(config, chainId) : undefined;
}

/** Which capabilities are on: `has(name)`. */
export type CapabilitySet = { has(name: string): boolean };

/** Every capability on (a config without a `capabilities` list, from a server before issue 17). */
export const ALL_CAPABILITIES: CapabilitySet = { has: () => true };

/** The capabilities a config has on: its `capabilities` list, or every one when it has none. */
export function capabilitiesOf(config: Pick<AppConfig, "capabilities">): CapabilitySet {
  return config.capabilities ? new Set(config.capabilities) : ALL_CAPABILITIES;
}

/**
 * The set of capabilities that are on (`GET /api/config`'s `capabilities`; absent: all on, and
 * all on outside a config, as in a view's unit test).
 */
export function useCapabilities(): CapabilitySet {
  const config = useContext(AppConfigContext);
  return useMemo(() => capabilitiesOf(config ?? {}), [config]);
}
