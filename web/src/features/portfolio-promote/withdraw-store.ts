import { create } from "zustand";

/** Whether the owner's withdraw dialog is open (opened from the wallet's account panel). */
export const useWithdrawDialog = create<{ open: boolean; show: () => void; hide: () => void }>()((set) => ({
  open: false,
  show: () => set({ open: true }),
  hide: () => set({ open: false }),
}));
