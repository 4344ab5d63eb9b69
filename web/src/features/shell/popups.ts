import { POPUP_AUTO_REMOVE_MS } from "@sofi/core";
import type { ReactNode } from "react";
import { create } from "zustand";

/** `summary`: text, or an element that renders it in the language of the moment. */
export type TxPopupContent = { kind: "tx"; hash: string; success: boolean; summary?: ReactNode };
export type PopupContent = ReactNode | TxPopupContent;

export type Popup = { key: string; show: boolean; content: PopupContent; removeAfterMs: number | null };

export type AddPopupInput = { key?: string; content: PopupContent; removeAfterMs?: number | null };

type PopupsState = { popups: Popup[] };

export const usePopups = create<PopupsState>()(() => ({ popups: [] }));

const timers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

export function isTxPopupContent(content: PopupContent): content is TxPopupContent {
  return !!content && typeof content === "object" && (content as { kind?: unknown }).kind === "tx";
}

/** Removes a popup now and cancels its timer. */
export function removePopup(key: string): void {
  const t = timers.get(key);
  if (t) clearTimeout(t);
  timers.delete(key);
  usePopups.setState((s) => ({ popups: s.popups.filter((p) => p.key !== key) }));
}

/**
 * Shows a toast (spec 000 §2/§3 application state). Auto-removes after `removeAfterMs`
 * (default 15 000 ms); `null` keeps it until closed. Re-adding a key replaces that popup.
 */
export function addPopup({ key, content, removeAfterMs = POPUP_AUTO_REMOVE_MS }: AddPopupInput): string {
  counter += 1;
  const k = key ?? `popup-${Date.now()}-${counter}`;
  const old = timers.get(k);
  if (old) clearTimeout(old);
  timers.delete(k);
  usePopups.setState((s) => ({
    popups: [...s.popups.filter((p) => p.key !== k), { key: k, show: true, content, removeAfterMs }],
  }));
  if (removeAfterMs !== null) {
    timers.set(
      k,
      setTimeout(() => removePopup(k), removeAfterMs),
    );
  }
  return k;
}

export function clearPopups(): void {
  for (const t of timers.values()) clearTimeout(t);
  timers.clear();
  usePopups.setState({ popups: [] });
}
