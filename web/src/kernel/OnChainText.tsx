import type { ReactNode } from "react";

/**
 * Text a stranger wrote on chain (portfolio names and symbols, token names read from a contract):
 * a `<bdi>`, so right-to-left characters in it never reorder the text around it, that wraps
 * anywhere, so one long word never breaks a layout. Unsafe characters were already replaced where
 * the text was stored or read (`@sofi/core/storable-text`).
 */
export function OnChainText({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <bdi className={className} style={{ overflowWrap: "anywhere" }}>
      {children}
    </bdi>
  );
}
