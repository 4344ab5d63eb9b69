import {
  type AlertForm,
  alertReplySchema,
  alertRequestBody,
  alertSettingsSchema,
  followReplySchema,
  type ManagerProfileBody,
  managerInfoSchema,
  portfolioWriteReplySchema,
} from "@sofi/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { apiUrl, fetchApi } from "../../kernel/api.ts";
import { useSignedRequest } from "../wallet/index.ts";
import { FOLLOW_DEBOUNCE_MS } from "./rules.ts";

type Parser<T> = { safeParse(v: unknown): { success: true; data: T } | { success: false; error: { message: string } } };

/** A signed `POST /api/{chain}{path}`: the API's `{ error }` text becomes the thrown message. */
async function signedPost<T>(
  chain: string,
  path: string,
  headers: Record<string, string>,
  body: unknown,
  schema: Parser<T>,
): Promise<T> {
  const res = await fetch(`/api/${encodeURIComponent(chain)}${path}`, {
    method: "POST",
    headers: { ...headers, "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify(body),
  });
  const json: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const err = (json as { error?: unknown } | null)?.error;
    throw new Error(typeof err === "string" ? err : `HTTP ${res.status}`);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new Error(parsed.error.message);
  return parsed.data;
}

/** The profile form's fields as the API takes them (spec 001 §3 "Manager profile post body"). */
export type ProfileInput = Partial<Record<keyof ManagerProfileBody, string>>;

/**
 * The owner's signed `POST /sofi/managers/{address}`; on success the profile (and the account
 * panel's avatar, which reads the same path) is read again.
 */
export function useSaveProfile(chain: string, address: string) {
  const { getHeaders } = useSignedRequest();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ProfileInput) =>
      signedPost(chain, `/sofi/managers/${address}`, await getHeaders(), body, managerInfoSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["api", chain, `/sofi/managers/${address}`] }),
  });
}

/**
 * Follow and unfollow (spec 001 §9 "follow debounced 2 s"): a click flips what the button shows at
 * once; the request goes 2 s after the last click, and only when the wish differs from the server's
 * state (a double click sends nothing). After it the profile and every follower list are read again
 * (spec 001 §4 "follow toggles refresh lists after success").
 */
export function useFollow(
  chain: string,
  address: string,
  following: boolean | undefined,
  on: { success: (follow: boolean) => void; error: (message: string) => void },
) {
  const { getHeaders } = useSignedRequest();
  const queryClient = useQueryClient();
  const [wish, setWish] = useState<boolean | undefined>(undefined);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const onRef = useRef(on);
  onRef.current = on;
  const mutation = useMutation({
    mutationFn: async (follow: boolean) =>
      signedPost(
        chain,
        "/sofi/follow",
        await getHeaders(),
        { follow: address, action: follow ? "follow" : "unfollow" },
        followReplySchema,
      ),
    onSuccess: async (r) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ["api", chain, `/sofi/managers/${address}`] }),
        queryClient.invalidateQueries({ queryKey: ["api", chain, "/sofi/follow"] }),
      ]);
      setWish(undefined);
      onRef.current.success(r.following);
    },
    onError: (e) => {
      setWish(undefined);
      onRef.current.error(e.message);
    },
  });
  const { mutate } = mutation;
  useEffect(() => () => clearTimeout(timer.current), []);
  const shown = wish ?? following ?? false;
  const toggle = useCallback(() => {
    const next = !shown;
    setWish(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (next === following) setWish(undefined);
      else mutate(next);
    }, FOLLOW_DEBOUNCE_MS);
  }, [shown, following, mutate]);
  return { following: shown, toggle, pending: mutation.isPending || wish !== undefined };
}

/** Query key of the signer's alert of one portfolio (its signed read). */
export const alertQueryKey = (chain: string, set: string, signer: string | undefined) =>
  ["signed", chain, "/sofi/alert", set.toLowerCase(), signer?.toLowerCase()] as const;

/**
 * The manager's own alert of `set` (spec 001 §7, issue 11): the signed `GET /sofi/alert?set=`, the
 * only read that returns the webhook URL (the portfolio's detail never does). Asks the wallet to sign
 * when no stored signature is fresh.
 */
export function useAlertSettings(chain: string, set: string, account: string | undefined, enabled: boolean) {
  const { getHeaders } = useSignedRequest();
  return useQuery({
    queryKey: alertQueryKey(chain, set, account),
    queryFn: async ({ signal }) =>
      fetchApi(apiUrl(chain, "/sofi/alert", { set }), alertSettingsSchema, { headers: await getHeaders(), signal }),
    enabled: enabled && !!account,
    retry: false,
    staleTime: 0,
  });
}

/** The manager's signed `POST /sofi/alert` (spec 001 §7); afterwards the alert is read again. */
export function useSaveAlert(chain: string, set: string, buyer: string) {
  const { getHeaders } = useSignedRequest();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (v: { form: AlertForm; tradeAlert: boolean }) =>
      signedPost(
        chain,
        "/sofi/alert",
        await getHeaders(),
        alertRequestBody(v.form, set, buyer, v.tradeAlert),
        alertReplySchema,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["signed", chain, "/sofi/alert", set.toLowerCase()] }),
  });
}

/** What the edit-portfolio-info form sends: the intro and, when changed, the icon (a data URL; null removes it). */
export type PortfolioInfoInput = { intro: string; icon?: string | null };

/**
 * The manager's signed `POST /sofi/portfolio` (spec 001 §7 "update portfolio info helper": manager,
 * portfolio, intro, optional icon). On success every read of the chain's API is refreshed, so the
 * created list (its icons) and the portfolio's page (its intro) show the new info.
 */
export function useSavePortfolioInfo(chain: string, portfolio: string, manager: string) {
  const { getHeaders } = useSignedRequest();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (v: PortfolioInfoInput) =>
      signedPost(
        chain,
        "/sofi/portfolio",
        await getHeaders(),
        { portfolio, manager, intro: v.intro, ...(v.icon !== undefined ? { icon: v.icon } : {}) },
        portfolioWriteReplySchema,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["api", chain] }),
  });
}
