import { COPY_CONFIRMATION_MS } from "@sofi/core";
import { CHAINS, LOCAL_CHAIN_ID } from "@sofi/protocol";
import { Avatar, Button, Flex, Select, Space, Typography } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useChains, useDisconnect } from "wagmi";
import { copyText } from "../../kernel/clipboard.ts";
import { Slot } from "../../kernel/Slot.tsx";
import { RecentTransactions } from "../transactions/index.ts";
import { DEV_WALLET_TYPE } from "./dev-wallet.ts";
import { useWalletState } from "./hooks.ts";
import { Identicon } from "./Identicon.tsx";
import { switchWalletChain } from "./session.ts";
import { useManagerPhoto } from "./useManagerPhoto.ts";
import { shortenAddress, useWalletUi } from "./wallet-ui.ts";

/** A test chain id no deployment serves: lets the dev wallet show the Wrong Network state. */
export const UNLISTED_TEST_CHAIN_ID = 1337;

function DevWalletNetwork() {
  const { t } = useTranslation("wallet");
  const { connector, chainId } = useWalletState();
  const chains = useChains();
  if (!connector || connector.type !== DEV_WALLET_TYPE) return null;
  const options = [
    ...chains.map((c) => ({ value: c.id, label: c.id === LOCAL_CHAIN_ID ? t("localChain") : c.name })),
    ...CHAINS.filter((c) => !chains.some((x) => x.id === c.id)).map((c) => ({ value: c.id, label: c.name })),
    { value: UNLISTED_TEST_CHAIN_ID, label: t("devWalletUnlisted", { id: UNLISTED_TEST_CHAIN_ID }) },
  ];
  return (
    <Flex vertical gap={4}>
      <Typography.Text type="secondary">{t("devWalletNetwork")}</Typography.Text>
      <Select
        data-testid="dev-wallet-network"
        value={chainId}
        options={options}
        onChange={(id: number) => {
          const chain = chains.find((c) => c.id === id) ?? {
            id,
            name: options.find((o) => o.value === id)?.label ?? String(id),
            nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
            rpcUrls: { default: { http: [] as string[] } },
          };
          void switchWalletChain(connector, chain);
        }}
      />
    </Flex>
  );
}

/** Spec 000 §2 "Account panel". */
export function AccountPanel() {
  const { t } = useTranslation("wallet");
  const { address, connector, chainInfo } = useWalletState();
  const photo = useManagerPhoto(address);
  const setView = useWalletUi((s) => s.setView);
  const closeDialog = useWalletUi((s) => s.closeDialog);
  const { disconnectAsync } = useDisconnect();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  if (!address) return null;
  const explorer = chainInfo?.explorerUrl && chainInfo.id !== LOCAL_CHAIN_ID ? chainInfo : undefined;

  return (
    <Flex vertical gap={16} data-testid="account-panel">
      <Typography.Text type="secondary" data-testid="wallet-type">
        {t("connectedWith", { name: connector?.type === DEV_WALLET_TYPE ? t("devWallet") : (connector?.name ?? "") })}
      </Typography.Text>
      <Flex align="center" gap={12}>
        {photo ? <Avatar src={photo} size={40} /> : <Identicon address={address} size={40} />}
        <Typography.Text strong style={{ fontSize: 18 }} data-testid="account-address" title={address}>
          {shortenAddress(address)}
        </Typography.Text>
      </Flex>
      <Space wrap>
        <Button
          size="small"
          data-testid="copy-address"
          onClick={() => void copyText(address).then(() => setCopied(true))}
        >
          {copied ? t("copied") : t("copyAddress")}
        </Button>
        {explorer && (
          <Button size="small" href={`${explorer.explorerUrl}/address/${address}`} target="_blank" rel="noreferrer">
            {t("viewOnExplorer", { name: explorer.explorerName })}
          </Button>
        )}
      </Space>
      <DevWalletNetwork />
      <RecentTransactions account={address} />
      <Flex vertical gap={8}>
        {/* The profile link (people, order 10), Convert (convert, 20), then the panel's own buttons. */}
        <Slot
          name="account.panel"
          props={{ account: address, close: closeDialog }}
          own={[
            {
              id: "change-wallet",
              order: 100,
              element: (
                <Button block onClick={() => setView("options")}>
                  {t("changeWallet")}
                </Button>
              ),
            },
            {
              id: "logout",
              order: 110,
              element: (
                <Button block danger onClick={() => void disconnectAsync()}>
                  {t("logout")}
                </Button>
              ),
            },
          ]}
        />
      </Flex>
    </Flex>
  );
}
