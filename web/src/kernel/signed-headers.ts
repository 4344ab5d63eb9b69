import { useCallback } from "react";
import { useConnection, useSignMessage } from "wagmi";
import { type SignedHeaders, signatureManager } from "./signature.ts";

/**
 * Spec 000 §4/§6 signed calls: returns `getHeaders()`, which resolves to the `address`,
 * `signature` and `signatureMessage` headers, reusing a stored signature under 8 hours old for the
 * same address and asking the wallet otherwise (one request at a time), and `peekHeaders()` for
 * read calls that send the stored headers only when present. Must be used inside the wallet slice.
 */
export function useSignedHeaders() {
  const { address, chainId, status } = useConnection();
  const { signMessageAsync } = useSignMessage();
  const getHeaders = useCallback(async (): Promise<SignedHeaders> => {
    if (status !== "connected" || !address || chainId === undefined) throw new Error("Connect wallet");
    return signatureManager().getHeaders({
      address,
      chainId,
      domain: window.location.host,
      uri: window.location.origin,
      sign: (message) => signMessageAsync({ message, account: address }),
    });
  }, [address, chainId, status, signMessageAsync]);
  const peekHeaders = useCallback((): SignedHeaders | null => {
    if (!address || chainId === undefined) return null;
    return signatureManager().peek({ address, chainId, domain: window.location.host, uri: window.location.origin });
  }, [address, chainId]);
  return { getHeaders, peekHeaders, ready: status === "connected" && !!address };
}
