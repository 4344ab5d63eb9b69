import { erc20Abi } from "@sofi/protocol";
import { useCallback } from "react";
import { useBalance, useReadContracts } from "wagmi";
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

/**
 * The connected account's balances of both sides and the input token's allowance for the
 * aggregator: the native balance plus one multicall of the ERC-20 reads. The transactor refreshes
 * them after each receipt (they are wagmi queries); `refetch` is the refresh button's.
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
  const nativeBalance = useBalance({ address: account, chainId, query: { enabled: connected } });
  const erc20s = [inputToken, outputToken].filter((tk): tk is SwapToken => !!tk && !isNative(tk));
  const withAllowance = !!inputToken && !isNative(inputToken) && !!aggregator;
  const reads = useReadContracts({
    allowFailure: true,
    contracts: [
      ...erc20s.map((tk) => ({
        address: tk.address as `0x${string}`,
        abi: erc20Abi,
        functionName: "balanceOf" as const,
        args: [account ?? ZERO] as const,
        chainId,
      })),
      ...(withAllowance
        ? [
            {
              address: inputToken.address as `0x${string}`,
              abi: erc20Abi,
              functionName: "allowance" as const,
              args: [account ?? ZERO, aggregator] as const,
              chainId,
            },
          ]
        : []),
    ],
    query: { enabled: connected },
  });
  /** The balanceOf read of an ERC-20 on either side (undefined for the native coin). */
  const balanceRead = (tk: SwapToken | null) =>
    tk && !isNative(tk) ? reads.data?.[erc20s.findIndex((e) => e.address === tk.address)] : undefined;
  const balanceOf = (tk: SwapToken | null): bigint | undefined => {
    if (!tk || !connected) return undefined;
    if (isNative(tk)) return nativeBalance.data?.value;
    const r = balanceRead(tk);
    return r?.status === "success" ? (r.result as bigint) : undefined;
  };
  const allowanceRead = withAllowance ? reads.data?.[erc20s.length] : undefined;
  const readFailed =
    connected &&
    (reads.isError ||
      (isNative(inputToken) ? nativeBalance.isError : balanceRead(inputToken)?.status === "failure") ||
      allowanceRead?.status === "failure");
  const refetchNative = nativeBalance.refetch;
  const refetchReads = reads.refetch;
  const refetch = useCallback(() => {
    void refetchNative();
    void refetchReads();
  }, [refetchNative, refetchReads]);
  return {
    balanceIn: balanceOf(inputToken),
    balanceOut: balanceOf(outputToken),
    allowance: allowanceRead?.status === "success" ? (allowanceRead.result as bigint) : undefined,
    readFailed,
    refetch,
  };
}
