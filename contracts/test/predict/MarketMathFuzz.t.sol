// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Test} from "../Base.sol";
import {PredictFixture} from "./PredictFixture.sol";
import {IFixedProductMarketMaker} from "../../src/predict/IPredict.sol";
import {MarketMath} from "../../src/predict/MarketMath.sol";
import {MarketRegistry} from "../../src/predict/MarketRegistry.sol";

/// Exposes the library's internal functions (reverts included) to try/catch.
contract MathHarness {
    function sellAmount(uint256 b, uint256 o, uint256 fee, uint256 ret) external pure returns (uint256) {
        return MarketMath.sellAmount(b, o, fee, ret);
    }

    function sellReturn(uint256 b, uint256 o, uint256 fee, uint256 shares) external pure returns (uint256) {
        return MarketMath.sellReturn(b, o, fee, shares);
    }

    function sellFits(uint256 b, uint256 o, uint256 fee, uint256 ret, uint256 shares) external pure returns (bool) {
        return MarketMath.sellFits(b, o, fee, ret, shares);
    }
}

/// The price math alone, over wide ranges.
contract MarketMathFuzzTest is Test {
    MathHarness internal h = new MathHarness();

    function testFuzz_PricesSumToOne(uint256 b0, uint256 b1) public pure {
        b0 = bound(b0, 0, 1e36);
        b1 = bound(b1, 0, 1e36);
        (uint256 p0, uint256 p1) = MarketMath.prices(b0, b1);
        assertEq(p0 + p1, 1e18, "sum");
        if (b0 + b1 > 0) {
            // The scarcer outcome is the dearer one.
            if (b0 < b1) assertGe(p0, p1, "scarce outcome 0 dearer");
            if (b1 < b0) assertGe(p1, p0, "scarce outcome 1 dearer");
        }
    }

    /// The inverse is exact: the most a sale of at most `shares` returns.
    function testFuzz_SellReturnIsTheMost(uint256 b, uint256 o, uint256 fee, uint256 shares) public view {
        b = bound(b, 1e6, 1e28);
        o = bound(o, 1e6, 1e28);
        fee = bound(fee, 0, 0.1e18);
        shares = bound(shares, 1, 1e28);
        uint256 ret = h.sellReturn(b, o, fee, shares);
        if (ret > 0) assertTrue(h.sellFits(b, o, fee, ret, shares), "the return fits the shares");
        assertFalse(h.sellFits(b, o, fee, ret + 1, shares), "one more does not");
    }

    /// Selling what a return costs gets at least that return back (the two formulas agree).
    function testFuzz_SellReturnOfSellAmount(uint256 b, uint256 o, uint256 fee, uint256 ret) public view {
        b = bound(b, 1e6, 1e28);
        o = bound(o, 1e6, 1e28);
        fee = bound(fee, 0, 0.1e18);
        uint256 maxRet = ((o - 1) * (1e18 - fee)) / 1e18;
        ret = bound(ret, 1, maxRet);
        uint256 shares = h.sellAmount(b, o, fee, ret);
        assertGe(h.sellReturn(b, o, fee, shares), ret, "inverse of the forward formula");
    }

    function testFuzz_LessSlippageNeverZero(uint256 amount, uint256 bps) public pure {
        bps = bound(bps, 0, 9_999);
        uint256 x = MarketMath.lessSlippage(amount % 1e40, bps);
        assertGe(x, 1, "at least 1");
        if (amount % 1e40 > 0) assertLe(x, amount % 1e40, "not above the amount");
    }
}

/// The math against the real FPMM bytecode, on pools shaped by random funding, odds and trades.
contract MarketMathFpmmFuzzTest is PredictFixture {
    MathHarness internal h;

    function setUp() public override {
        super.setUp();
        h = new MathHarness();
    }

    function _market(uint256 funding, uint256 hint, uint256 fee, uint256 trade, uint256 tradeOutcome)
        internal
        returns (IFixedProductMarketMaker m)
    {
        MarketRegistry.MarketParams memory p = params(bound(funding, MIN_FUNDING, 200_000e18), uint64(block.timestamp + 1 days));
        p.fee = bound(fee, 0, 0.1e18);
        hint = bound(hint, 0, 19);
        if (hint > 0) {
            p.distributionHint = new uint256[](2);
            p.distributionHint[0] = hint;
            p.distributionHint[1] = 20 - hint;
        }
        m = createMarket(p);
        trade = bound(trade, 0, 100_000e18);
        if (trade >= 1e12) buy(m, bob, trade, tradeOutcome % 2);
    }

    function testFuzz_SellAmountMatchesTheFpmm(
        uint256 funding,
        uint256 hint,
        uint256 fee,
        uint256 trade,
        uint256 ret,
        uint256 outcome
    ) public {
        IFixedProductMarketMaker m = _market(funding, hint, fee, trade, outcome >> 1);
        outcome %= 2;
        uint256[2] memory b = lens.getPoolBalances(address(m));
        uint256 f = m.fee();
        ret = bound(ret, 0, ((b[1 - outcome] - 1) * (1e18 - f)) / 1e18);
        assertEq(h.sellAmount(b[outcome], b[1 - outcome], f, ret), m.calcSellAmount(ret, outcome), "same formula");
    }

    /// The lens's sell return fits the FPMM's own calcSellAmount exactly, and a sale with it succeeds.
    function testFuzz_LensSellReturnFitsTheFpmm(
        uint256 funding,
        uint256 hint,
        uint256 fee,
        uint256 trade,
        uint256 amount,
        uint256 outcome
    ) public {
        IFixedProductMarketMaker m = _market(funding, hint, fee, trade, outcome >> 1);
        outcome %= 2;
        uint256 tokens = buy(m, alice, bound(amount, 1e12, 50_000e18), outcome);
        uint256 ret = lens.calcSellReturn(address(m), tokens, outcome);
        assertLe(m.calcSellAmount(ret, outcome), tokens, "fits");
        try m.calcSellAmount(ret + 1, outcome) returns (uint256 more) {
            assertGt(more, tokens, "the most");
        } catch {}
        (uint256 bounded, uint256 maxSold) = lens.sellBounds(address(m), tokens, outcome, 50);
        assertLe(bounded, ret, "slippage lowers the return");
        uint256 before = sofi.balanceOf(alice);
        vm.startPrank(alice);
        ct.setApprovalForAll(address(m), true);
        m.sell(bounded, outcome, maxSold);
        vm.stopPrank();
        assertEq(sofi.balanceOf(alice) - before, bounded, "receives the asked return");
    }

    /// The buy bound the lens gives lets the buy through at the quoted price and is never 0.
    function testFuzz_BuyBoundsPass(uint256 funding, uint256 fee, uint256 amount, uint256 bps, uint256 outcome) public {
        IFixedProductMarketMaker m = _market(funding, 0, fee, 0, 0);
        outcome %= 2;
        amount = bound(amount, 1, 100_000e18);
        (uint256 expected, uint256 minOut) = lens.buyBounds(address(m), amount, outcome, bound(bps, 0, 9_999));
        assertGe(minOut, 1, "never 0");
        if (expected == 0) return;
        assertLe(minOut, expected, "not above the quote");
        vm.startPrank(alice);
        sofi.approve(address(m), amount);
        m.buy(amount, outcome, minOut);
        vm.stopPrank();
        assertEq(outcomeBalance(m, alice, outcome), expected, "gets the quote");
    }
}
