import { chainById } from "@sofi/protocol";
import { Tooltip } from "antd";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { type Client, createClient, http } from "viem";
import { useLatestBlockNumber, useWatchBlockNumber } from "../../kernel/block-number.ts";
import { chainConfig, useAppConfig } from "../../kernel/config.ts";
import { useSettings } from "../../kernel/settings-store.ts";
import { blockExplorerUrl } from "./block-number.ts";
import "./block-number.css";

/** One client per RPC URL for the page's lifetime, shared across remounts. */
const clients = new Map<string, Client>();

function clientFor(rpcUrl: string): Client {
  let client = clients.get(rpcUrl);
  if (!client) {
    client = createClient({ transport: http(rpcUrl, { batch: true, retryCount: 0 }) });
    clients.set(rpcUrl, client);
  }
  return client;
}

/**
 * Head block of the selected chain from the kernel's one block-number source (the transaction
 * tracker watches the same one): the header keeps it followed while it is shown.
 */
export function useBlockNumber(): number | null {
  const config = useAppConfig();
  const chainId = useSettings((s) => s.chainId);
  const rpcUrl = chainConfig(config, chainId)?.rpcUrl ?? chainById(chainId)?.defaultRpcUrl;
  const client = useMemo(() => (rpcUrl ? clientFor(rpcUrl) : null), [rpcUrl]);
  useWatchBlockNumber(client, chainId, true);
  return useLatestBlockNumber(chainId) ?? null;
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
