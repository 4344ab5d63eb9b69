import { type ComponentType, createContext, useContext } from "react";

/**
 * What the lazily loaded wallet slice provides to the shell's always-visible parts (the header's
 * wallet button). The app's WalletHost shows a placeholder until the slice has provided it.
 */
export type WalletSlots = { WalletStatus: ComponentType };

export const WalletSlotsContext = createContext<WalletSlots | null>(null);

/** The wallet slice's parts, or null while the slice is still loading. */
export function useWalletSlots(): WalletSlots | null {
  return useContext(WalletSlotsContext);
}
