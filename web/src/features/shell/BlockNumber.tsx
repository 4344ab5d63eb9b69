import { BLOCK_UPDATE_DEBOUNCE_MS } from "@sofi/core";
import { chainById } from "@sofi/protocol";
import { Tooltip } from "antd";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { type Client, createClient, http } from "viem";
import { watchBlockNumber } from "viem/actions";
import { chainConfig, useAppConfig } from "../../app/config.ts";
import { useSettings } from "../../app/settings-store.ts";
import { blockExplorerUrl, blockPollIntervalMs, debounce } from "./block-number.ts";

/** One client and last-seen block per RPC URL for the page's lifetime, shared across remounts. */
const clients = new Map<string, Client>();
const lastBlocks = new Map<string, { n: bigint; at: number }>();

function clientFor(rpcUrl: string): Client {
  let client = clients.get(rpcUrl);
  if (!client) {
    client = createClient({ transport: http(rpcUrl, { batch: true, retryCount: 0 }) });
    clients.set(rpcUrl, client);
  }
  return client;
}

function useDocumentVisible(): boolean {
  const [visible, setVisible] = useState(() => document.visibilityState !== "hidden");
  useEffect(() => {
    const on = () => setVisible(document.visibilityState !== "hidden");
    document.addEventListener("visibilitychange", on);
    return () => document.removeEventListener("visibilitychange", on);
  }, []);
  return visible;
}

/** Head block of the selected chain (spec 000 §4): paused while the tab is hidden, updates debounced 100 ms. */
export function useBlockNumber(): bigint | null {
  const config = useAppConfig();
  const chainId = useSettings((s) => s.chainId);
  const visible = useDocumentVisible();
  const [block, setBlock] = useState<bigint | null>(null);
  const rpcUrl = chainConfig(config, chainId)?.rpcUrl ?? chainById(chainId)?.defaultRpcUrl;
  const client = useMemo(() => (rpcUrl ? clientFor(rpcUrl) : null), [rpcUrl]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: show the new chain's last known block (or none) when the client changes
  useEffect(() => {
    setBlock(rpcUrl ? (lastBlocks.get(rpcUrl)?.n ?? null) : null);
  }, [client]);

  useEffect(() => {
    if (!client || !visible) return;
    const url = rpcUrl as string;
    const pollingInterval = blockPollIntervalMs(chainId);
    const known = lastBlocks.get(url);
    const update = debounce((n: bigint) => {
      lastBlocks.set(url, { n, at: Date.now() });
      setBlock((prev) => (prev === null || n > prev ? n : prev));
    }, BLOCK_UPDATE_DEBOUNCE_MS);
    const unwatch = watchBlockNumber(client, {
      // A remount (the shell mounts again once the wallet has loaded) must not ask again for a
      // block it read less than one polling interval ago.
      emitOnBegin: !known || Date.now() - known.at >= pollingInterval,
      emitMissed: false,
      poll: true,
      pollingInterval,
      onBlockNumber: (n) => update(n),
      onError: () => {},
    });
    return () => {
      unwatch();
      update.cancel();
    };
  }, [client, visible, chainId, rpcUrl]);

  return block;
}

export default function BlockNumber() {
  const { t } = useTranslation("shell");
  const chainId = useSettings((s) => s.chainId);
  const block = useBlockNumber();
  const chain = chainById(chainId);
  if (block === null) return null;
  const n = block.toString();
  const href = blockExplorerUrl(chain?.explorerUrl, block);
  if (href) {
    return (
      <a
        className="block-number"
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        title={t("block.viewOnExplorer", { number: n, explorer: chain?.explorerName })}
        aria-label={t("block.viewOnExplorer", { number: n, explorer: chain?.explorerName })}
      >
        <span className="block-dot" aria-hidden />
        {n}
      </a>
    );
  }
  return (
    <Tooltip title={t("block.noExplorer", { number: n, chain: chain?.name ?? chainId })}>
      <span className="block-number" title={t("block.label", { number: n })}>
        <span className="block-dot" aria-hidden />
        {n}
      </span>
    </Tooltip>
  );
}
