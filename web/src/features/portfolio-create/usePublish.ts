import type { createParams } from "@sofi/core";
import { portfolioFactoryAbi } from "@sofi/protocol";
import { useCallback, useState } from "react";
import { parseEventLogs } from "viem";
import { apiQueryKey } from "../../kernel/api.ts";
import { failureMessage, sendWrite, type TransactorContext, WriteError } from "../transactions/index.ts";
import type { CreateResult } from "./types.ts";

export type CreateParams = ReturnType<typeof createParams>;

/** The portfolio a receipt's PortfolioCreated event names (spec 001 §4: the creation event carries it). */
export function createdPortfolio(
  logs: readonly { address: string; data: `0x${string}`; topics: readonly `0x${string}`[] }[],
  factory: string,
): `0x${string}` | null {
  const events = parseEventLogs({
    abi: portfolioFactoryAbi,
    eventName: "PortfolioCreated",
    // biome-ignore lint/suspicious/noExplicitAny: receipt logs as viem returns them
    logs: logs as any,
  });
  const mine = events.find((e) => e.address.toLowerCase() === factory.toLowerCase());
  return mine?.args.portfolio ?? null;
}

/**
 * What a failure was (spec 001 §8), read like every other screen's through the transactor's
 * `failureMessage`: the wallet's rejection (4001), or the reason or short message, with the
 * contract's error name (UnitTooSmall, TokenNotAllowed, …) when viem decoded one deeper in the chain.
 */
export function failureOf(e: unknown): Extract<CreateResult, { status: "failed" }> {
  const message = failureMessage(e);
  if (message === null) return { status: "failed", reason: "cancelled" };
  type Named = { data?: { errorName?: string } } | null;
  const cause = e instanceof WriteError ? e.cause : e;
  const walk = (cause as { walk?: (fn: (e: unknown) => boolean) => unknown } | null)?.walk;
  const named = (typeof walk === "function" ? walk.call(cause, (x) => !!(x as Named)?.data?.errorName) : null) as Named;
  const errorName = named?.data?.errorName;
  return {
    status: "failed",
    reason: "message",
    message: errorName && !message.includes(errorName) ? `${message} (${errorName})` : message,
  };
}

/**
 * Publish (spec 001 §7 on-chain create): the factory's `create` through the transactions feature's
 * transactor, which estimates the gas and sends it padded by core's padGas (the spec's "estimate times
 * a chain factor divided by 10" with the factor 11, plus SOFI's checkpoint headroom), tracks the
 * receipt and shows the popup. The result
 * stage follows: signing, pending (with the hash), success with the PortfolioCreated address, or
 * failure.
 */
export function usePublish(ctx: TransactorContext | null, factory: `0x${string}` | undefined, chain: string) {
  const [result, setResult] = useState<CreateResult>({ status: "idle" });

  const publish = useCallback(
    async (params: CreateParams) => {
      if (!ctx || !factory) return;
      setResult({ status: "signing" });
      let hash: `0x${string}` | undefined;
      try {
        const sent = await sendWrite(ctx, {
          call: { address: factory, abi: portfolioFactoryAbi, functionName: "create", args: [params] },
          info: { kind: "portfolioCreate", name: params.name, symbol: params.symbol },
          invalidate: [apiQueryKey(chain, "").slice(0, 2)],
        });
        hash = sent.hash;
        setResult({ status: "pending", hash: sent.hash });
        const ok = await sent.done;
        if (!ok) {
          setResult({ status: "failed", hash: sent.hash, reason: "reverted" });
          return;
        }
        const receipt = await ctx.client.getTransactionReceipt({ hash: sent.hash });
        setResult({ status: "success", hash: sent.hash, portfolio: createdPortfolio(receipt.logs, factory) });
      } catch (e) {
        setResult(hash ? { ...failureOf(e), hash } : failureOf(e));
      }
    },
    [ctx, factory, chain],
  );

  const reset = useCallback(() => setResult({ status: "idle" }), []);
  return { result, publish, reset };
}
