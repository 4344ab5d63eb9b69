import { checkRecipient, type RecipientCheck } from "@sofi/core";
import { useEffect, useState } from "react";
import { toCoinType } from "viem";
import { useEnsClient } from "../wallet/index.ts";

export type RecipientState = {
  /** The recipient field is open (expert mode only). */
  shown: boolean;
  open: () => void;
  close: () => void;
  raw: string;
  setRaw: (v: string) => void;
  /** The typed recipient, checked; undefined while the field is closed. */
  check: RecipientCheck | undefined;
  /** A name's address: undefined while resolving (or not a name), null when it does not resolve. */
  resolved: string | null | undefined;
};

/**
 * The expert-mode recipient field: what was typed, checked, and a name resolved for the selected
 * chain (ENSIP-11), so a mainnet-only contract wallet never receives on an L2.
 */
export function useRecipient(expertMode: boolean, chainId: number, onEdit?: () => void): RecipientState {
  const ensClient = useEnsClient();
  const [isOpen, setOpen] = useState(false);
  const [raw, setRaw] = useState("");
  const [resolved, setResolved] = useState<string | null | undefined>(undefined);
  const shown = expertMode && isOpen;
  const check = shown ? checkRecipient(raw) : undefined;
  useEffect(() => {
    if (check?.kind !== "name") {
      setResolved(undefined);
      return;
    }
    if (!ensClient) {
      // No name service on this deployment: a name cannot resolve, so it is an invalid recipient.
      setResolved(null);
      return;
    }
    let alive = true;
    setResolved(undefined);
    ensClient
      .getEnsAddress({
        name: check.value.split("/")[0] as string,
        // The name's address for this chain (ENSIP-11), not its mainnet one.
        ...(chainId === 1 ? {} : { coinType: toCoinType(chainId) }),
      })
      .then((a) => alive && setResolved(a ?? null))
      .catch(() => alive && setResolved(null));
    return () => {
      alive = false;
    };
  }, [check?.kind, check?.value, ensClient, chainId]);
  // Every change of where the funds go makes an earlier failure stale (issue 9 #16).
  const edit =
    <A extends unknown[]>(f: (...a: A) => void) =>
    (...a: A) => {
      f(...a);
      onEdit?.();
    };
  return {
    shown,
    open: edit(() => setOpen(true)),
    close: edit(() => setOpen(false)),
    raw,
    setRaw: edit(setRaw),
    check,
    resolved,
  };
}
