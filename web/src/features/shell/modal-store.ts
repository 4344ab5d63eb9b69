import { create } from "zustand";

/** Spec 000 §3 modal kinds. At most one is open; toggling the open one closes it (spec 000 §4). */
export type ModalKind =
  | "wallet"
  | "changeWallet"
  | "settings"
  | "selfClaim"
  | "addressClaim"
  | "claimPopup"
  | "menu"
  | "delegate"
  | "vote"
  | "ido";

type ModalState = {
  openModal: ModalKind | null;
  toggleModal: (kind: ModalKind) => void;
  setOpenModal: (kind: ModalKind | null) => void;
};

export const useAppModal = create<ModalState>()((set) => ({
  openModal: null,
  toggleModal: (kind) => set((s) => ({ openModal: s.openModal === kind ? null : kind })),
  setOpenModal: (openModal) => set({ openModal }),
}));

/** `[open, toggle, close]` for one modal kind. */
export function useModal(kind: ModalKind): [boolean, () => void, () => void] {
  const open = useAppModal((s) => s.openModal === kind);
  const toggle = useAppModal((s) => s.toggleModal);
  const setOpen = useAppModal((s) => s.setOpenModal);
  return [open, () => toggle(kind), () => (useAppModal.getState().openModal === kind ? setOpen(null) : undefined)];
}
