import { create } from "zustand";

/** Whether the faucet dialog is open (opened from the header's "Get test token" button). */
export const useFaucetDialog = create<{ open: boolean; show: () => void; hide: () => void }>()((set) => ({
  open: false,
  show: () => set({ open: true }),
  hide: () => set({ open: false }),
}));
