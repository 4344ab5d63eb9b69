// The shell's shared pieces other features use.
export { FLICK_VELOCITY_PX_PER_MS, shouldCloseOnDrag } from "./drag.ts";
export { type ModalKind, useAppModal, useModal } from "./modal-store.ts";
export { type PageViewTracker, registerPageViewTracker, trackPageView } from "./page-view.ts";
export {
  type AddPopupInput,
  addPopup,
  clearPopups,
  type Popup,
  type PopupContent,
  removePopup,
  type TxPopupContent,
  usePopups,
} from "./popups.ts";
export { SheetModal, type SheetModalProps } from "./SheetModal.tsx";
export { SplashSpinner } from "./SplashSpinner.tsx";
export { Toasts } from "./Toasts.tsx";
