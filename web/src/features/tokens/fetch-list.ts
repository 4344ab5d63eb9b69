import { parseListLocation, TOKEN_LIST_ERRORS, type TokenList, uriToHttp, validateTokenList } from "@sofi/core";

/** Resolves a name-service name to the list URI its content hash points at (ipfs://...). */
export type EnsListResolver = (name: string) => Promise<string>;

export type FetchListOptions = { fetchImpl?: typeof fetch; resolveEns?: EnsListResolver };

/**
 * Downloads and validates a token list (spec 000 §4/§7/§8): https and ipfs (through gateways)
 * or a name-service name; errors are the spec's texts: `Unrecognized list URL protocol`,
 * `Failed to resolve ENS name`, `Failed to download list`, `Token list failed validation: ...`,
 * `Duplicate tokens.`
 */
export async function getTokenList(location: string, options: FetchListOptions = {}): Promise<TokenList> {
  const fetchImpl = options.fetchImpl ?? fetch;
  const parsed = parseListLocation(location);
  let uri = location.trim();
  if (parsed?.kind === "ens") {
    if (!options.resolveEns) throw new Error(TOKEN_LIST_ERRORS.ensResolve);
    let resolved: string;
    try {
      resolved = await options.resolveEns(parsed.name);
    } catch (e) {
      const msg = e instanceof Error ? e.message : "";
      throw new Error(msg === TOKEN_LIST_ERRORS.contenthash ? msg : TOKEN_LIST_ERRORS.ensResolve);
    }
    uri = `${resolved}${parsed.path}`;
  }
  const urls = uri.startsWith("/") ? [uri] : uriToHttp(uri);
  if (urls.length === 0) throw new Error(TOKEN_LIST_ERRORS.unrecognizedProtocol);
  for (const [i, url] of urls.entries()) {
    const last = i === urls.length - 1;
    let response: Response;
    try {
      response = await fetchImpl(url, { headers: { accept: "application/json" } });
    } catch {
      if (last) throw new Error(TOKEN_LIST_ERRORS.failedDownload);
      continue;
    }
    if (!response.ok) {
      if (last) throw new Error(TOKEN_LIST_ERRORS.failedDownload);
      continue;
    }
    let json: unknown;
    try {
      json = await response.json();
    } catch {
      if (last) throw new Error(TOKEN_LIST_ERRORS.failedDownload);
      continue;
    }
    return validateTokenList(json);
  }
  throw new Error(TOKEN_LIST_ERRORS.failedDownload);
}
