import { followReplySchema, type ManagerProfileBody, managerInfoSchema } from "@sofi/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
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
