// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";

/// @title MarketMath
/// @notice The price math of a two-outcome Fixed Product Market Maker (FPMM 1.8.1): spot prices, the
///         FPMM's own sell formula (bit for bit, reverting where its SafeMath reverts) and its inverse,
///         the most collateral a sale of at most a number of outcome tokens returns.
/// @dev `b` is the pool's balance of the traded outcome, `o` of the other one; `fee` is the FPMM's
///      (1e18 = 100 %).
library MarketMath {
    uint256 internal constant ONE = 1e18;

    /// @notice Spot prices (1e18 = 1 collateral per outcome token): outcome i costs the other
    ///         balance over the sum. p0 rounds down and p1 is the rest, so they always sum to exactly
    ///         1e18; an empty pool quotes 0.5 each.
    function prices(uint256 b0, uint256 b1) internal pure returns (uint256 p0, uint256 p1) {
        uint256 sum = b0 + b1;
        p0 = sum == 0 ? ONE / 2 : Math.mulDiv(b1, ONE, sum);
        p1 = ONE - p0;
    }

    function ceildiv(uint256 x, uint256 y) internal pure returns (uint256) {
        return x == 0 ? 0 : (x - 1) / y + 1;
    }

    /// @notice The FPMM's `calcSellAmount` for two outcomes: outcome tokens sold to receive `ret`.
    function sellAmount(uint256 b, uint256 o, uint256 fee, uint256 ret) internal pure returns (uint256) {
        uint256 gross = (ret * ONE) / (ONE - fee);
        uint256 ending = ceildiv(b * ONE * o, o - gross);
        require(ending > 0, "must have non-zero balances");
        return gross + ceildiv(ending, ONE) - b;
    }

    /// @notice Whether selling at most `shares` returns `ret` (within the pool's reach).
    function sellFits(uint256 b, uint256 o, uint256 fee, uint256 ret, uint256 shares) internal pure returns (bool) {
        uint256 gross = (ret * ONE) / (ONE - fee);
        if (gross >= o) return false;
        return sellAmount(b, o, fee, ret) <= shares;
    }

    /// @notice The largest return a sale of at most `shares` outcome tokens gets: `sellAmount(ret)`
    ///         is at most `shares` and `sellAmount(ret + 1)` is more (or out of the pool's reach).
    /// @dev The pool keeps b·o: selling x tokens for a gross g (before the fee) leaves (b + x - g)(o - g)
    ///      = b·o, so g = ((b + o + x) - sqrt((b + o + x)² - 4·x·o)) / 2 and the return is g·(1 - fee).
    ///      The closed form lands within a few units of the answer; a galloping search around it on the
    ///      exact (rounded) formula gives the exact one.
    function sellReturn(uint256 b, uint256 o, uint256 fee, uint256 shares) internal pure returns (uint256) {
        if (shares == 0 || b == 0 || o == 0) return 0;
        uint256 s = b + o + shares;
        uint256 gross = (s - Math.sqrt(s * s - 4 * shares * o)) / 2;
        uint256 guess = Math.mulDiv(gross, ONE - fee, ONE);
        uint256 lo;
        uint256 hi;
        if (sellFits(b, o, fee, guess, shares)) {
            lo = guess;
            uint256 step = 1;
            hi = guess + step;
            while (sellFits(b, o, fee, hi, shares)) {
                lo = hi;
                step *= 2;
                hi = guess + step;
            }
        } else {
            hi = guess;
            uint256 step = 1;
            while (true) {
                if (step >= guess) {
                    lo = 0;
                    break;
                }
                lo = guess - step;
                if (sellFits(b, o, fee, lo, shares)) break;
                hi = lo;
                step *= 2;
            }
        }
        // sellFits(lo) (or lo = 0) and not sellFits(hi).
        while (hi - lo > 1) {
            uint256 mid = lo + (hi - lo) / 2;
            if (sellFits(b, o, fee, mid, shares)) lo = mid;
            else hi = mid;
        }
        return lo;
    }

    /// @notice `amount` less `slippageBps` (basis points), at least 1.
    function lessSlippage(uint256 amount, uint256 slippageBps) internal pure returns (uint256) {
        uint256 bounded = Math.mulDiv(amount, 10_000 - slippageBps, 10_000);
        return bounded == 0 ? 1 : bounded;
    }
}
