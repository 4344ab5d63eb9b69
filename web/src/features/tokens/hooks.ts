import { contenthashToUri, isAddress, storableText, TOKEN_LIST_ERRORS, type TokenList } from "@sofi/core";
import { erc20Abi } from "@sofi/protocol";
import { useEffect, useMemo } from "react";
import { namehash, parseAbi } from "viem";
import { normalize } from "viem/ens";
import { useConnection, useReadContracts } from "wagmi";
import { useBalances } from "../../kernel/balances.ts";
import { chainConfig, useAppConfig } from "../../kernel/config.ts";
import { useSettings } from "../../kernel/settings-store.ts";
import { useEnsClient } from "../wallet/index.ts";
import { buildChainTokens, type ChainTokensInput, defaultListUrl, listedAddresses } from "./chain-tokens.ts";
import { type EnsListResolver, getTokenList } from "./fetch-list.ts";
import { announceListUpdate } from "./ListUpdatePopup.tsx";
import { ensureDefaultLists, fetchListInto, useListsStore } from "./lists-store.ts";
import {
  deploymentTokenList,
  isNative,
  NATIVE,
  ONCHAIN_NAME_MAX,
  ONCHAIN_SYMBOL_MAX,
  type UiToken,
  UNKNOWN_NAME,
  UNKNOWN_SYMBOL,
} from "./types.ts";

function origin(): string {
  return typeof window === "undefined" ? "" : window.location.origin;
}

/** Default list URLs of every configured chain, in config order: the list priority order. */
export function useDefaultListUrls(): string[] {
  const config = useAppConfig();
  return useMemo(() => config.chains.map((c) => defaultListUrl(origin(), c.suffix)), [config]);
}

/** The selected chain's config entry and default list URL. */
export function useSelectedChain() {
  const config = useAppConfig();
  const chainId = useSettings((s) => s.chainId);
  const chain = chainConfig(config, chainId);
  const defaultUrl = chain ? defaultListUrl(origin(), chain.suffix) : undefined;
  const fallbackList = useMemo(
    () => (chain?.deployment ? deploymentTokenList(chain.deployment, chain.name) : null),
    [chain],
  );
  return { chainId, chain, defaultUrl, fallbackList };
}

/** Name-service list locations resolve on Ethereum mainnet when this deployment serves it. */
export function useEnsResolver(): EnsListResolver | undefined {
  const client = useEnsClient();
  return useMemo(() => {
    if (!client) return undefined;
    return async (name: string) => {
      const normalized = normalize(name);
      const resolver = await client.getEnsResolver({ name: normalized });
      const hash = await client.readContract({
        address: resolver,
        abi: parseAbi(["function contenthash(bytes32 node) view returns (bytes)"]),
        functionName: "contenthash",
        args: [namehash(normalized)],
      });
      return contenthashToUri(hash);
    };
  }, [client]);
}

const fetchedThisSession = new Set<string>();

/** Loads a list through the reducer; an automatic load that finds a newer version announces it. */
export async function loadList(url: string, opts: { auto: boolean; resolveEns?: EnsListResolver }): Promise<TokenList> {
  const before = useListsStore.getState().byUrl[url]?.pendingUpdate ?? null;
  const list = await fetchListInto(url, (u) => getTokenList(u, { resolveEns: opts.resolveEns }));
  const after = useListsStore.getState().byUrl[url];
  if (opts.auto && after?.pendingUpdate && after.pendingUpdate !== before) announceListUpdate(url);
  return list;
}

/**
 * Adds the default lists once and loads every known list once per page session (spec 000 §4:
 * automatic updates only announce; the user accepts or dismisses them).
 */
export function useListsUpdater(): void {
  const defaults = useDefaultListUrls();
  const urls = useListsStore((s) => Object.keys(s.byUrl).join("\n"));
  const resolveEns = useEnsResolver();
  useEffect(() => {
    ensureDefaultLists(defaults);
  }, [defaults]);
  useEffect(() => {
    for (const url of urls.split("\n")) {
      if (!url || fetchedThisSession.has(url)) continue;
      fetchedThisSession.add(url);
      loadList(url, { auto: true, resolveEns }).catch((e: unknown) => {
        // Spec 000 §8: list processing failures are logged; the state keeps the error.
        console.warn(TOKEN_LIST_ERRORS.couldNotShow, url, e);
      });
    }
  }, [urls, resolveEns]);
}

function useChainTokensInput(): ChainTokensInput {
  const { chainId, defaultUrl, fallbackList } = useSelectedChain();
  const priority = useDefaultListUrls();
  const byUrl = useListsStore((s) => s.byUrl);
  const activeListUrls = useListsStore((s) => s.activeListUrls);
  const custom = useSettings((s) => s.tokens[chainId]);
  return useMemo(
    () => ({ chainId, byUrl, activeListUrls, priority, defaultUrl, fallbackList, custom }),
    [chainId, byUrl, activeListUrls, priority, defaultUrl, fallbackList, custom],
  );
}

/** Every token of the selected chain: native coin first, then active lists' tokens, then custom tokens. */
export function useChainTokens(): UiToken[] {
  useListsUpdater();
  const input = useChainTokensInput();
  return useMemo(() => buildChainTokens(input), [input]);
}

/** A predicate: is this token on the user's active lists, imported by the user, or the native coin? */
export function useIsListed(): (token: Pick<UiToken, "address"> | string) => boolean {
  const input = useChainTokensInput();
  return useMemo(() => {
    const listed = listedAddresses(input);
    for (const c of Object.values(input.custom ?? {})) listed.add(c.address.toLowerCase());
    return (token) => {
      const address = typeof token === "string" ? token : token.address;
      return address === NATIVE || listed.has(address.toLowerCase());
    };
  }, [input]);
}

/** The user's imported tokens on the selected chain. */
export function useCustomTokens(): UiToken[] {
  const chainId = useSettings((s) => s.chainId);
  const custom = useSettings((s) => s.tokens[chainId]);
  return useMemo(
    () =>
      Object.values(custom ?? {}).map((c) => ({
        chainId,
        address: c.address as `0x${string}`,
        decimals: c.decimals,
        symbol: c.symbol ?? UNKNOWN_SYMBOL,
        name: c.name ?? UNKNOWN_NAME,
      })),
    [chainId, custom],
  );
}

/** Custom tokens live in the user settings' `tokens` by chain (spec 000 §3 "saved tokens by chain"). */
export function addCustomToken(token: UiToken): void {
  if (token.address === NATIVE) return;
  const address = token.address;
  useSettings.setState((s) => ({
    tokens: {
      ...s.tokens,
      [token.chainId]: {
        ...(s.tokens[token.chainId] ?? {}),
        [address.toLowerCase()]: { address, decimals: token.decimals, symbol: token.symbol, name: token.name },
      },
    },
    timestamp: Date.now(),
  }));
}

export function removeCustomToken(chainId: number, address: string): void {
  useSettings.setState((s) => {
    const { [address.toLowerCase()]: _gone, ...rest } = s.tokens[chainId] ?? {};
    return { tokens: { ...s.tokens, [chainId]: rest }, timestamp: Date.now() };
  });
}

export function clearCustomTokens(chainId: number): void {
  useSettings.setState((s) => ({ tokens: { ...s.tokens, [chainId]: {} }, timestamp: Date.now() }));
}

/**
 * Balances of `tokens` for the connected account on the selected chain, from the app's one
 * balances source (src/kernel/balances.ts: the swap card reads the same entries, one multicall
 * reads them, the transactor refreshes them after each receipt). Keys are `tokenKey(token)`:
 * `native` or the lowercase address. Nothing is shown while the wallet is on another chain.
 */
export function useTokenBalances(tokens: readonly UiToken[]): {
  balances: Record<string, bigint | undefined>;
  isLoading: boolean;
  refetch: () => void;
} {
  const { address: account, chainId: walletChainId, status } = useConnection();
  const chainId = useSettings((s) => s.chainId);
  const keys = useMemo(
    () => tokens.filter((t) => isNative(t) || isAddress(t.address)).map((t) => (isNative(t) ? NATIVE : t.address)),
    [tokens],
  );
  const { balances, isLoading, refetch } = useBalances({
    chainId,
    account,
    tokens: keys,
    enabled: status === "connected" && walletChainId === chainId,
  });
  return { balances, isLoading, refetch: () => void refetch() };
}

/**
 * Reads name, symbol and decimals of an address on the selected chain (one multicall).
 * `token` is null while loading or when the address is not an ERC-20 (decimals unreadable).
 */
export function useOnChainToken(address: string | null | undefined): {
  token: UiToken | null;
  isLoading: boolean;
  notAToken: boolean;
} {
  const chainId = useSettings((s) => s.chainId);
  const valid = !!address && isAddress(address);
  const a = (valid ? address : undefined) as `0x${string}` | undefined;
  const reads = useReadContracts({
    allowFailure: true,
    contracts: a
      ? ([
          { address: a, abi: erc20Abi, functionName: "name", chainId },
          { address: a, abi: erc20Abi, functionName: "symbol", chainId },
          { address: a, abi: erc20Abi, functionName: "decimals", chainId },
        ] as const)
      : [],
    query: { enabled: valid },
  });
  return useMemo(() => {
    if (!a || !reads.data) return { token: null, isLoading: valid && reads.isLoading, notAToken: false };
    const [name, symbol, decimals] = reads.data;
    if (decimals?.status !== "success") return { token: null, isLoading: false, notAToken: true };
    return {
      token: {
        chainId,
        address: a,
        decimals: Number(decimals.result),
        // a token's own name and symbol are a stranger's text: shown through the storable-text rule
        symbol:
          symbol?.status === "success" && symbol.result
            ? storableText(String(symbol.result), { max: ONCHAIN_SYMBOL_MAX })
            : UNKNOWN_SYMBOL,
        name:
          name?.status === "success" && name.result
            ? storableText(String(name.result), { max: ONCHAIN_NAME_MAX })
            : UNKNOWN_NAME,
      },
      isLoading: false,
      notAToken: false,
    };
  }, [a, chainId, reads.data, reads.isLoading, valid]);
}
