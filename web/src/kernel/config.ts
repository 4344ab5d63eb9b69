import type { Deployment } from "@sofi/protocol";
import { createContext, useContext } from "react";
import { useSettings } from "./settings-store.ts";

/** What `GET /api/config` returns: the chains this deployment serves and the blocked wallets. */
export type AppConfig = {
  chains: { id: number; suffix: string; name: string; rpcUrl: string; deployment: Deployment | null }[];
  blockedAddresses: string[];
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
    Array.isArray(v.blockedAddresses)
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
  const config = useAppConfig();
  const chainId = useSettings((s) => s.chainId);
  return chainConfig(config, chainId)?.suffix ?? config.chains[0]?.suffix ?? "local";
}
