import { erc20Abi } from "@sofi/protocol";
import { useCallback } from "react";
import { useReadContract } from "wagmi";
import { balanceTokenKey, NATIVE_BALANCE_KEY, useBalances } from "../../kernel/balances.ts";
import { isNative, type SwapToken } from "./tokens.ts";

const ZERO = "0x0000000000000000000000000000000000000000";

export type SwapBalances = {
  balanceIn: bigint | undefined;
  balanceOut: bigint | undefined;
  /** The input token's allowance for the aggregator (undefined for the native coin or before it is read). */
  allowance: bigint | undefined;
  /** A balance or allowance the button needs could not be read. */
  readFailed: boolean;
  refetch: () => void;
};

const tokenOf = (tk: SwapToken | null): string | null => (tk ? (isNative(tk) ? NATIVE_BALANCE_KEY : tk.address) : null);

/**
 * The connected account's balances of both sides, from the app's one balances source
 * (src/kernel/balances.ts: the token selector reads the same entries, the transactor refreshes
 * them after each receipt), and the input token's allowance for the aggregator. `connected` is
 * false on a wrong network: nothing is read or shown then. `refetch` is the refresh button's.
 */
export function useSwapBalances(a: {
  account: `0x${string}` | undefined;
  connected: boolean;
  chainId: number;
  inputToken: SwapToken | null;
  outputToken: SwapToken | null;
  aggregator: `0x${string}` | undefined;
}): SwapBalances {
  const { account, connected, chainId, inputToken, outputToken, aggregator } = a;
  const tokens = [tokenOf(inputToken), tokenOf(outputToken)].filter((t): t is string => !!t);
  const { balances, failed, refetch: refetchBalances } = useBalances({ chainId, account, tokens, enabled: connected });
  const withAllowance = connected && !!inputToken && !isNative(inputToken) && !!aggregator;
  const allowanceRead = useReadContract({
    address: inputToken?.address as `0x${string}` | undefined,
    abi: erc20Abi,
    functionName: "allowance",
    args: [account ?? ZERO, aggregator ?? ZERO],
    chainId,
    query: { enabled: withAllowance },
  });
  const balanceOf = (tk: SwapToken | null): bigint | undefined => {
    const t = tokenOf(tk);
    return t && connected ? balances[balanceTokenKey(t)] : undefined;
  };
  const inputKey = tokenOf(inputToken);
  const readFailed =
    connected &&
    ((!!inputKey && !!failed[balanceTokenKey(inputKey)]) ||
      (withAllowance && allowanceRead.isError && allowanceRead.data === undefined));
  const refetchAllowance = allowanceRead.refetch;
  const refetch = useCallback(() => {
    void refetchBalances();
    if (withAllowance) void refetchAllowance();
  }, [refetchBalances, refetchAllowance, withAllowance]);
  return {
    balanceIn: balanceOf(inputToken),
    balanceOut: balanceOf(outputToken),
    allowance: withAllowance ? allowanceRead.data : undefined,
    readFailed,
    refetch,
  };
}
