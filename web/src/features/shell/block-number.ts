/** The explorer's block page, or null when the chain has no explorer (local). */
export function blockExplorerUrl(explorerUrl: string | undefined, blockNumber: bigint | number): string | null {
  if (!explorerUrl) return null;
  return `${explorerUrl.replace(/\/$/, "")}/block/${blockNumber.toString()}`;
}
