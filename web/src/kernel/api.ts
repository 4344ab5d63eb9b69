import { API, type ApiBody, type ApiName, type ApiQuery, type ApiReply, apiPath } from "@sofi/core";
import { keepPreviousData, type UseQueryResult, useQuery } from "@tanstack/react-query";
import { useChainSuffixIfConfigured } from "./config.ts";

/**
 * The one way a screen reads the API: `GET /api/{chain}/{path}` through TanStack Query, the reply
 * checked against a zod schema from @sofi/core (the one the server answers with), so a reply of
 * the wrong shape is an error the screen sees instead of data it trusts.
 *
 *   const ticker = useApiQuery({ chain: "local", path: "/proxy/ticker/24hr", params: { symbol },
 *                                schema: tickerSchema, refetchIntervalMs: TICKER_REFRESH_MS });
 *
 * Query keys are `["api", chain, path, params]`: the transactor's `invalidate` option takes a
 * prefix of them (`["api", chain]`, `["api", chain, "/sofi/trades"]`) to refresh after a write.
 * Must be used under the wallet slice's QueryClientProvider (every route is).
 *
 * Screens name endpoints of the typed contract (@sofi/core `API`) instead of writing paths:
 *
 *   const detail = useApi("portfolio", { params: { id }, query: { address } });  // GET, reply parsed
 *   await apiWrite("faucet", { chain, body: { address, name } });                  // POST, unsigned
 *   const write = useSignedWrite(); await write("favorite", { chain, body });      // kernel/signed.ts
 */

/** What the helper needs of a zod schema (zod's own `safeParse`); no zod import in the web app. */
export type ReplySchema<T> = {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: { message: string } };
};

export type ApiParams = Record<string, string | number | undefined>;

/** A reply that was not 2xx: its status and the API's `{ error }` text when it sent one. */
export class ApiError extends Error {
  constructor(
    readonly url: string,
    readonly status: number,
    readonly apiMessage: string | null,
    /** The reply's JSON body (e.g. the faucet's `faucet_count` beside its `error`), when it was JSON. */
    readonly body: unknown = null,
  ) {
    super(`GET ${url} failed: HTTP ${status}${apiMessage ? ` (${apiMessage})` : ""}`);
    this.name = "ApiError";
  }
}

/**
 * A write the API refused: its message is the API's `{ error }` text (what the screens show, e.g.
 * "Setting Failed! {message}"), or `HTTP {status}` when the reply had none.
 */
export class ApiWriteError extends ApiError {
  constructor(url: string, status: number, apiMessage: string | null, body: unknown) {
    super(url, status, apiMessage, body);
    this.name = "ApiWriteError";
    this.message = apiMessage ?? `HTTP ${status}`;
  }
}

/** A 2xx reply whose body does not match the schema. */
export class ApiShapeError extends Error {
  constructor(
    readonly url: string,
    detail: string,
    method = "GET",
  ) {
    super(`${method} ${url} returned an unexpected shape: ${detail}`);
    this.name = "ApiShapeError";
  }
}

/** `/api/{chain}{path}?params` with the undefined params left out, in a stable order. */
export function apiUrl(chain: string, path: string, params: ApiParams = {}): string {
  const query = new URLSearchParams();
  for (const key of Object.keys(params).sort()) {
    const v = params[key];
    if (v !== undefined) query.set(key, String(v));
  }
  const qs = query.toString();
  return `/api/${encodeURIComponent(chain)}${path.startsWith("/") ? path : `/${path}`}${qs ? `?${qs}` : ""}`;
}

/** Fetches `url` and checks the reply; throws ApiError / ApiShapeError. */
export async function fetchApi<T>(
  url: string,
  schema: ReplySchema<T>,
  /** `headers`: e.g. a signed read's `address`, `signature` and `signatureMessage`. */
  opts: { signal?: AbortSignal; fetchImpl?: typeof fetch; headers?: Record<string, string> } = {},
): Promise<T> {
  const res = await (opts.fetchImpl ?? fetch)(url, {
    headers: { ...opts.headers, accept: "application/json" },
    ...(opts.signal ? { signal: opts.signal } : {}),
  });
  if (!res.ok) {
    let message: string | null = null;
    let body: unknown = null;
    try {
      body = await res.json();
      const error = (body as { error?: unknown } | null)?.error;
      if (typeof error === "string") message = error;
    } catch {
      // not JSON: the status says it
    }
    throw new ApiError(url, res.status, message, body);
  }
  const parsed = schema.safeParse(await res.json());
  if (!parsed.success) throw new ApiShapeError(url, parsed.error.message);
  return parsed.data;
}

export function apiQueryKey(chain: string, path: string, params: ApiParams = {}): readonly unknown[] {
  return ["api", chain, path, params];
}

export type ApiQueryOptions<T> = {
  /** The chain's API suffix (`local`, `base`, …: AppConfig's `suffix`). */
  chain: string;
  /** The path after `/api/{chain}`, e.g. `/proxy/ticker/24hr`. */
  path: string;
  params?: ApiParams;
  schema: ReplySchema<T>;
  /** False waits (e.g. until the screen knows the symbol). Default true. */
  enabled?: boolean;
  /** Polls at this interval while the screen is shown (the spec's refresh rates). */
  refetchIntervalMs?: number;
  /** How long a reply counts as fresh (default: until the next interval, or 0). */
  staleTimeMs?: number;
  /**
   * Shows the previous params' reply while the next params' is read (a table's next page), instead
   * of no data: the list does not flash its loading state on every page turn.
   */
  keepPrevious?: boolean;
};

/** Reads `GET /api/{chain}{path}` as a TanStack query whose data has passed `schema`; see above. */
export function useApiQuery<T>(o: ApiQueryOptions<T>): UseQueryResult<T, Error> {
  const params = o.params ?? {};
  return useQuery({
    queryKey: apiQueryKey(o.chain, o.path, params),
    queryFn: ({ signal }) => fetchApi(apiUrl(o.chain, o.path, params), o.schema, { signal }),
    enabled: o.enabled ?? true,
    ...(o.refetchIntervalMs ? { refetchInterval: o.refetchIntervalMs } : {}),
    staleTime: o.staleTimeMs ?? 0,
    ...(o.keepPrevious ? { placeholderData: keepPreviousData } : {}),
    // A failed read shows the screen's empty state at once; the next interval or refresh asks again.
    retry: false,
  });
}

/** The path parameters an endpoint's path names (`:id` → `{ id }`), all required. */
export type ApiPathParams = Record<string, string>;

/**
 * The query a screen sends: the endpoint's query fields (`ApiQuery<N>`), each optional (a read that
 * waits for one says `enabled: false`) and numbers allowed where the URL carries their digits.
 */
export type ApiClientQuery<N extends ApiName> = {
  [K in keyof ApiQuery<N>]?: ApiQuery<N>[K] | (ApiQuery<N>[K] extends string | undefined ? number : never);
};

export type UseApiOptions<N extends ApiName> = {
  /** The chain's API suffix; default: the chosen chain's (`useChainSuffix`). */
  chain?: string;
  /** The path's `:name` parameters; a missing one keeps the read waiting (like `enabled: false`). */
  params?: Record<string, string | undefined>;
  query?: ApiClientQuery<N>;
  enabled?: boolean;
  refetchIntervalMs?: number;
  staleTimeMs?: number;
  keepPrevious?: boolean;
};

/** `API[name].path` with its parameters filled, or null while one is missing. */
export function filledPath(name: ApiName, params: Record<string, string | undefined> = {}): string | null {
  const names = [...API[name].path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1] as string);
  if (names.some((n) => !params[n])) return null;
  return apiPath(API[name].path, params as ApiPathParams);
}

/**
 * Reads the contract's endpoint `name` (a GET): the path filled from `params`, the `query` sent, the
 * reply parsed with the endpoint's schema. Keys and behaviour are `useApiQuery`'s.
 *
 *   const detail = useApi("portfolio", { params: { id }, query: { address }, staleTimeMs: 30_000 });
 */
export function useApi<N extends ApiName>(name: N, o: UseApiOptions<N> = {}): UseQueryResult<ApiReply<N>, Error> {
  const selected = useChainSuffixIfConfigured();
  const path = filledPath(name, o.params);
  const chain = o.chain ?? selected;
  if (chain === undefined) throw new Error(`useApi("${name}") needs a chain: outside the app config, pass one`);
  return useApiQuery<ApiReply<N>>({
    chain,
    path: path ?? API[name].path,
    params: (o.query ?? {}) as ApiParams,
    schema: API[name].reply as ReplySchema<ApiReply<N>>,
    enabled: (o.enabled ?? true) && path !== null,
    ...(o.refetchIntervalMs ? { refetchIntervalMs: o.refetchIntervalMs } : {}),
    ...(o.staleTimeMs !== undefined ? { staleTimeMs: o.staleTimeMs } : {}),
    ...(o.keepPrevious ? { keepPrevious: true } : {}),
  });
}

export type ApiWriteOptions<N extends ApiName> = {
  chain: string;
  params?: ApiPathParams;
  body: ApiBody<N>;
  /** E.g. the signature headers (`useSignedWrite` adds them). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
  fetchImpl?: typeof fetch;
};

/**
 * Sends the contract's endpoint `name` (a POST) with a JSON body; resolves to the reply parsed with
 * the endpoint's schema. Throws `ApiWriteError` for a non-2xx reply (its message: the API's
 * `{ error }` text), `ApiShapeError` for a 2xx reply of the wrong shape, and whatever `fetch` throws
 * when the server cannot be reached.
 */
export async function apiWrite<N extends ApiName>(name: N, o: ApiWriteOptions<N>): Promise<ApiReply<N>> {
  const e = API[name];
  const url = apiUrl(o.chain, apiPath(e.path, o.params));
  const res = await (o.fetchImpl ?? fetch)(url, {
    method: e.method,
    headers: { ...o.headers, "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify(o.body),
    ...(o.signal ? { signal: o.signal } : {}),
  });
  const json: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const error = (json as { error?: unknown } | null)?.error;
    throw new ApiWriteError(url, res.status, typeof error === "string" ? error : null, json);
  }
  const parsed = (e.reply as ReplySchema<ApiReply<N>>).safeParse(json);
  if (!parsed.success) throw new ApiShapeError(url, parsed.error.message, e.method);
  return parsed.data;
}
