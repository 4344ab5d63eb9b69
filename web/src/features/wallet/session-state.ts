import { createContext, useContext, useEffect, useState } from "react";
import { storedWalletType } from "./session.ts";

/** Longest time the content waits for a remembered session before showing anyway. */
export const SESSION_RESTORE_WAIT_MS = 5_000;

/** Provided by WalletProvider: true once its session restore has finished (or failed). */
export const SessionRestoredContext = createContext<boolean | null>(null);

/**
 * True while a remembered wallet session (`wallet_type`) is being restored and the account is not
 * known yet; false without a remembered session, outside a WalletProvider, and after
 * SESSION_RESTORE_WAIT_MS at the latest.
 */
export function useSessionRestoring(): boolean {
  const restored = useContext(SessionRestoredContext);
  const [remembered] = useState(() => storedWalletType() !== null);
  const [timedOut, setTimedOut] = useState(false);
  const waiting = restored === false && remembered && !timedOut;
  useEffect(() => {
    if (!waiting) return;
    const id = setTimeout(() => setTimedOut(true), SESSION_RESTORE_WAIT_MS);
    return () => clearTimeout(id);
  }, [waiting]);
  return waiting;
}
