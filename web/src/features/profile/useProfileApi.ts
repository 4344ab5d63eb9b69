import { API, type ManagerProfileBody } from "@sofi/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { filledPath } from "../../kernel/api.ts";
import { useSignedWrite } from "../../kernel/signed.ts";
import { FOLLOW_DEBOUNCE_MS } from "./rules.ts";

/** The profile form's fields as the API takes them (spec 001 §3 "Manager profile post body"). */
export type ProfileInput = Partial<Record<keyof ManagerProfileBody, string>>;

/**
 * The owner's signed `POST /sofi/managers/{address}`; on success the profile (and the account
 * panel's avatar, which reads the same path) is read again.
 */
export function useSaveProfile(chain: string, address: string) {
  const write = useSignedWrite();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileInput) => write("managerProfile", { chain, params: { address }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["api", chain, filledPath("manager", { address })] }),
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
  const write = useSignedWrite();
  const queryClient = useQueryClient();
  const [wish, setWish] = useState<boolean | undefined>(undefined);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const onRef = useRef(on);
  onRef.current = on;
  const mutation = useMutation({
    mutationFn: (follow: boolean) =>
      write("follow", { chain, body: { follow: address, action: follow ? "follow" : "unfollow" } }),
    onSuccess: async (r) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ["api", chain, filledPath("manager", { address })] }),
        queryClient.invalidateQueries({ queryKey: ["api", chain, API.follows.path] }),
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
