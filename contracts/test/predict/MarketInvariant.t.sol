// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Test} from "../Base.sol";
import {PredictFixture} from "./PredictFixture.sol";
import {SofiToken} from "../../src/SofiToken.sol";
import {IConditionalTokens, IFixedProductMarketMaker, IRealityETH} from "../../src/predict/IPredict.sol";
import {MarketArbitrator} from "../../src/predict/MarketArbitrator.sol";
import {MarketLens} from "../../src/predict/MarketLens.sol";
import {MarketOracle} from "../../src/predict/MarketOracle.sol";
import {MarketRegistry} from "../../src/predict/MarketRegistry.sol";

/// Random market creations (even odds or hinted), buys, sales, funding added and removed, answers,
/// disputes and resolutions by three traders and the operator.
contract MarketHandler is Test {
    MarketRegistry public immutable registry;
    MarketLens public immutable lens;
    MarketOracle public immutable oracle;
    MarketArbitrator public immutable arbitrator;
    IConditionalTokens public immutable ct;
    IRealityETH public immutable reality;
    SofiToken public immutable sofi;
    address public immutable operator;
    address public immutable timelock;
    address[3] public traders;
    uint256 public created;

    constructor(
        MarketRegistry registry_,
        MarketLens lens_,
        MarketOracle oracle_,
        MarketArbitrator arbitrator_,
        address operator_,
        address timelock_,
        address[3] memory traders_
    ) {
        registry = registry_;
        lens = lens_;
        oracle = oracle_;
        arbitrator = arbitrator_;
        ct = registry_.conditionalTokens();
        reality = registry_.realityEth();
        sofi = SofiToken(address(registry_.collateral()));
        operator = operator_;
        timelock = timelock_;
        traders = traders_;
    }

    function _market(uint256 seed) internal view returns (IFixedProductMarketMaker) {
        uint256 n = registry.marketCount();
        return n == 0 ? IFixedProductMarketMaker(address(0)) : IFixedProductMarketMaker(registry.marketAt(seed % n));
    }

    function create(uint256 funding, uint256 hint, uint256 days_) external {
        string[] memory names = new string[](2);
        names[0] = "Yes";
        names[1] = "No";
        uint256[] memory h;
        hint = hint % 10;
        if (hint > 0) {
            h = new uint256[](2);
            h[0] = hint;
            h[1] = 10 - hint;
        }
        MarketRegistry.MarketParams memory p = MarketRegistry.MarketParams({
            title: "Q",
            description: "",
            photo: "",
            outcomeNames: names,
            resolutionTime: uint64(block.timestamp + bound(days_, 1, 30) * 1 days),
            fee: 0.02e18,
            initialFunding: bound(funding, 100e18, 5_000e18),
            distributionHint: h
        });
        vm.prank(operator);
        registry.createMarket(p);
        ++created;
    }

    function buy(uint256 seed, uint256 who, uint256 amount, uint256 outcome) external {
        IFixedProductMarketMaker m = _market(seed);
        if (address(m) == address(0)) return;
        address t = traders[who % 3];
        amount = bound(amount, 1e12, 20_000e18);
        (, uint256 minOut) = lens.buyBounds(address(m), amount, outcome % 2, 100);
        vm.startPrank(t);
        sofi.approve(address(m), amount);
        try m.buy(amount, outcome % 2, minOut) {} catch {}
        vm.stopPrank();
    }

    function sell(uint256 seed, uint256 who, uint256 part, uint256 outcome) external {
        IFixedProductMarketMaker m = _market(seed);
        if (address(m) == address(0)) return;
        address t = traders[who % 3];
        outcome %= 2;
        uint256 held = ct.balanceOf(t, registry.getMarket(address(m)).positionIds[outcome]);
        if (held == 0) return;
        uint256 tokens = bound(part, 1, held);
        (uint256 ret, uint256 maxSold) = lens.sellBounds(address(m), tokens, outcome, 100);
        vm.startPrank(t);
        ct.setApprovalForAll(address(m), true);
        try m.sell(ret, outcome, maxSold) {} catch {}
        vm.stopPrank();
    }

    function fund(uint256 seed, uint256 who, uint256 amount) external {
        IFixedProductMarketMaker m = _market(seed);
        if (address(m) == address(0)) return;
        address t = traders[who % 3];
        amount = bound(amount, 1e12, 20_000e18);
        vm.startPrank(t);
        sofi.approve(address(m), amount);
        m.addFunding(amount, new uint256[](0));
        vm.stopPrank();
    }

    function defund(uint256 seed, uint256 who, uint256 part) external {
        IFixedProductMarketMaker m = _market(seed);
        if (address(m) == address(0)) return;
        address t = traders[who % 3];
        uint256 shares = m.balanceOf(t);
        if (shares == 0) return;
        vm.prank(t);
        m.removeFunding(bound(part, 1, shares));
    }

    /// Time passes; an open question gets an answer (doubling), a dispute, or the arbitrator's word;
    /// a final one is reported.
    function progress(uint256 seed, uint256 dice, uint256 secs) external {
        vm.warp(block.timestamp + bound(secs, 1 hours, 5 days));
        IFixedProductMarketMaker m = _market(seed);
        if (address(m) == address(0)) return;
        bytes32 q = registry.getMarket(address(m)).questionId;
        MarketLens.MarketState memory s = lens.getMarketState(address(m));
        address t = traders[dice % 3];
        if (s.status == 1 || s.status == 2) {
            if (s.status == 2 && dice % 5 == 0) {
                vm.prank(t);
                try arbitrator.requestArbitration(q, 0) {} catch {}
                return;
            }
            uint256 bond = s.bond == 0 ? s.minBond : s.bond * 2;
            vm.prank(t);
            try reality.submitAnswerERC20(q, bytes32(dice % 3 == 2 ? type(uint256).max : dice % 2), 0, bond) {} catch {}
        } else if (s.status == 3) {
            vm.prank(timelock);
            arbitrator.cancelArbitration(q);
        } else if (s.status == 4) {
            oracle.resolve(q);
        }
    }

    function redeem(uint256 seed, uint256 who) external {
        IFixedProductMarketMaker m = _market(seed);
        if (address(m) == address(0)) return;
        uint256[] memory sets = new uint256[](2);
        sets[0] = 1;
        sets[1] = 2;
        bytes32 c = registry.getMarket(address(m)).conditionId;
        if (ct.payoutDenominator(c) == 0) return;
        vm.prank(traders[who % 3]);
        ct.redeemPositions(sofi, bytes32(0), c, sets);
    }
}

contract MarketInvariantTest is PredictFixture {
    MarketHandler internal handler;

    function setUp() public override {
        super.setUp();
        handler = new MarketHandler(registry, lens, oracle, arbitrator, operator, timelock, [alice, bob, carol]);
    }

    function targetContracts() public view returns (address[] memory targets) {
        targets = new address[](1);
        targets[0] = address(handler);
    }

    /// The registry and the arbitrator never keep SOFI, liquidity shares or outcome tokens.
    function invariant_GlueHoldsNothing() public view {
        assertEq(sofi.balanceOf(address(registry)), 0, "registry SOFI");
        assertEq(sofi.balanceOf(address(arbitrator)), 0, "arbitrator SOFI");
        assertEq(sofi.balanceOf(address(oracle)), 0, "oracle SOFI");
        uint256 n = registry.marketCount();
        for (uint256 i = 0; i < n; ++i) {
            address m = registry.marketAt(i);
            MarketRegistry.Market memory r = registry.getMarket(m);
            assertEq(IFixedProductMarketMaker(m).balanceOf(address(registry)), 0, "registry shares");
            assertEq(ct.balanceOf(address(registry), r.positionIds[0]), 0, "registry outcome 0");
            assertEq(ct.balanceOf(address(registry), r.positionIds[1]), 0, "registry outcome 1");
        }
    }

    /// A market's own SOFI is exactly its liquidity providers' unwithdrawn fees (trading collateral
    /// sits in the Conditional Tokens), and its prices sum to 1.
    function invariant_PoolsHoldOnlyFees() public view {
        uint256 n = registry.marketCount();
        for (uint256 i = 0; i < n; ++i) {
            IFixedProductMarketMaker m = IFixedProductMarketMaker(registry.marketAt(i));
            assertEq(sofi.balanceOf(address(m)), m.collectedFees(), "pool SOFI = fees");
            MarketLens.MarketState memory s = lens.getMarketState(address(m));
            assertEq(s.prices[0] + s.prices[1], 1e18, "prices sum to 1");
        }
        assertEq(registry.marketCount(), handler.created(), "every creation recorded");
    }
}
