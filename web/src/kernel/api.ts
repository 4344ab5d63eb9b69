import { type UseQueryResult, useQuery } from "@tanstack/react-query";

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
  ) {
    super(`GET ${url} failed: HTTP ${status}${apiMessage ? ` (${apiMessage})` : ""}`);
    this.name = "ApiError";
  }
}

/** A 2xx reply whose body does not match the schema. */
export class ApiShapeError extends Error {
  constructor(
    readonly url: string,
    detail: string,
  ) {
    super(`GET ${url} returned an unexpected shape: ${detail}`);
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
    try {
      const body = (await res.json()) as { error?: unknown };
      if (typeof body?.error === "string") message = body.error;
    } catch {
      // not JSON: the status says it
    }
    throw new ApiError(url, res.status, message);
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
    // A failed read shows the screen's empty state at once; the next interval or refresh asks again.
    retry: false,
  });
}
