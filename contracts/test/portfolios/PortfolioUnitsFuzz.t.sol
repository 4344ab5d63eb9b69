// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {PortfolioFixture} from "./PortfolioFixture.sol";
import {TestToken} from "../../src/TestToken.sol";
import {ISetToken} from "../../src/portfolios/ISetProtocol.sol";
import {PortfolioFactory} from "../../src/portfolios/PortfolioFactory.sol";
import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";

/// Allocation-to-units math: one set is worth the start price at the given prices, less at most
/// one base unit of each component (units round down), and the set stores exactly those units.
contract PortfolioUnitsFuzzTest is PortfolioFixture {
    TestToken[6] internal toks;
    uint8[6] internal decs = [0, 6, 8, 18, 24, 36];

    function setUp() public override {
        super.setUp();
        address[] memory list = new address[](6);
        for (uint256 i = 0; i < 6; ++i) {
            toks[i] = new TestToken("Fuzz", "FZ", decs[i], address(this));
            list[i] = address(toks[i]);
        }
        vm.prank(owner);
        factory.setAllowedTokens(list, true);
    }

    function testFuzz_ValueOfOneSetEqualsStartPrice(uint256 seed, uint256 count, uint256 startPrice) public {
        uint256 n = bound(count, 1, 6);
        startPrice = bound(startPrice, 1e18, 1e30);
        address[] memory comps = new address[](n);
        uint256[] memory bps = new uint256[](n);
        uint256[] memory prices = new uint256[](n);
        uint256 left = 10_000;
        for (uint256 i = 0; i < n; ++i) {
            uint256 r = uint256(keccak256(abi.encode(seed, i)));
            comps[i] = address(toks[(seed % 6 + i) % 6]);
            // Each keeps at least 1 bp for the ones after it; the last takes the rest.
            bps[i] = i == n - 1 ? left : bound(r, 1, left - (n - 1 - i));
            left -= bps[i];
            // $1e-6 to $1e9 per whole token.
            prices[i] = bound(r >> 128, 1e12, 1e27);
        }

        int256[] memory units;
        try factory.previewUnits(comps, bps, prices, startPrice) returns (int256[] memory u) {
            units = u;
        } catch (bytes memory err) {
            // Only a unit below one base unit may be refused (a cheap token share of a tiny start price).
            // forge-lint: disable-next-line(unsafe-typecast) -- the first four bytes are the error's selector
            assertEq(bytes4(err), PortfolioFactory.UnitTooSmall.selector, "only UnitTooSmall");
            return;
        }

        uint256 value;
        uint256 slack;
        for (uint256 i = 0; i < n; ++i) {
            uint256 scale = 10 ** uint256(TestToken(comps[i]).decimals());
            uint256 unit = uint256(units[i]);
            assertGt(unit, 0, "unit");
            // Floor: this unit is at most the share, one more base unit would exceed it.
            assertLe(unit * prices[i] * 10_000, startPrice * bps[i] * scale, "unit above the share");
            assertGt((unit + 1) * prices[i] * 10_000, startPrice * bps[i] * scale, "unit not the floor");
            value += Math.mulDiv(unit, prices[i], scale);
            slack += Math.ceilDiv(prices[i], scale) + 1;
        }
        assertLe(value, startPrice, "one set never above the start price");
        assertLe(startPrice - value, slack, "one set below the start price by more than rounding");

        if (seed % 8 == 0) {
            PortfolioFactory.CreateParams memory p = params(comps, bps, startPrice);
            p.prices = prices;
            ISetToken set = ISetToken(factory.create(p));
            for (uint256 i = 0; i < n; ++i) {
                assertEq(set.getDefaultPositionRealUnit(comps[i]), units[i], "stored unit");
            }
        }
    }

    function testFuzz_TwoTokenSplitMatchesTheWizard(uint256 bpsA, uint256 startCents) public {
        bpsA = bound(bpsA, 1, 9_999);
        uint256 startPrice = bound(startCents, 100, 10_000_000) * 1e16; // $1.00 to $100,000.00
        (address[] memory comps, uint256[] memory bps) = two(address(weth), bpsA, address(usdc));
        ISetToken set = create(comps, bps, startPrice);
        uint256 value = setValue(set, 1e18);
        assertLe(value, startPrice, "never above");
        // One base unit of WETH ($3000e-18) and of USDC ($1e-6) plus the valuation's own floors.
        assertLe(startPrice - value, 1e12 + 10, "within rounding");
    }
}
