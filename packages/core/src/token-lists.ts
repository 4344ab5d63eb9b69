/**
 * Token lists (spec 000 §3 "Token list", "Token list update", "Token list state"; §4 "Token
 * lists"; §5 list import rules; §8 import errors). Pure logic: the per-URL state reducer, list
 * priority, version diffs, duplicate check, location and address validation, schema validation.
 *
 * The diff and version helpers follow `@uniswap/token-lists` (its JSON schema is used as is); the
 * diff keys tokens by lowercase address and compares the union of fields, where the package's is
 * case-sensitive and misses dropped fields (docs/decisions.md).
 */
import { ERRORS } from "./errors.ts";
import { isAddress, ZERO_ADDRESS } from "./validation.ts";

export type TokenInfo = {
  readonly chainId: number;
  readonly address: string;
  readonly name: string;
  readonly decimals: number;
  readonly symbol: string;
  readonly logoURI?: string;
  readonly tags?: string[];
  readonly extensions?: Record<string, unknown>;
};

export type Version = { readonly major: number; readonly minor: number; readonly patch: number };

export type TokenList = {
  readonly name: string;
  readonly timestamp: string;
  readonly version: Version;
  readonly tokens: TokenInfo[];
  readonly keywords?: string[];
  readonly tags?: Record<string, { name: string; description: string }>;
  readonly logoURI?: string;
};

/** User-visible texts of list handling (spec 000 §5, §8). */
export const TOKEN_LIST_ERRORS = {
  enterValidListLocation: "Enter valid list location",
  enterValidTokenAddress: "Enter valid token address",
  failedValidation: "Token list failed validation",
  failedDownload: "Failed to download list",
  errorImporting: "Error importing list",
  unrecognizedProtocol: "Unrecognized list URL protocol",
  ensResolve: "Failed to resolve ENS name",
  contenthash: "Failed to translate contenthash to URI",
  noPendingUpdate: "Accepted a list update with none pending",
  lastList: "The last remaining list cannot be removed",
  couldNotShow: "Could not show token list due to error",
} as const;

/** Text the user types to confirm a list removal (spec 000 §5). */
export const REMOVE_LIST_CONFIRMATION = "REMOVE";

// ---------------------------------------------------------------- versions and diffs

export const VersionUpgrade = { NONE: 0, PATCH: 1, MINOR: 2, MAJOR: 3 } as const;
export type VersionUpgrade = (typeof VersionUpgrade)[keyof typeof VersionUpgrade];

/** The upgrade from `base` to `update`; downgrades and equal versions are NONE. */
export function getVersionUpgrade(base: Version, update: Version): VersionUpgrade {
  if (update.major > base.major) return VersionUpgrade.MAJOR;
  if (update.major < base.major) return VersionUpgrade.NONE;
  if (update.minor > base.minor) return VersionUpgrade.MINOR;
  if (update.minor < base.minor) return VersionUpgrade.NONE;
  return update.patch > base.patch ? VersionUpgrade.PATCH : VersionUpgrade.NONE;
}

export function versionComparator(a: Version, b: Version): -1 | 0 | 1 {
  for (const k of ["major", "minor", "patch"] as const) {
    if (a[k] < b[k]) return -1;
    if (a[k] > b[k]) return 1;
  }
  return 0;
}

export function formatVersion(v: Version): string {
  return `${v.major}.${v.minor}.${v.patch}`;
}

type TokenKey = string;
const tokenKey = (t: Pick<TokenInfo, "chainId" | "address">): TokenKey => `${t.chainId}:${t.address.toLowerCase()}`;

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => sameValue(x, b[i]));
  if (a && b && typeof a === "object" && typeof b === "object") return JSON.stringify(a) === JSON.stringify(b);
  return false;
}

export type TokenChange = { token: TokenInfo; keys: string[] };
export type TokenListDiff = { added: TokenInfo[]; removed: TokenInfo[]; changed: TokenChange[] };

/** Tokens added, removed and changed (by chain id and address, case-insensitive) from `base` to `update`. */
export function diffTokenLists(base: readonly TokenInfo[], update: readonly TokenInfo[]): TokenListDiff {
  const baseIndex = new Map(base.map((t) => [tokenKey(t), t]));
  const updateKeys = new Set<TokenKey>();
  const added: TokenInfo[] = [];
  const changed: TokenChange[] = [];
  for (const t of update) {
    const key = tokenKey(t);
    updateKeys.add(key);
    const old = baseIndex.get(key);
    if (!old) {
      added.push(t);
      continue;
    }
    const keys = [...new Set([...Object.keys(t), ...Object.keys(old)])]
      .filter((k) => k !== "address" && k !== "chainId")
      .filter((k) => !sameValue((t as Record<string, unknown>)[k], (old as Record<string, unknown>)[k]))
      .sort();
    if (keys.length > 0) changed.push({ token: t, keys });
  }
  const removed = base.filter((t) => !updateKeys.has(tokenKey(t)));
  return { added, removed, changed };
}

/** The smallest version bump the changes require: removal MAJOR, addition MINOR, change PATCH. */
export function minVersionBump(base: readonly TokenInfo[], update: readonly TokenInfo[]): VersionUpgrade {
  const d = diffTokenLists(base, update);
  if (d.removed.length > 0) return VersionUpgrade.MAJOR;
  if (d.added.length > 0) return VersionUpgrade.MINOR;
  if (d.changed.length > 0) return VersionUpgrade.PATCH;
  return VersionUpgrade.NONE;
}

/** Spec 000 §3 "Token list update": listUrl, old list, new list, version, tokens added, removed, changed. */
export type TokenListUpdate = {
  listUrl: string;
  oldList: TokenList;
  newList: TokenList;
  version: VersionUpgrade;
} & TokenListDiff;

export function tokenListUpdate(listUrl: string, oldList: TokenList, newList: TokenList): TokenListUpdate {
  return {
    listUrl,
    oldList,
    newList,
    version: getVersionUpgrade(oldList.version, newList.version),
    ...diffTokenLists(oldList.tokens, newList.tokens),
  };
}

// ---------------------------------------------------------------- list contents

/** Spec 000 §3: a duplicate token address on one chain within a list raises `Duplicate tokens.` */
export function assertNoDuplicateTokens(list: Pick<TokenList, "tokens">): void {
  const seen = new Set<TokenKey>();
  for (const t of list.tokens) {
    const key = tokenKey(t);
    if (seen.has(key)) throw new Error(ERRORS.duplicateTokens);
    seen.add(key);
  }
}

/**
 * Orders list URLs by a priority list (its order first), unknown lists last in their given order
 * (spec 000 §4).
 */
export function sortByListPriority(urls: readonly string[], priority: readonly string[]): string[] {
  const rank = (u: string) => {
    const i = priority.indexOf(u);
    return i === -1 ? Number.POSITIVE_INFINITY : i;
  };
  return urls
    .map((u, i) => ({ u, i, r: rank(u) }))
    .sort((a, b) => (a.r === b.r ? a.i - b.i : a.r < b.r ? -1 : 1))
    .map((x) => x.u);
}

/**
 * Tokens of one chain from several lists given in priority order: the first list naming an
 * address wins; addresses compare case-insensitively.
 */
export function combineListTokens(lists: readonly (TokenList | null | undefined)[], chainId: number): TokenInfo[] {
  const out = new Map<string, TokenInfo>();
  for (const list of lists) {
    if (!list) continue;
    for (const t of list.tokens) {
      if (t.chainId !== chainId) continue;
      const key = t.address.toLowerCase();
      if (!out.has(key)) out.set(key, t);
    }
  }
  return [...out.values()];
}

// ---------------------------------------------------------------- locations and addresses

export type ListLocation =
  | { kind: "https"; url: string }
  | { kind: "ipfs"; url: string }
  | { kind: "ens"; name: string; path: string };

const ENS_RE = /^(([a-z0-9-]+\.)+eth)(\/.*)?$/i;
const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** Parses a name-service list location `labels.eth` with an optional path. */
export function parseEnsLocation(value: string): { name: string; path: string } | null {
  const m = ENS_RE.exec(value.trim());
  if (!m?.[1]) return null;
  return { name: m[1].toLowerCase(), path: m[3] ?? "" };
}

/**
 * Spec 000 §5: a list location must be an https URL, an ipfs (or ipns) URI, or a name-service
 * name; otherwise `Enter valid list location`. Plain http is accepted for loopback hosts only,
 * so the local stack can import its own lists.
 */
export function parseListLocation(value: string): ListLocation | null {
  const v = value.trim();
  if (v.length === 0) return null;
  const ens = parseEnsLocation(v);
  if (ens && !v.includes("://")) return { kind: "ens", ...ens };
  let url: URL;
  try {
    url = new URL(v);
  } catch {
    return null;
  }
  if (url.protocol === "https:" && url.hostname) return { kind: "https", url: v };
  if (url.protocol === "http:" && LOOPBACK.has(url.hostname)) return { kind: "https", url: v };
  if ((url.protocol === "ipfs:" || url.protocol === "ipns:") && v.length > "ipfs://".length)
    return { kind: "ipfs", url: v };
  return null;
}

export function validateListLocation(value: string): string | null {
  return parseListLocation(value) ? null : TOKEN_LIST_ERRORS.enterValidListLocation;
}

/** HTTP URLs to try for a list URI (ipfs through public gateways); [] for an unknown protocol. */
export function uriToHttp(uri: string): string[] {
  const protocol = uri.split(":")[0]?.toLowerCase();
  switch (protocol) {
    case "https":
      return [uri];
    case "http":
      return [uri];
    case "ipfs": {
      const hash = uri.match(/^ipfs:(\/\/)?(.*)$/i)?.[2];
      return hash ? [`https://cloudflare-ipfs.com/ipfs/${hash}`, `https://ipfs.io/ipfs/${hash}`] : [];
    }
    case "ipns": {
      const name = uri.match(/^ipns:(\/\/)?(.*)$/i)?.[2];
      return name ? [`https://cloudflare-ipfs.com/ipns/${name}`, `https://ipfs.io/ipns/${name}`] : [];
    }
    default:
      return [];
  }
}

/** Spec 000 §5: a custom token address must be a valid, non-zero address, else `Enter valid token address`. */
export function validateTokenAddress(value: string): string | null {
  const v = value.trim();
  return isAddress(v) && v.toLowerCase() !== ZERO_ADDRESS ? null : TOKEN_LIST_ERRORS.enterValidTokenAddress;
}

// ---------------------------------------------------------------- schema validation

type Validator = ((data: unknown) => boolean) & {
  errors?: { instancePath?: string; message?: string }[] | null;
};
let validatorPromise: Promise<Validator> | null = null;

/** Loads ajv and the standard schema on first use (kept out of the first-load bundle). */
function loadValidator(): Promise<Validator> {
  validatorPromise ??= (async () => {
    const [{ Ajv }, formats, schema] = await Promise.all([
      import("ajv"),
      import("ajv-formats"),
      import("@uniswap/token-lists/src/tokenlist.schema.json"),
    ]);
    const ajv = new Ajv({ allErrors: true, strict: false });
    const addFormats = (formats as unknown as { default: (a: unknown) => void }).default;
    addFormats(ajv);
    return ajv.compile((schema as { default: object }).default ?? schema) as unknown as Validator;
  })();
  return validatorPromise;
}

/**
 * Validates a downloaded document against the standard token-list schema and the duplicate rule.
 * Throws `Token list failed validation: {details}` or `Duplicate tokens.`
 */
export async function validateTokenList(json: unknown): Promise<TokenList> {
  const validate = await loadValidator();
  if (!validate(json)) {
    const details = (validate.errors ?? [])
      .map((e) => `${e.instancePath || "/"} ${e.message ?? "is invalid"}`)
      .slice(0, 5)
      .join("; ");
    throw new Error(`${TOKEN_LIST_ERRORS.failedValidation}: ${details}`);
  }
  const list = json as TokenList;
  assertNoDuplicateTokens(list);
  return list;
}

// ---------------------------------------------------------------- state reducer

export type ListState = {
  readonly current: TokenList | null;
  readonly pendingUpdate: TokenList | null;
  readonly loadingRequestId: string | null;
  readonly error: string | null;
};

export type ListsState = {
  readonly byUrl: Readonly<Record<string, ListState>>;
  /** Lists whose tokens the app shows. */
  readonly activeListUrls: readonly string[];
};

export const NEW_LIST_STATE: ListState = { current: null, pendingUpdate: null, loadingRequestId: null, error: null };

export type ListsAction =
  | { type: "fetchPending"; url: string; requestId: string }
  | { type: "fetchFulfilled"; url: string; requestId: string; tokenList: TokenList }
  | { type: "fetchRejected"; url: string; requestId: string; errorMessage: string }
  | { type: "addList"; url: string }
  | { type: "removeList"; url: string }
  | { type: "enableList"; url: string }
  | { type: "disableList"; url: string }
  | { type: "acceptListUpdate"; url: string }
  | { type: "dismissListUpdate"; url: string };

export function initialListsState(
  defaultUrls: readonly string[],
  activeUrls: readonly string[] = defaultUrls,
): ListsState {
  const byUrl: Record<string, ListState> = {};
  for (const u of defaultUrls) byUrl[u] = NEW_LIST_STATE;
  return { byUrl, activeListUrls: activeUrls.filter((u) => u in byUrl) };
}

/**
 * The spec's state machine (000 §4): pending records the request; fulfilled makes the first load
 * current and a newer version a pending update (older or equal versions change nothing); a stale
 * reply of a superseded request is ignored; rejected stores the error and clears current.
 */
export function listsReducer(state: ListsState, action: ListsAction): ListsState {
  const prev = state.byUrl[action.url];
  const put = (s: ListState, active = state.activeListUrls): ListsState => ({
    byUrl: { ...state.byUrl, [action.url]: s },
    activeListUrls: active,
  });
  switch (action.type) {
    case "fetchPending":
      return put({ ...(prev ?? NEW_LIST_STATE), loadingRequestId: action.requestId, error: null });
    case "fetchFulfilled": {
      // A reply for a removed list or a superseded request changes nothing.
      if (!prev || (prev.loadingRequestId && prev.loadingRequestId !== action.requestId)) return state;
      const current = prev.current;
      if (current) {
        if (getVersionUpgrade(current.version, action.tokenList.version) === VersionUpgrade.NONE) {
          return put({ ...prev, loadingRequestId: null, error: null });
        }
        return put({ current, pendingUpdate: action.tokenList, loadingRequestId: null, error: null });
      }
      return put({ current: action.tokenList, pendingUpdate: null, loadingRequestId: null, error: null });
    }
    case "fetchRejected":
      if (!prev || (prev.loadingRequestId && prev.loadingRequestId !== action.requestId)) return state;
      return put({ current: null, pendingUpdate: null, loadingRequestId: null, error: action.errorMessage });
    case "addList":
      return prev ? state : put(NEW_LIST_STATE);
    case "removeList": {
      if (!prev) return state;
      const { [action.url]: _removed, ...rest } = state.byUrl;
      return { byUrl: rest, activeListUrls: state.activeListUrls.filter((u) => u !== action.url) };
    }
    case "enableList": {
      const active = state.activeListUrls.includes(action.url)
        ? state.activeListUrls
        : [...state.activeListUrls, action.url];
      return put(prev ?? NEW_LIST_STATE, active);
    }
    case "disableList":
      return { ...state, activeListUrls: state.activeListUrls.filter((u) => u !== action.url) };
    case "acceptListUpdate":
      if (!prev?.pendingUpdate) throw new Error(TOKEN_LIST_ERRORS.noPendingUpdate);
      return put({ ...prev, current: prev.pendingUpdate, pendingUpdate: null });
    case "dismissListUpdate":
      return prev?.pendingUpdate ? put({ ...prev, pendingUpdate: null }) : state;
  }
}

/** Spec 000 §5: the last remaining list cannot be removed. */
export function canRemoveList(state: ListsState, url: string): boolean {
  return url in state.byUrl && Object.keys(state.byUrl).length > 1;
}

// ---------------------------------------------------------------- name-service content hashes

const BASE32 = "abcdefghijklmnopqrstuvwxyz234567";
const BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

function base32(bytes: Uint8Array): string {
  let out = "";
  let bits = 0;
  let value = 0;
  for (const b of bytes) {
    value = (value << 8) | b;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

function base58(bytes: Uint8Array): string {
  let n = 0n;
  for (const b of bytes) n = n * 256n + BigInt(b);
  let out = "";
  while (n > 0n) {
    out = BASE58[Number(n % 58n)] + out;
    n /= 58n;
  }
  for (const b of bytes) {
    if (b !== 0) break;
    out = `1${out}`;
  }
  return out;
}

/**
 * Translates an EIP-1577 content hash (ipfs-ns 0xe301 or ipns-ns 0xe501 followed by a CID) into
 * an `ipfs://` or `ipns://` URI; anything else throws `Failed to translate contenthash to URI`.
 * CIDv0 hashes come out in base58 (Qm...), CIDv1 in base32 (b...).
 */
export function contenthashToUri(contenthash: string): string {
  const hex = contenthash.toLowerCase().replace(/^0x/, "");
  if (!/^([0-9a-f]{2})+$/.test(hex)) throw new Error(TOKEN_LIST_ERRORS.contenthash);
  const bytes = Uint8Array.from(hex.match(/../g) ?? [], (h) => Number.parseInt(h, 16));
  const scheme =
    bytes[0] === 0xe3 && bytes[1] === 0x01 ? "ipfs" : bytes[0] === 0xe5 && bytes[1] === 0x01 ? "ipns" : null;
  const cid = bytes.slice(2);
  if (!scheme || cid.length < 4) throw new Error(TOKEN_LIST_ERRORS.contenthash);
  if (cid[0] === 0x12 && cid[1] === 0x20 && cid.length === 34) return `${scheme}://${base58(cid)}`;
  if (cid[0] === 0x01) return `${scheme}://b${base32(cid)}`;
  throw new Error(TOKEN_LIST_ERRORS.contenthash);
}
