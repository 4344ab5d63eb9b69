import type { ReactNode } from "react";
import { type WalletSlots, WalletSlotsContext } from "../../kernel/wallet-slots.ts";
import { TransactionUpdater } from "../transactions/index.ts";
import { BlockedGate } from "./BlockedGate.tsx";
import { WalletProvider } from "./WalletProvider.tsx";
import { WalletStatus } from "./WalletStatus.tsx";

const SLOTS: WalletSlots = { WalletStatus };

/**
 * The wallet slice as one lazily loaded chunk (app/wallet-host.tsx, kernel/wallet-slots.ts): the wagmi providers around
 * the whole layout, the header's wallet button, the transaction tracker (spec 000 §4), and the
 * blocked-address gate, which shows
 * `fallback` until a remembered session has been restored.
 */
export default function WalletRoot({ children, fallback }: { children: ReactNode; fallback?: ReactNode }) {
  return (
    <WalletProvider>
      <WalletSlotsContext.Provider value={SLOTS}>
        <TransactionUpdater />
        <BlockedGate fallback={fallback}>{children}</BlockedGate>
      </WalletSlotsContext.Provider>
    </WalletProvider>
  );
}
