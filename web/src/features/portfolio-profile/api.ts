import { type AlertForm, API, alertRequestBody } from "@sofi/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiUrl, fetchApi } from "../../kernel/api.ts";
import { useSignedHeaders, useSignedWrite } from "../../kernel/signed.ts";

/** Query key of the signer's alert of one portfolio (its signed read). */
export const alertQueryKey = (chain: string, set: string, signer: string | undefined) =>
  ["signed", chain, API.alertSettings.path, set.toLowerCase(), signer?.toLowerCase()] as const;

/**
 * The manager's own alert of `set` (spec 001 §7, issue 11): the signed `GET /sofi/alert?set=`, the
 * only read that returns the webhook URL (the portfolio's detail never does). Asks the wallet to sign
 * when no stored signature is fresh.
 */
export function useAlertSettings(chain: string, set: string, account: string | undefined, enabled: boolean) {
  const { getHeaders } = useSignedHeaders();
  return useQuery({
    queryKey: alertQueryKey(chain, set, account),
    queryFn: async ({ signal }) =>
      fetchApi(apiUrl(chain, API.alertSettings.path, { set }), API.alertSettings.reply, {
        headers: await getHeaders(),
        signal,
      }),
    enabled: enabled && !!account,
    retry: false,
    staleTime: 0,
  });
}

/** The manager's signed `POST /sofi/alert` (spec 001 §7); afterwards the alert is read again. */
export function useSaveAlert(chain: string, set: string, buyer: string) {
  const write = useSignedWrite();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { form: AlertForm; tradeAlert: boolean }) =>
      write("alert", { chain, body: alertRequestBody(v.form, set, buyer, v.tradeAlert) }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: ["signed", chain, API.alertSettings.path, set.toLowerCase()] }),
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
  const write = useSignedWrite();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: PortfolioInfoInput) =>
      write("portfolioInfo", {
        chain,
        body: { portfolio, manager, intro: v.intro, ...(v.icon !== undefined ? { icon: v.icon } : {}) },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["api", chain] }),
  });
}
