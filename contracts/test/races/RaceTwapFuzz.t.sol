// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";
import {TestToken} from "../../src/TestToken.sol";
import {RaceTwap} from "../../src/races/RaceTwap.sol";
import {IRaceV2Pair, RacesFixture} from "./RacesFixture.sol";

/// The library's internal functions, callable.
contract RaceTwapHarness {
    function currentCumulative(address pair, bool token0) external view returns (uint256) {
        return RaceTwap.currentCumulative(pair, token0);
    }

    function average(uint256 open, uint256 close, uint256 elapsed) external pure returns (uint256) {
        return RaceTwap.average(open, close, elapsed);
    }

    function toPrice18(uint256 priceX112, uint8 tokenDecimals, uint8 quoteDecimals) external pure returns (uint256) {
        return RaceTwap.toPrice18(priceX112, tokenDecimals, quoteDecimals);
    }
}

/// Fuzz of the TWAP math against the real Uniswap V2 pair and against exact arithmetic.
contract RaceTwapFuzzTest is RacesFixture {
    RaceTwapHarness internal h;

    function setUp() public override {
        super.setUp();
        h = new RaceTwapHarness();
    }

    /// Our cumulative "as of now" equals what the pair itself stores once something touches it
    /// (sync), for both sides, any reserves and any time since its last update.
    function testFuzz_CurrentCumulativeMatchesThePair(uint256 r0, uint256 r1, uint256 elapsed, uint256 later) public {
        r0 = bound(r0, 1e3, type(uint112).max / 2);
        r1 = bound(r1, 1e3, type(uint112).max / 2);
        elapsed = bound(elapsed, 0, 400 days);
        later = bound(later, 1, 30 days);
        TestToken a = new TestToken("A", "A", 18, address(this));
        IRaceV2Pair p = IRaceV2Pair(factory.createPair(address(a), address(usdt)));
        bool aIs0 = p.token0() == address(a);
        a.mint(address(p), aIs0 ? r0 : r1);
        usdt.mint(address(p), aIs0 ? r1 : r0);
        p.sync(); // reserves (r0, r1); the first sync accrues nothing
        vm.warp(block.timestamp + elapsed);
        uint256 ours0 = h.currentCumulative(address(p), true);
        uint256 ours1 = h.currentCumulative(address(p), false);
        p.sync();
        assertEq(ours0, p.price0CumulativeLast(), "price0");
        assertEq(ours1, p.price1CumulativeLast(), "price1");
        // And again from a non-zero cumulative.
        vm.warp(block.timestamp + later);
        ours0 = h.currentCumulative(address(p), true);
        ours1 = h.currentCumulative(address(p), false);
        p.sync();
        assertEq(ours0, p.price0CumulativeLast(), "price0 again");
        assertEq(ours1, p.price1CumulativeLast(), "price1 again");
    }

    /// The average of a constant price is that price exactly, across the cumulative's wrap.
    function testFuzz_AverageOfAConstantPriceIsThePrice(uint256 open, uint256 priceX112, uint256 elapsed) public view {
        priceX112 = bound(priceX112, 0, type(uint224).max);
        elapsed = bound(elapsed, 1, type(uint32).max);
        uint256 close;
        unchecked {
            close = open + priceX112 * elapsed;
        }
        assertEq(h.average(open, close, elapsed), priceX112, "constant");
        assertEq(h.average(open, close, 0), 0, "no time, no average");
    }

    /// A spike to `spike` held `d` of the window's `w` seconds moves the average of `price` by at
    /// most |spike - price| × d / w (rounded down, then the floor of the average).
    function testFuzz_SpikeMovesTheAverageByItsShareOfTheWindow(
        uint256 open,
        uint256 price,
        uint256 spike,
        uint256 w,
        uint256 d
    ) public view {
        price = bound(price, 1, type(uint224).max);
        spike = bound(spike, 0, type(uint224).max);
        w = bound(w, 60, 7 days);
        d = bound(d, 1, w);
        uint256 close;
        unchecked {
            close = open + price * (w - d) + spike * d;
        }
        uint256 avg = h.average(open, close, w);
        uint256 moved = avg > price ? avg - price : price - avg;
        uint256 gap = spike > price ? spike - price : price - spike;
        assertLe(moved, Math.mulDiv(gap, d, w) + 1, "bounded by the spike's share");
    }

    /// 18-decimal prices: within the UQ112x112 floor of the exact quote-per-token figure, for every
    /// decimals pair up to 18, and never reverting.
    function testFuzz_ToPrice18(uint256 rToken, uint256 rQuote, uint8 td, uint8 qd) public view {
        rToken = bound(rToken, 1, type(uint112).max);
        rQuote = bound(rQuote, 1, type(uint112).max);
        td = uint8(bound(td, 0, 18));
        qd = uint8(bound(qd, 0, 18));
        uint256 priceX112 = (rQuote << 112) / rToken;
        uint256 ours = h.toPrice18(priceX112, td, qd);
        uint256 exact = Math.mulDiv(rQuote, 10 ** (18 + uint256(td)), rToken * 10 ** uint256(qd));
        assertLe(ours, exact, "never above");
        // The floor of the X112 price loses less than 2^-112 of a base-unit ratio.
        assertLe(exact - ours, 10 ** (18 + uint256(td) - qd) / 2 ** 112 + 1, "within the floor");
    }

    function testFuzz_ToPrice18NeverOverflows(uint256 priceX112, uint8 td, uint8 qd) public view {
        priceX112 = bound(priceX112, 0, type(uint224).max);
        h.toPrice18(priceX112, uint8(bound(td, 0, 18)), uint8(bound(qd, 0, 18)));
    }
}
