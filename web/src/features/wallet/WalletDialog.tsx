import { LOCAL_CHAIN_ID } from "@sofi/protocol";
import { Alert, Button, Flex, Radio, Spin, Typography } from "antd";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { type Connector, type CreateConnectorFn, useChains, useConnect, useConnectors } from "wagmi";
import { useSettings } from "../../kernel/settings-store.ts";
import { SheetModal, useModal } from "../shell/index.ts";
import { AccountPanel } from "./AccountPanel.tsx";
import {
  ANVIL_PRIVATE_KEYS,
  DEV_WALLET_TYPE,
  devAddress,
  getDevAccountIndex,
  setDevAccountIndex,
} from "./dev-wallet.ts";
import { useWalletState } from "./hooks.ts";
import {
  INJECTED_TYPE,
  loadWalletConnect,
  rememberWalletType,
  switchWalletChain,
  WALLET_CONNECT_TYPE,
  walletConnectProjectId,
} from "./session.ts";
import { isMobileUserAgent, shortenAddress, useWalletUi } from "./wallet-ui.ts";

type Target = { id: string; type: string; load: () => Promise<Connector | CreateConnectorFn> };

function errorMessage(e: unknown): string {
  return e instanceof Error ? ((e as { shortMessage?: string }).shortMessage ?? e.message) : String(e);
}

function useConnectTarget() {
  const { connectAsync } = useConnect();
  const setPending = useWalletUi((s) => s.setPending);
  const setView = useWalletUi((s) => s.setView);
  const last = useRef<Target | null>(null);
  const run = async (target: Target) => {
    last.current = target;
    setPending(target.id);
    try {
      const connector = await target.load();
      await connectAsync({ connector });
      rememberWalletType(target.type);
      setView("account");
    } catch (e) {
      if ((e as { name?: string }).name === "ConnectorAlreadyConnectedError") {
        setView("account");
        return;
      }
      setPending(target.id, errorMessage(e));
    }
  };
  return { run, retry: () => (last.current ? run(last.current) : undefined) };
}

function OptionButton(props: {
  testId: string;
  title: string;
  description: string;
  icon?: string;
  disabled?: boolean;
  href?: string;
  onClick?: () => void;
}) {
  return (
    <Button
      block
      size="large"
      data-testid={props.testId}
      disabled={props.disabled}
      href={props.href}
      target={props.href ? "_blank" : undefined}
      onClick={props.onClick}
      style={{ height: "auto", padding: "10px 14px", textAlign: "left", whiteSpace: "normal" }}
    >
      <Flex justify="space-between" align="center" gap={12} style={{ width: "100%" }}>
        <Flex vertical>
          <Typography.Text strong>{props.title}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {props.description}
          </Typography.Text>
        </Flex>
        {props.icon && <img src={props.icon} alt="" width={24} height={24} />}
      </Flex>
    </Button>
  );
}

function OptionsView({ connect }: { connect: (t: Target) => void }) {
  const { t } = useTranslation("wallet");
  const connectors = useConnectors();
  const setView = useWalletUi((s) => s.setView);
  const mobile = isMobileUserAgent();
  const injected = connectors.filter((c) => c.type === INJECTED_TYPE);
  const discovered = injected.filter((c) => c.id !== INJECTED_TYPE);
  const hasWindowEthereum = typeof window !== "undefined" && !!(window as { ethereum?: unknown }).ethereum;
  const shownInjected = discovered.length ? discovered : hasWindowEthereum ? injected : [];
  const dev = connectors.find((c) => c.type === DEV_WALLET_TYPE);
  const wcReady = !!walletConnectProjectId();
  useEffect(() => {
    // Users read "not available"; whoever runs the deployment finds the reason here.
    if (!wcReady) console.info("WalletConnect is off: set VITE_WALLETCONNECT_PROJECT_ID when building the app.");
  }, [wcReady]);

  return (
    <Flex vertical gap={10} data-testid="wallet-options">
      {!mobile &&
        shownInjected.map((c) => (
          <OptionButton
            key={c.uid}
            testId={`wallet-option-${c.id}`}
            title={c.id === INJECTED_TYPE ? t("injected") : c.name}
            description={t("injectedDescription")}
            icon={c.icon}
            onClick={() => connect({ id: c.uid, type: INJECTED_TYPE, load: async () => c })}
          />
        ))}
      {!mobile && shownInjected.length === 0 && (
        <OptionButton
          testId="wallet-option-install"
          title={t("installWallet")}
          description={t("installWalletDescription")}
          href="https://metamask.io/download/"
        />
      )}
      <OptionButton
        testId="wallet-option-walletConnect"
        title={t("walletConnect")}
        description={wcReady ? t("walletConnectDescription") : t("walletConnectMissing")}
        disabled={!wcReady}
        onClick={() => connect({ id: WALLET_CONNECT_TYPE, type: WALLET_CONNECT_TYPE, load: loadWalletConnect })}
      />
      {dev && (
        <OptionButton
          testId="wallet-option-devWallet"
          title={t("devWallet")}
          description={t("devWalletDescription")}
          onClick={() => setView("devAccounts")}
        />
      )}
    </Flex>
  );
}

function DevAccountsView({ connect }: { connect: (t: Target) => void }) {
  const { t } = useTranslation("wallet");
  const connectors = useConnectors();
  const setView = useWalletUi((s) => s.setView);
  const index = useWalletUi((s) => s.devPick) ?? getDevAccountIndex();
  const setIndex = useWalletUi((s) => s.setDevPick);
  const { connected, connector: current } = useWalletState();
  const dev = connectors.find((c) => c.type === DEV_WALLET_TYPE);
  if (!dev) return null;
  const onConnect = () => {
    if (connected && current?.uid === dev.uid) {
      // Already on the dev wallet: switching account is a wallet-side account change (page reloads).
      (dev as unknown as { selectAccount: (i: number) => void }).selectAccount(index);
      return;
    }
    setDevAccountIndex(index);
    connect({ id: dev.uid, type: DEV_WALLET_TYPE, load: async () => dev });
  };
  return (
    <Flex vertical gap={12} data-testid="dev-wallet-accounts">
      <Typography.Text strong>{t("devWalletPick")}</Typography.Text>
      <Radio.Group value={index} onChange={(e) => setIndex(e.target.value as number)}>
        <Flex vertical gap={6}>
          {ANVIL_PRIVATE_KEYS.map((_, i) => {
            const address = devAddress(i);
            return (
              <Radio key={address} value={i} data-testid={`dev-account-${i}`}>
                <Typography.Text>
                  {t("devWalletAccount", { index: i })} · <code>{shortenAddress(address)}</code>
                </Typography.Text>
              </Radio>
            );
          })}
        </Flex>
      </Radio.Group>
      <Flex gap={8}>
        <Button onClick={() => setView("options")}>{t("back")}</Button>
        <Button type="primary" data-testid="dev-wallet-connect" onClick={onConnect}>
          {t("devWalletConnect")}
        </Button>
      </Flex>
    </Flex>
  );
}

function PendingView({ retry }: { retry: () => void }) {
  const { t } = useTranslation("wallet");
  const error = useWalletUi((s) => s.pendingError);
  const setView = useWalletUi((s) => s.setView);
  return (
    <Flex vertical gap={16} data-testid="wallet-pending">
      <Button type="link" style={{ alignSelf: "flex-start", padding: 0 }} onClick={() => setView("options")}>
        ← {t("back")}
      </Button>
      {error ? (
        <Flex vertical gap={12}>
          <Alert type="error" showIcon title={t("errorConnectingShort")} description={error} />
          <Button type="primary" onClick={retry} data-testid="wallet-try-again">
            {t("tryAgain")}
          </Button>
        </Flex>
      ) : (
        <Flex align="center" gap={12}>
          <Spin />
          <Typography.Text>{t("initializing")}</Typography.Text>
        </Flex>
      )}
    </Flex>
  );
}

function WrongNetworkView() {
  const { t } = useTranslation("wallet");
  const { connector } = useWalletState();
  const chains = useChains();
  const selected = useSettings((s) => s.chainId);
  const target = chains.find((c) => c.id === selected) ?? chains[0];
  const [error, setError] = useState<string>();
  return (
    <Flex vertical gap={12} data-testid="wallet-wrong-network">
      <Typography.Text>{t("wrongNetworkDetail")}</Typography.Text>
      {target && connector && (
        <Button
          type="primary"
          data-testid="wallet-switch-network"
          onClick={() => switchWalletChain(connector, target).catch((e: unknown) => setError(errorMessage(e)))}
        >
          {t("switchTo", { name: target.id === LOCAL_CHAIN_ID ? t("localChain") : target.name })}
        </Button>
      )}
      {error && <Alert type="error" title={error} />}
    </Flex>
  );
}

function ErrorView() {
  const { t } = useTranslation("wallet");
  const setWalletError = useWalletUi((s) => s.setWalletError);
  const setView = useWalletUi((s) => s.setView);
  return (
    <Flex vertical gap={12} data-testid="wallet-error">
      <Typography.Text>{t("errorConnecting")}</Typography.Text>
      <Button
        type="primary"
        onClick={() => {
          setWalletError(undefined);
          setView("options");
        }}
      >
        {t("tryAgain")}
      </Button>
    </Flex>
  );
}

/** Spec 000 §2 "Wallet connection dialog": options, pending, account, wrong network, error. */
export function WalletDialog() {
  const { t } = useTranslation("wallet");
  const [open] = useModal("wallet");
  const view = useWalletUi((s) => s.view);
  const setView = useWalletUi((s) => s.setView);
  const closeDialog = useWalletUi((s) => s.closeDialog);
  const { connected, wrongNetwork, walletError, connector, chainId } = useWalletState();
  const { run, retry } = useConnectTarget();
  const selected = useSettings((s) => s.chainId);

  // Switch to the account view when the wallet becomes connected or the connector changes, but
  // not when the dialog mounts: whoever opened it asked for its view (change wallet: the options).
  const connection = connected && connector ? connector.uid : null;
  const seenConnection = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    const mounting = seenConnection.current === undefined;
    const changed = connection !== seenConnection.current;
    seenConnection.current = connection;
    if (!mounting && changed && connection !== null) setView("account");
  }, [connection, setView]);

  let body: React.ReactNode;
  let title = t("selectWallet");
  if (connected && wrongNetwork) {
    body = <WrongNetworkView />;
    title = t("wrongNetwork");
  } else if (walletError) {
    body = <ErrorView />;
    title = t("error");
  } else if (view === "account" && connected) {
    body = <AccountPanel />;
    title = t("account");
  } else if (view === "pending") {
    body = <PendingView retry={() => void retry()} />;
  } else if (view === "devAccounts" && selected === LOCAL_CHAIN_ID) {
    body = <DevAccountsView connect={(target) => void run(target)} />;
    title = t("devWallet");
  } else {
    body = <OptionsView connect={(target) => void run(target)} />;
  }

  return (
    <SheetModal open={open} onClose={closeDialog} title={title}>
      <div data-testid="wallet-dialog" data-chain={chainId}>
        {body}
      </div>
    </SheetModal>
  );
}
