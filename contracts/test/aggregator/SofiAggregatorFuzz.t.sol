// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AggregatorFixture} from "./AggregatorFixture.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";

contract SofiAggregatorFuzzTest is AggregatorFixture {
    address internal trader = makeAddr("trader");

    /// Funds the trader with `amountIn` of `path[0]` (ETH for WETH) and approves the aggregator.
    function _fund(address[] memory path, uint256 amountIn) internal {
        address tokenIn = path[0];
        if (tokenIn == address(weth)) {
            vm.deal(trader, amountIn);
            return;
        }
        give(tokenIn, trader, amountIn);
        vm.prank(trader);
        IERC20(tokenIn).approve(address(agg), amountIn);
    }

    /// Runs the trade function that fits the ends of `path` (ETH for WETH), as the trader.
    function _exec(uint256 dex, address[] memory path, uint256 amountIn, uint256 minOut) internal returns (uint256) {
        address router = address(routers[dex]);
        vm.prank(trader);
        if (path[0] == address(weth)) {
            return agg.tradeTokenByExactETH{value: amountIn}(router, path, minOut, trader, DEADLINE);
        }
        if (path[path.length - 1] == address(weth)) {
            return agg.tradeETHByExactToken(router, path, amountIn, minOut, trader, DEADLINE);
        }
        return agg.tradeTokenByExactToken(router, path, amountIn, minOut, trader, DEADLINE);
    }

    function _trade(uint256 dex, address[] memory path, uint256 amountIn, uint256 minOut) internal returns (uint256) {
        _fund(path, amountIn);
        return _exec(dex, path, amountIn, minOut);
    }

    /// What the trader received of `tokenOut` (ETH when it is WETH) since `before`.
    function _received(address tokenOut, uint256 before) internal view returns (uint256) {
        uint256 nowBal = tokenOut == address(weth) ? trader.balance : IERC20(tokenOut).balanceOf(trader);
        return nowBal - before;
    }

    function _balance(address tokenOut) internal view returns (uint256) {
        return tokenOut == address(weth) ? trader.balance : IERC20(tokenOut).balanceOf(trader);
    }

    function _pick(uint256 inSeed, uint256 outSeed, uint256 count) internal view returns (address a, address b) {
        address[] memory t = allTokens();
        uint256 i = inSeed % count;
        uint256 j = outSeed % (count - 1);
        if (j >= i) ++j;
        return (t[i], t[j]);
    }

    function _amount(address token, uint256 seed) internal view returns (uint256) {
        uint256 unit = 10 ** IERC20Decimals(token).decimals();
        // From a ten-thousandth of a unit to ten thousand units: tiny to pool-draining.
        return bound(seed, unit / 10_000 + 1, unit * 10_000);
    }

    /// The reported amounts are the best over every path of at most three hops through the bases,
    /// and every router's real trade (through the aggregator) delivers exactly its reported amount,
    /// so the best reported output is what the best router's swap pays.
    function testFuzz_ReportedBestEqualsRealSwap(uint256 inSeed, uint256 outSeed, uint256 amountSeed) public {
        (address tokenIn, address tokenOut) = _pick(inSeed, outSeed, 7); // no fee-on-transfer token
        uint256 amountIn = _amount(tokenIn, amountSeed);
        (address[] memory rs, uint256[] memory out, address[][] memory paths) =
            agg.getUniV2Routers(amountIn, tokenIn, tokenOut);
        assertEq(rs.length, 2, "both routers reported");
        for (uint256 r = 0; r < 2; ++r) {
            assertEq(out[r], bruteBest(r, amountIn, tokenIn, tokenOut), "best over all paths");
            if (out[r] == 0) {
                assertEq(paths[r].length, 0, "no output, no path");
                continue;
            }
            assertLe(paths[r].length, 4, "at most three hops");
            uint256 snap = vmx.snapshotState();
            uint256 before = _balance(tokenOut);
            uint256 got = _trade(r, paths[r], amountIn, out[r]);
            assertEq(got, out[r], "trade returns the reported amount");
            assertEq(_received(tokenOut, before), out[r], "recipient received the reported amount");
            vmx.revertToState(snap);
        }
    }

    /// A trade either delivers at least its minimum or reverts with INSUFFICIENT_OUTPUT_AMOUNT,
    /// fee-on-transfer token included (its real output is below the quote).
    function testFuzz_TradeNeverDeliversLessThanItsMinimum(
        uint256 inSeed,
        uint256 outSeed,
        uint256 amountSeed,
        uint256 minSeed,
        bool secondRouter
    ) public {
        (address tokenIn, address tokenOut) = _pick(inSeed, outSeed, 8);
        uint256 amountIn = _amount(tokenIn, amountSeed);
        (, uint256[] memory out, address[][] memory paths) = agg.getUniV2Routers(amountIn, tokenIn, tokenOut);
        uint256 r = secondRouter ? 1 : 0;
        if (out[r] == 0) r = 1 - r;
        vm.assume(out[r] > 0);

        // What the route really delivers (less than the quote for the fee-on-transfer token).
        uint256 snap = vmx.snapshotState();
        uint256 before = _balance(tokenOut);
        uint256 actual = _trade(r, paths[r], amountIn, 0);
        assertEq(actual, _received(tokenOut, before), "returns the balance change");
        assertLe(actual, out[r], "never more than the quote");
        vmx.revertToState(snap);

        uint256 minOut = bound(minSeed, 0, out[r] + out[r] / 10 + 1);
        before = _balance(tokenOut);
        if (minOut > actual) {
            _fund(paths[r], amountIn);
            vm.expectRevert(reason("SofiAggregator: INSUFFICIENT_OUTPUT_AMOUNT"));
            _exec(r, paths[r], amountIn, minOut);
            assertEq(_balance(tokenOut), before, "nothing delivered");
        } else {
            uint256 got = _trade(r, paths[r], amountIn, minOut);
            assertGe(got, minOut, "at least the minimum");
            assertEq(got, actual, "the same trade");
            assertEq(_received(tokenOut, before), got, "received what was reported");
        }
        for (uint256 i = 0; i < 8; ++i) {
            assertEq(IERC20(allTokens()[i]).balanceOf(address(agg)), 0, "no dust");
        }
        assertEq(address(agg).balance, 0, "no ETH");
    }
}

interface IERC20Decimals {
    function decimals() external view returns (uint8);
}
