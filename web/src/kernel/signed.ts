import type { ApiName, ApiReply } from "@sofi/core";
import { useCallback } from "react";
import { type ApiWriteOptions, apiWrite } from "./api.ts";
import { useSignedHeaders } from "./signed-headers.ts";

export { useSignedHeaders };

export type SignedWrite = <N extends ApiName>(name: N, o: Omit<ApiWriteOptions<N>, "headers">) => Promise<ApiReply<N>>;

/**
 * The one signed write of the web app: `POST /api/{chain}{path}` of the contract's endpoint `name`
 * with the JSON body and the three signature headers (asking the wallet to sign when no stored
 * signature is fresh). A refusal throws `ApiError` whose message is the API's `{ error }` text.
 *
 *   const write = useSignedWrite();
 *   await write("favorite", { chain, body: { portfolio, favorite: true } });
 */
export function useSignedWrite(): SignedWrite {
  const { getHeaders } = useSignedHeaders();
  return useCallback<SignedWrite>(
    async (name, o) => apiWrite(name, { ...o, headers: await getHeaders() }),
    [getHeaders],
  );
}
