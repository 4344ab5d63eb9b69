import { Component, lazy, type ReactNode, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { useWalletSlots } from "../kernel/wallet-slots.ts";

/**
 * The wallet stack (wagmi, viem, TanStack Query, the connectors) is not part of the first route's
 * JavaScript: main.tsx starts loading it at once, in parallel with the config and the first
 * paint, and it mounts around the whole layout when it arrives. Until then the shell shows its
 * loading state with a placeholder where the header's wallet button goes.
 */
type WalletModule = typeof import("../features/wallet/WalletRoot.tsx");

let walletModule: Promise<WalletModule> | undefined;

/** Starts (once) loading the wallet chunk; call it as early as possible. */
export function preloadWallet(): Promise<WalletModule> {
  walletModule ??= import("../features/wallet/WalletRoot.tsx").catch((e: unknown) => {
    walletModule = undefined; // a later mount may try again
    throw e;
  });
  return walletModule;
}

const WalletRoot = lazy(preloadWallet);

/** The header's wallet button: the real one once the wallet slice is loaded, a placeholder before. */
export function HeaderWalletSlot() {
  const slots = useWalletSlots();
  const { t } = useTranslation("shell");
  if (slots) return <slots.WalletStatus />;
  return (
    <span className="wallet-placeholder" role="status" aria-busy="true" aria-label={t("wallet.loading")}>
      <span className="wallet-placeholder-bar" aria-hidden />
    </span>
  );
}

type BoundaryProps = { children: ReactNode };
type BoundaryState = { error: unknown };

class WalletLoadBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null };
  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error };
  }
  override render() {
    if (this.state.error) return <WalletLoadError />;
    return this.props.children;
  }
}

function WalletLoadError() {
  const { t } = useTranslation("shell");
  return (
    <div className="wallet-load-error" role="alert">
      <p>{t("wallet.loadFailed")}</p>
      <button type="button" className="plain-button" onClick={() => window.location.reload()}>
        {t("wallet.reload")}
      </button>
    </div>
  );
}

/**
 * Renders `fallback` (the shell in its loading state) until the wallet slice has loaded, then
 * `children` inside the wallet providers; while a remembered session is being restored the
 * wallet slice keeps showing `fallback`, so a blocked account never sees the app's content.
 */
export function WalletHost({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  return (
    <WalletLoadBoundary>
      <Suspense fallback={fallback}>
        <WalletRoot fallback={fallback}>{children}</WalletRoot>
      </Suspense>
    </WalletLoadBoundary>
  );
}
