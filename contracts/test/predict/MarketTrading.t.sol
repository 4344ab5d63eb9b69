// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {PredictFixture} from "./PredictFixture.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {IFixedProductMarketMaker} from "../../src/predict/IPredict.sol";
import {MarketRegistry} from "../../src/predict/MarketRegistry.sol";

/// Trading and funding on a registry market: the FPMM's own buy, sell, addFunding and removeFunding,
/// bounded by the lens's figures.
contract MarketTradingTest is PredictFixture {
    IFixedProductMarketMaker internal m;

    function setUp() public override {
        super.setUp();
        m = createMarket(10_000e18);
    }

    /// A buy then a sale of everything bought returns no more than was paid.
    function testFuzz_BuyThenSellReturnsNoMore(uint256 amount, uint256 outcome, uint256 otherFirst) public {
        amount = bound(amount, 1e15, 50_000e18);
        outcome = outcome % 2;
        // Sometimes someone else trades first, so the pool is uneven.
        otherFirst = bound(otherFirst, 0, 20_000e18);
        if (otherFirst >= 1e15) buy(m, bob, otherFirst, 1 - outcome);
        uint256 paid = amount;
        uint256 tokens = buy(m, alice, amount, outcome);
        uint256 back = sell(m, alice, tokens, outcome);
        assertLe(back, paid, "sale returns no more than the buy cost");
        assertLe(outcomeBalance(m, alice, outcome), tokens, "sold no more than held");
    }

    /// The same with no fee: still no profit from the round trip (rounding favours the pool).
    function testFuzz_BuyThenSellNoFee(uint256 amount) public {
        amount = bound(amount, 1e12, 50_000e18);
        MarketRegistry.MarketParams memory p = params(10_000e18, uint64(block.timestamp + 1 days));
        p.fee = 0;
        IFixedProductMarketMaker z = createMarket(p);
        uint256 tokens = buy(z, alice, amount, 0);
        uint256 back = sell(z, alice, tokens, 0);
        assertLe(back, amount, "no profit");
    }

    /// Adding then removing funding gives back the funding: its shares remove exactly the full sets it
    /// added, which merge back into the same SOFI.
    function testFuzz_AddThenRemoveFundingRoundTrips(uint256 funds) public {
        funds = bound(funds, 1, 100_000e18);
        uint256 before = sofi.balanceOf(carol);
        vm.startPrank(carol);
        sofi.approve(address(m), funds);
        m.addFunding(funds, new uint256[](0));
        uint256 shares = m.balanceOf(carol);
        assertEq(shares, funds, "even pool: shares = funds");
        m.removeFunding(shares);
        vm.stopPrank();
        uint256 yes = outcomeBalance(m, carol, 0);
        uint256 no = outcomeBalance(m, carol, 1);
        assertEq(yes, funds, "yes back");
        assertEq(no, funds, "no back");
        _merge(carol, funds);
        assertEq(sofi.balanceOf(carol), before, "same SOFI");
    }

    /// On an uneven pool, what comes back (sets plus the tokens sent back at once) is worth the funding:
    /// merging the full sets and counting the leftover tokens at no value never shows a profit, and with
    /// the leftovers valued at 1 it is exactly the funding.
    function testFuzz_AddThenRemoveOnUnevenPool(uint256 funds, uint256 trade) public {
        funds = bound(funds, 1e12, 100_000e18);
        trade = bound(trade, 1e15, 30_000e18);
        buy(m, alice, trade, 0);
        vm.startPrank(carol);
        sofi.approve(address(m), funds);
        m.addFunding(funds, new uint256[](0));
        m.removeFunding(m.balanceOf(carol));
        vm.stopPrank();
        uint256 yes = outcomeBalance(m, carol, 0);
        uint256 no = outcomeBalance(m, carol, 1);
        uint256 sets = yes < no ? yes : no;
        assertLe(sets, funds, "no more full sets than funded");
        assertGe(yes + no + 20, 2 * funds, "everything comes back, but for rounding");
    }

    function test_BuyRespectsItsMinimum() public {
        (uint256 expected, uint256 minOut) = lens.buyBounds(address(m), 100e18, 0, 50);
        assertEq(minOut, (expected * 9950) / 10000, "0.5 % below");
        // Someone buys first: the price moves beyond the slippage and alice's buy reverts.
        buy(m, bob, 2_000e18, 0);
        vm.startPrank(alice);
        sofi.approve(address(m), 100e18);
        vm.expectRevert(bytes("minimum buy amount not reached"));
        m.buy(100e18, 0, minOut);
        vm.stopPrank();
    }

    function test_SellRespectsItsMaximum() public {
        uint256 tokens = buy(m, alice, 500e18, 1);
        (uint256 ret, uint256 maxSold) = lens.sellBounds(address(m), tokens, 1, 50);
        assertEq(maxSold, tokens, "max = what is sold");
        assertLe(m.calcSellAmount(ret, 1), tokens, "fits now");
        // Carol buys "yes" first: "no" gets cheaper, and selling for `ret` needs more than alice allowed.
        buy(m, carol, 2_000e18, 0);
        vm.startPrank(alice);
        ct.setApprovalForAll(address(m), true);
        vm.expectRevert(bytes("maximum sell amount exceeded"));
        m.sell(ret, 1, tokens);
        vm.stopPrank();
    }

    function test_BoundsAreNeverZero() public view {
        (uint256 expected, uint256 minOut) = lens.buyBounds(address(m), 1, 0, 9_999);
        assertLe(expected, 1, "a 1-wei buy gets at most 1");
        assertEq(minOut, 1, "the bound is still 1");
        (, uint256 minOut2) = lens.buyBounds(address(m), 1e18, 0, 9_999);
        assertGt(minOut2, 0, "min > 0");
    }

    function test_PricesFollowTheBalances() public {
        assertEq(lens.calcTokenPrice(address(m), 0), 0.5e18, "even");
        buy(m, alice, 5_000e18, 0);
        uint256[2] memory b = lens.getPoolBalances(address(m));
        uint256 p0 = lens.calcTokenPrice(address(m), 0);
        assertEq(p0, (b[1] * 1e18) / (b[0] + b[1]), "p0 = other / sum");
        assertEq(p0 + lens.calcTokenPrice(address(m), 1), 1e18, "sum to 1");
    }

    /// The prices sum to 1 after any trades.
    function testFuzz_PricesSumToOne(uint256 a, uint256 b, uint256 c) public {
        buy(m, alice, bound(a, 1e15, 30_000e18), 0);
        buy(m, bob, bound(b, 1e15, 30_000e18), 1);
        uint256 tokens = outcomeBalance(m, alice, 0);
        sell(m, alice, bound(c, 1, tokens), 0);
        assertEq(lens.calcTokenPrice(address(m), 0) + lens.calcTokenPrice(address(m), 1), 1e18, "sum");
    }

    /// Liquidity providers earn the fees.
    function test_FeesGoToLiquidityProviders() public {
        buy(m, alice, 1_000e18, 0);
        assertEq(m.feesWithdrawableBy(operator), 20e18, "2 % of 1000");
        uint256 before = sofi.balanceOf(operator);
        m.withdrawFees(operator);
        assertEq(sofi.balanceOf(operator) - before, 20e18, "withdrawn");
    }

    function _merge(address who, uint256 amount) internal {
        uint256[] memory partition = new uint256[](2);
        partition[0] = 1;
        partition[1] = 2;
        bytes32 c = conditionOf(m);
        vm.prank(who);
        ct.mergePositions(IERC20(address(sofi)), bytes32(0), c, partition, amount);
    }
}
