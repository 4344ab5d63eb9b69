import { createParams, searchMatches } from "@sofi/core";
import { portfolioFactoryAbi } from "@sofi/protocol";
import { useEffect, useMemo, useRef } from "react";
import { useSearchParams } from "react-router";
import { useConnection, useReadContract } from "wagmi";
import { useAppConfig } from "../../kernel/config.ts";
import { useContract } from "../../kernel/contracts.ts";
import { useSettings } from "../../kernel/settings-store.ts";
import { useTransactorContext } from "../transactions/index.ts";
import { useWalletUi } from "../wallet/index.ts";
import { useCreateTokens } from "./useCreateTokens.ts";
import { usePublish } from "./usePublish.ts";
import { useWizardForm } from "./useWizardForm.ts";

/**
 * Everything `/sts/create` shows (spec 001 §2, §4): the chain's factory and modules from the
 * kernel config, the allow-listed tokens with prices, the wizard's form, the `?search=`
 * preselection, the units preview (the factory's `previewUnits` view) on the publish step, and the
 * publish write with its result.
 */
export function useCreateState() {
  const config = useAppConfig();
  const chainId = useSettings((s) => s.chainId);
  const chainCfg = config.chains.find((c) => c.id === chainId);
  const chain = chainCfg?.suffix ?? config.chains[0]?.suffix ?? "local";
  const factory = useContract("portfolioFactory")?.address;
  const issuance = useContract("basicIssuanceModule")?.address;
  const trade = useContract("tradeModule")?.address;
  // The modules the seeded portfolios get too: issuance (buy and sell) and Set's trade module (rebalance).
  const modules = useMemo(() => [issuance, trade].filter((m): m is `0x${string}` => !!m), [issuance, trade]);

  const { address, status } = useConnection();
  const account = status === "connected" ? address : undefined;
  const ctx = useTransactorContext(chainId);

  const list = useCreateTokens(chain, chainId, factory);
  const form = useWizardForm(list.tokens);
  const publishing = usePublish(ctx, factory, chain);

  // `?search=` preselects the matching allow-listed tokens once they are known (spec 001 §2).
  const [params] = useSearchParams();
  const search = params.get("search") ?? "";
  const preselected = useRef(false);
  useEffect(() => {
    if (preselected.current || list.tokens.length === 0) return;
    preselected.current = true;
    if (!search.trim()) return;
    const matches = searchMatches(
      list.tokens.filter((t) => !t.unavailable),
      search,
    );
    if (matches.length > 0) form.setTokens(matches.map((t) => t.address));
  }, [list.tokens, search, form.setTokens]);

  // The create call is priced with the latest prices the server gave.
  const createArgs = useMemo(() => {
    if (!account || !form.step1Valid || !form.step0Valid) return null;
    const byAddress = new Map(list.tokens.map((t) => [t.address.toLowerCase(), t]));
    const allocations = form.allocations.map((a) => ({
      ...a,
      price_usd: byAddress.get(a.address.toLowerCase())?.price_usd || a.price_usd,
    }));
    const { name, symbol, startPrice } = form.info;
    return createParams({ allocations, startPrice, modules, manager: account, name, symbol });
  }, [account, form.allocations, form.info, form.step0Valid, form.step1Valid, list.tokens, modules]);

  const preview = useReadContract({
    address: factory,
    abi: portfolioFactoryAbi,
    functionName: "previewUnits",
    args: createArgs
      ? [createArgs.components, createArgs.allocations, createArgs.prices, createArgs.startPrice]
      : undefined,
    chainId,
    query: { enabled: !!factory && !!createArgs && form.step === 2 },
  });

  return {
    chainId,
    account,
    factory,
    list,
    form,
    units: preview.data,
    unitsError: preview.isError,
    params: createArgs,
    result: publishing.result,
    connect: () => useWalletUi.getState().openDialog(),
    publish: () => {
      if (!createArgs) return;
      form.setStep(3);
      void publishing.publish(createArgs);
    },
    /** Create again (spec 001 §8): back to the review with the same form. */
    again: () => {
      publishing.reset();
      form.setStep(2);
    },
  };
}

export type CreateState = ReturnType<typeof useCreateState>;
