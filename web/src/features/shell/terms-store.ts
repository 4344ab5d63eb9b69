import { create } from "zustand";

/** localStorage key holding the accepted terms version. */
export const TERMS_ACCEPTED_KEY = "terms_accepted";
/** Bump when web/public/terms.txt changes materially: users are asked again. */
export const TERMS_VERSION = "1";

export function hasAcceptedTerms(): boolean {
  try {
    return localStorage.getItem(TERMS_ACCEPTED_KEY) === TERMS_VERSION;
  } catch {
    return false;
  }
}

type TermsState = {
  open: boolean;
  /** Whether this opening requires acceptance (first visit) or is a read-only view from the footer. */
  mustAccept: boolean;
  show: () => void;
  accept: () => void;
  close: () => void;
};

export const useTermsStore = create<TermsState>()((set, get) => ({
  // First visit (no accepted version stored): the dialog opens by itself and cannot be dismissed.
  open: !hasAcceptedTerms(),
  mustAccept: !hasAcceptedTerms(),
  show: () => set({ open: true, mustAccept: !hasAcceptedTerms() }),
  accept: () => {
    try {
      localStorage.setItem(TERMS_ACCEPTED_KEY, TERMS_VERSION);
    } catch {
      // storage disabled: accepted for this page only
    }
    set({ open: false, mustAccept: false });
  },
  close: () => {
    if (!get().mustAccept) set({ open: false });
  },
}));
