import { contractRevert, formatDisplayAmount, PROMOTE_DECIMALS } from "@sofi/core";
import { portfolioPromotionAbi, sofiTokenAbi } from "@sofi/protocol";

/**
 * The promotion contract owner's withdraw (issue 21 §4; spec 002 "The promotion contract owner can
 * withdraw"): `PortfolioPromotion.withdraw(to, amount)`, owner only (OpenZeppelin's Ownable2Step:
 * the owner that accepted), refused to the zero address and, by SOFI itself, above what the
 * contract holds.
 */

/**
 * The promotion's ABI with SOFI's ERC-20 errors: a withdrawal above the balance reverts inside
 * SOFI's transfer (ERC20InsufficientBalance), which viem decodes only with that error in the ABI.
 */
export const WITHDRAW_ABI = [
  ...portfolioPromotionAbi,
  ...sofiTokenAbi.filter(
    (item): item is Extract<(typeof sofiTokenAbi)[number], { type: "error" }> =>
      item.type === "error" && item.name.startsWith("ERC20"),
  ),
] as const;

/** Whether `account` is the contract's owner (addresses compared without case). */
export function isPromotionOwner(owner: string | undefined, account: string | undefined): boolean {
  return !!owner && !!account && owner.toLowerCase() === account.toLowerCase();
}

/** The contract's refusal of a withdraw, as the dialog words it (`withdraw.refusal.*`). */
export type WithdrawRefusal =
  | { key: "notOwner" | "zeroAddress" }
  | { key: "held"; held: string }
  | { key: "other"; message: string };

export function withdrawRefusal(error: unknown, fallback: string): WithdrawRefusal {
  const revert = contractRevert(error);
  switch (revert?.name) {
    case "OwnableUnauthorizedAccount":
      return { key: "notOwner" };
    case "ZeroAddress":
      return { key: "zeroAddress" };
    case "ERC20InsufficientBalance": {
      const balance = revert.args[1];
      return {
        key: "held",
        held: typeof balance === "bigint" ? formatDisplayAmount(balance, PROMOTE_DECIMALS) : "0",
      };
    }
    default:
      return { key: "other", message: revert ? revert.name : fallback };
  }
}
