// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";

/// @notice The parts of a Uniswap V2 pair a price round reads.
interface IRacePair {
    function token0() external view returns (address);
    function token1() external view returns (address);
    function getReserves() external view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast);
    function price0CumulativeLast() external view returns (uint256);
    function price1CumulativeLast() external view returns (uint256);
}

/// @notice The parts of a Uniswap V2 factory a price round reads.
interface IRacePairFactory {
    function getPair(address tokenA, address tokenB) external view returns (address pair);
}

/// @title RaceTwap
/// @notice Time-weighted average prices from a Uniswap V2 pair's cumulative prices.
///         A pair accumulates, per second, the price it held during that second
///         (`price0CumulativeLast += reserve1 / reserve0 * elapsed`, UQ112x112, wrapping mod 2^256),
///         and only on its first transaction of a block, with the reserves from before it. The
///         average between two observations is their difference over the seconds between them, so a
///         price set inside one block and undone in the same block weighs nothing, and a price held
///         for `d` seconds moves an average over `W` seconds by at most `price × d / W`.
library RaceTwap {
    /// @notice The pair's cumulative price of `token0 ? token0 : token1` in the other token, as of
    ///         this block: the stored value plus what the pair would add for the seconds since its
    ///         last update at its current reserves (Uniswap's `UniswapV2OracleLibrary
    ///         .currentCumulativePrices`, same integer math). Nothing accrues while a reserve is 0,
    ///         as in the pair.
    function currentCumulative(address pair, bool token0) internal view returns (uint256 cumulative) {
        cumulative = token0 ? IRacePair(pair).price0CumulativeLast() : IRacePair(pair).price1CumulativeLast();
        (uint112 reserve0, uint112 reserve1, uint32 last) = IRacePair(pair).getReserves();
        cumulative = accrue(cumulative, reserve0, reserve1, last, block.timestamp, token0);
    }

    /// @notice `cumulative` plus the accrual of the pair's price at the given reserves from `last`
    ///         (the pair's 32-bit timestamp) to `timestamp` (wrapping as the pair wraps).
    function accrue(uint256 cumulative, uint112 reserve0, uint112 reserve1, uint32 last, uint256 timestamp, bool token0)
        internal
        pure
        returns (uint256)
    {
        unchecked {
            // forge-lint: disable-next-line(unsafe-typecast) -- the pair's own 32-bit clock, wrapping
            uint32 elapsed = uint32(timestamp) - last;
            if (elapsed == 0 || reserve0 == 0 || reserve1 == 0) return cumulative;
            uint256 priceX112 = token0 ? (uint256(reserve1) << 112) / reserve0 : (uint256(reserve0) << 112) / reserve1;
            return cumulative + priceX112 * elapsed;
        }
    }

    /// @notice The average price (UQ112x112) between two cumulative observations `elapsed` seconds
    ///         apart; the difference wraps mod 2^256 as the pair's cumulative does. 0 when `elapsed`
    ///         is 0.
    function average(uint256 cumulativeOpen, uint256 cumulativeClose, uint256 elapsed) internal pure returns (uint256) {
        if (elapsed == 0) return 0;
        unchecked {
            return (cumulativeClose - cumulativeOpen) / elapsed;
        }
    }

    /// @notice A UQ112x112 price of the token in the quote token's base units per token base unit,
    ///         as quote tokens per whole token with 18 decimals (floor). With both decimals at most
    ///         18 the result is below 2^232: it never overflows.
    function toPrice18(uint256 priceX112, uint8 tokenDecimals, uint8 quoteDecimals) internal pure returns (uint256) {
        return Math.mulDiv(priceX112, 10 ** (18 + uint256(tokenDecimals)), (10 ** uint256(quoteDecimals)) << 112);
    }
}
