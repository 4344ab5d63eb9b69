import { create } from "zustand";
import { useAppModal } from "../shell/index.ts";

export type WalletView = "options" | "pending" | "devAccounts" | "account";

type WalletUiState = {
  view: WalletView;
  /** uid of the connector being connected (pending view). */
  pendingConnectorId?: string;
  /** Error of the pending connection attempt (pending view shows Try Again). */
  pendingError?: string;
  /** A wallet error outside a connection attempt (error view; header shows Error). */
  walletError?: string;
  /**
   * The dev account picked in the dev wallet's list, until the dialog closes. Kept here, not in the
   * list's own state, so a re-render that mounts the list again (the chain setting or the
   * connectors settling while it is open) does not put the pick back to the stored account.
   */
  devPick?: number;
  setDevPick: (index: number) => void;
  openDialog: (view?: WalletView) => void;
  closeDialog: () => void;
  setView: (view: WalletView) => void;
  setPending: (connectorId: string | undefined, error?: string) => void;
  setWalletError: (error: string | undefined) => void;
};

/**
 * UI state of the wallet dialog. Whether it is open lives in the shell's modal store (kind
 * "wallet": at most one modal at a time); this holds which view it shows. Not persisted.
 */
export const useWalletUi = create<WalletUiState>()((set) => ({
  view: "options",
  setDevPick: (devPick) => set({ devPick }),
  openDialog: (view) => {
    set(view ? { view, pendingError: undefined, devPick: undefined } : { devPick: undefined });
    useAppModal.getState().setOpenModal("wallet");
  },
  closeDialog: () => {
    set({ pendingError: undefined, devPick: undefined });
    if (useAppModal.getState().openModal === "wallet") useAppModal.getState().setOpenModal(null);
  },
  setView: (view) => set({ view, pendingError: undefined }),
  setPending: (pendingConnectorId, pendingError) => set({ view: "pending", pendingConnectorId, pendingError }),
  setWalletError: (walletError) => set({ walletError }),
}));

export function shortenAddress(address: string, chars = 4): string {
  return `${address.slice(0, chars + 2)}...${address.slice(-chars)}`;
}

export function isMobileUserAgent(ua: string = typeof navigator === "undefined" ? "" : navigator.userAgent): boolean {
  return /Android|iPhone|iPad|iPod|Mobile|IEMobile|Opera Mini/i.test(ua);
}
