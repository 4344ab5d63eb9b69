import { Button } from "antd";
import { lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useEnsName } from "wagmi";
import { Slot } from "../../kernel/Slot.tsx";
import { useModal } from "../shell/index.ts";
import { pendingTransactions, useTransactions } from "../transactions/index.ts";
import { useWalletState } from "./hooks.ts";
import { Identicon } from "./Identicon.tsx";
import { shortenAddress, useWalletUi } from "./wallet-ui.ts";

/** The dialog (and the Ant Design parts it uses) loads when first opened, not with the first route. */
const WalletDialog = lazy(() => import("./WalletDialog.tsx").then((m) => ({ default: m.WalletDialog })));

/**
 * Spec 000 §2 "Wallet status in the header", with the connection dialog it opens. The `wallet.actions`
 * slot's contributions render beside it (the wallet button is order 50: the faucet's button before it, dialog hosts after it).
 */
export function WalletStatus() {
  const { t } = useTranslation("wallet");
  const { connected, wrongNetwork, walletError, address, chainId, chains } = useWalletState();
  const openDialog = useWalletUi((s) => s.openDialog);
  const [dialogOpen] = useModal("wallet");
  // Mounted from the first opening on, so closing keeps its animation.
  const [dialogUsed, setDialogUsed] = useState(false);
  useEffect(() => {
    if (dialogOpen) setDialogUsed(true);
  }, [dialogOpen]);
  const byChain = useTransactions((s) => s.byChain);
  const pending = pendingTransactions(byChain, chainId, address).length;
  const { data: ensName } = useEnsName({
    address,
    chainId: 1,
    query: { enabled: !!address && chainId === 1 && chains.some((c) => c.id === 1) },
  });

  let button: React.ReactNode;
  if (walletError) {
    button = (
      <Button danger type="primary" data-testid="wallet-status" onClick={() => openDialog()}>
        {t("error")}
      </Button>
    );
  } else if (connected && wrongNetwork) {
    button = (
      <Button danger type="primary" data-testid="wallet-status" onClick={() => openDialog()}>
        {t("wrongNetwork")}
      </Button>
    );
  } else if (connected && address) {
    button = (
      <Button
        data-testid="wallet-status"
        onClick={() => openDialog("account")}
        icon={pending ? undefined : <Identicon address={address} size={18} />}
        loading={pending > 0}
      >
        {pending > 0 ? t("pendingCount", { count: pending }) : (ensName ?? shortenAddress(address))}
      </Button>
    );
  } else {
    button = (
      <Button type="primary" data-testid="wallet-status" onClick={() => openDialog("options")}>
        {t("connectWallet")}
      </Button>
    );
  }
  return (
    <>
      <Slot name="wallet.actions" own={[{ id: "wallet-status", order: 50, element: button }]} />
      {(dialogOpen || dialogUsed) && (
        <Suspense fallback={null}>
          <WalletDialog />
        </Suspense>
      )}
    </>
  );
}
