import { create } from "zustand";

/** Whether the Convert to SOFI dialog is open (it is opened from the wallet's account panel). */
export const useConvertDialog = create<{ open: boolean; show: () => void; hide: () => void }>()((set) => ({
  open: false,
  show: () => set({ open: true }),
  hide: () => set({ open: false }),
}));
