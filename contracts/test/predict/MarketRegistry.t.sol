// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Vm} from "../Base.sol";
import {PredictFixture} from "./PredictFixture.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {IFixedProductMarketMaker} from "../../src/predict/IPredict.sol";
import {MarketLens} from "../../src/predict/MarketLens.sol";
import {MarketRegistry} from "../../src/predict/MarketRegistry.sol";

contract MarketRegistryTest is PredictFixture {
    struct Created {
        bytes32 questionId;
        string title;
        string description;
        string photo;
        string[] outcomeNames;
        uint256 resolutionTime;
        uint256 fee;
        uint256 initialFunding;
        uint256[] positionIds;
        uint256 answerTimeout;
        uint256 minBond;
    }

    bytes32 internal constant MARKET_CREATED = keccak256(
        "MarketCreated(address,address,bytes32,bytes32,string,string,string,string[],uint256,uint256,uint256,uint256[],uint256,uint256)"
    );

    function test_CreateWiresQuestionConditionAndPool() public {
        uint64 resolution = uint64(block.timestamp + 7 days);
        uint256 before = sofi.balanceOf(operator);
        vm.recordLogs();
        IFixedProductMarketMaker m = createMarket(params(1_000e18, resolution));

        MarketRegistry.Market memory r = registry.getMarket(address(m));
        assertEq(r.creator, operator, "creator");
        assertEq(r.resolutionTime, resolution, "resolution time");
        assertEq(r.answerTimeout, TIMEOUT, "timeout");
        assertEq(registry.marketOfQuestion(r.questionId), address(m), "by question");
        assertEq(registry.marketCount(), 1, "count");
        assertEq(registry.marketAt(0), address(m), "at 0");
        // The condition: our oracle, the Reality.eth question id, two outcomes.
        assertEq(r.conditionId, ct.getConditionId(address(oracle), r.questionId, 2), "condition id");
        assertEq(ct.getOutcomeSlotCount(r.conditionId), 2, "prepared");
        // The question: opens at the resolution time, our arbitrator, the registry's timeout and bond.
        assertEq(reality.getOpeningTS(r.questionId), resolution, "opening");
        assertEq(reality.getArbitrator(r.questionId), address(arbitrator), "arbitrator");
        assertEq(reality.getTimeout(r.questionId), TIMEOUT, "question timeout");
        assertEq(reality.getMinBond(r.questionId), MIN_BOND, "min bond");
        // The pool: SOFI collateral, the fee, the funding in, shares out to the creator.
        assertEq(m.collateralToken(), address(sofi), "collateral");
        assertEq(m.conditionalTokens(), address(ct), "conditional tokens");
        assertEq(m.conditionIds(0), r.conditionId, "pool condition");
        assertEq(m.fee(), FEE, "fee");
        assertEq(m.balanceOf(operator), 1_000e18, "shares");
        assertEq(before - sofi.balanceOf(operator), 1_000e18, "funding paid");
        assertEq(ct.balanceOf(address(m), r.positionIds[0]), 1_000e18, "pool yes");
        assertEq(ct.balanceOf(address(m), r.positionIds[1]), 1_000e18, "pool no");
        // Nothing stays in the registry.
        assertEq(sofi.balanceOf(address(registry)), 0, "registry SOFI");
        assertEq(m.balanceOf(address(registry)), 0, "registry shares");

        // MarketCreated carries the API's market entity.
        Vm.Log[] memory logs = vm.getRecordedLogs();
        bool seen;
        for (uint256 i = 0; i < logs.length; ++i) {
            if (logs[i].emitter != address(registry) || logs[i].topics[0] != MARKET_CREATED) continue;
            seen = true;
            assertEq(address(uint160(uint256(logs[i].topics[1]))), address(m), "market topic");
            assertEq(address(uint160(uint256(logs[i].topics[2]))), operator, "creator topic");
            assertEq(logs[i].topics[3], r.conditionId, "condition topic");
            // The event's data is the tuple of its non-indexed fields: decode it as one struct.
            Created memory e = abi.decode(bytes.concat(bytes32(uint256(32)), logs[i].data), (Created));
            assertEq(e.questionId, r.questionId, "question id");
            assertEq(e.title, "Will ETH close above $4,000 on June 30?", "title");
            assertEq(e.description, "Resolves Yes if the ETH/USD daily close on June 30 is above 4,000.", "description");
            assertEq(e.photo, "/predict/eth.svg", "photo");
            assertEq(e.outcomeNames[0], "Yes", "outcome 0");
            assertEq(e.outcomeNames[1], "No", "outcome 1");
            assertEq(e.resolutionTime, resolution, "event resolution");
            assertEq(e.fee, FEE, "event fee");
            assertEq(e.initialFunding, 1_000e18, "event funding");
            assertEq(e.positionIds[0], r.positionIds[0], "position 0");
            assertEq(e.positionIds[1], r.positionIds[1], "position 1");
            assertEq(e.answerTimeout, TIMEOUT, "event timeout");
            assertEq(e.minBond, MIN_BOND, "event bond");
        }
        assertTrue(seen, "MarketCreated emitted");
    }

    function test_PositionIdsAreTheConditionalTokensOwn() public {
        IFixedProductMarketMaker m = createMarket(500e18);
        bytes32 c = conditionOf(m);
        for (uint256 i = 0; i < 2; ++i) {
            uint256 expected = ct.getPositionId(IERC20(address(sofi)), ct.getCollectionId(bytes32(0), c, 1 << i));
            assertEq(positionOf(m, i), expected, "position id");
        }
    }

    function test_HintSetsOddsAndSendsTheRestBack() public {
        MarketRegistry.MarketParams memory p = params(1_000e18, uint64(block.timestamp + 1 days));
        p.distributionHint = new uint256[](2);
        // Pool keeps 1000 yes and 250 no: yes costs 250 / 1250 = 0.2.
        p.distributionHint[0] = 4;
        p.distributionHint[1] = 1;
        IFixedProductMarketMaker m = createMarket(p);
        assertEq(lens.calcTokenPrice(address(m), 0), 0.2e18, "yes price");
        assertEq(lens.calcTokenPrice(address(m), 1), 0.8e18, "no price");
        assertEq(outcomeBalance(m, operator, 1), 750e18, "no tokens sent back to the creator");
        assertEq(outcomeBalance(m, operator, 0), 0, "no yes sent back");
        assertEq(outcomeBalance(m, address(registry), 1), 0, "registry keeps none");
    }

    function test_SameQuestionTwiceMakesTwoMarkets() public {
        IFixedProductMarketMaker a = createMarket(500e18);
        IFixedProductMarketMaker b = createMarket(500e18);
        assertTrue(questionOf(a) != questionOf(b), "distinct questions (nonce)");
        assertTrue(address(a) != address(b), "distinct pools");
    }

    function test_OnlyOwnerCreates() public {
        MarketRegistry.MarketParams memory p = params(500e18, uint64(block.timestamp + 1 days));
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, alice));
        registry.createMarket(p);
    }

    function test_RejectsBadParams() public {
        uint64 t = uint64(block.timestamp + 1 days);
        MarketRegistry.MarketParams memory p = params(500e18, t);
        p.title = "";
        _expectCreateRevert(p, abi.encodeWithSelector(MarketRegistry.MarketRegistryInvalidTitle.selector));
        p = params(500e18, t);
        p.title = "line\nbreak";
        _expectCreateRevert(p, abi.encodeWithSelector(MarketRegistry.MarketRegistryInvalidTitle.selector));
        p = params(500e18, t);
        p.title = unicode"a␟b";
        _expectCreateRevert(p, abi.encodeWithSelector(MarketRegistry.MarketRegistryInvalidTitle.selector));
        p = params(500e18, t);
        p.outcomeNames[1] = "Yes";
        _expectCreateRevert(p, abi.encodeWithSelector(MarketRegistry.MarketRegistryInvalidOutcomes.selector));
        p = params(500e18, t);
        p.outcomeNames = new string[](3);
        _expectCreateRevert(p, abi.encodeWithSelector(MarketRegistry.MarketRegistryInvalidOutcomes.selector));
        p = params(500e18, uint64(block.timestamp));
        _expectCreateRevert(
            p,
            abi.encodeWithSelector(
                MarketRegistry.MarketRegistryInvalidResolutionTime.selector, uint64(block.timestamp), block.timestamp
            )
        );
        p = params(500e18, t);
        p.fee = 0.1e18 + 1;
        _expectCreateRevert(
            p, abi.encodeWithSelector(MarketRegistry.MarketRegistryInvalidFee.selector, 0.1e18 + 1, 0.1e18)
        );
        p = params(99e18, t);
        _expectCreateRevert(
            p, abi.encodeWithSelector(MarketRegistry.MarketRegistryFundingTooLow.selector, 99e18, MIN_FUNDING)
        );
        p = params(500e18, t);
        p.distributionHint = new uint256[](2);
        p.distributionHint[0] = 1;
        _expectCreateRevert(p, abi.encodeWithSelector(MarketRegistry.MarketRegistryInvalidHint.selector));
        assertEq(registry.marketCount(), 0, "nothing created");
    }

    function _expectCreateRevert(MarketRegistry.MarketParams memory p, bytes memory reason) internal {
        vm.prank(operator);
        vm.expectRevert(reason);
        registry.createMarket(p);
    }

    function test_QuestionTextIsRealityTemplateTwo() public view {
        string[] memory names = new string[](2);
        names[0] = "Yes";
        names[1] = "No";
        assertEq(
            registry.questionText('Will "A" beat B\\C?', names),
            unicode"Will \\\"A\\\" beat B\\\\C?␟\"Yes\",\"No\"␟sofi␟en",
            "escaped, separated"
        );
    }

    function test_RefusesStrayOutcomeTokens() public {
        IFixedProductMarketMaker m = createMarket(500e18);
        buy(m, alice, 10e18, 0);
        uint256 id = positionOf(m, 0);
        vm.prank(alice);
        vm.expectRevert();
        ct.safeTransferFrom(alice, address(registry), id, 1, "");
    }

    function test_Settings() public {
        vm.startPrank(operator);
        registry.setResolutionSettings(2 days, 50e18);
        registry.setMinFunding(1e18);
        vm.expectRevert(abi.encodeWithSelector(MarketRegistry.MarketRegistryInvalidSettings.selector));
        registry.setResolutionSettings(0, 50e18);
        vm.expectRevert(abi.encodeWithSelector(MarketRegistry.MarketRegistryInvalidSettings.selector));
        registry.setResolutionSettings(1 days, 0);
        vm.expectRevert(abi.encodeWithSelector(MarketRegistry.MarketRegistryInvalidSettings.selector));
        registry.setMinFunding(0);
        vm.stopPrank();
        IFixedProductMarketMaker m = createMarket(1e18);
        assertEq(reality.getTimeout(questionOf(m)), 2 days, "new timeout");
        assertEq(reality.getMinBond(questionOf(m)), 50e18, "new bond");
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, alice));
        registry.setMinFunding(5);
    }

    function test_LensReadsUnknownMarketRevert() public {
        vm.expectRevert(abi.encodeWithSelector(MarketRegistry.MarketRegistryUnknownMarket.selector, alice));
        lens.getMarketState(alice);
    }

    function test_LensMarketState() public {
        IFixedProductMarketMaker m = createMarket(1_000e18);
        buy(m, alice, 100e18, 0);
        MarketLens.MarketState memory s = lens.getMarketState(address(m));
        assertEq(s.market, address(m), "market");
        assertEq(s.conditionalTokens, address(ct), "ct");
        assertEq(s.collateral, address(sofi), "collateral");
        assertEq(s.fee, FEE, "fee");
        assertEq(s.totalSupply, 1_000e18, "supply");
        assertEq(s.collectedFees, 2e18, "fees");
        assertEq(s.status, 0, "open");
        assertGt(s.prices[0], 0.5e18, "yes went up");
        assertEq(s.prices[0] + s.prices[1], 1e18, "sum");
        assertEq(s.poolBalances[1], 1_098e18, "no side grew by the investment less fee");
        assertEq(lens.getConditionalTokenAddress(address(m)), address(ct), "ct address");
        assertEq(lens.getTotalSupply(address(m)), 1_000e18, "total supply");
        assertEq(lens.getFee(address(m)), FEE, "getFee");
        uint256[2] memory b = lens.getPoolBalances(address(m));
        assertEq(b[0], s.poolBalances[0], "pool balances");
        MarketLens.UserState memory u = lens.getUserState(address(m), alice);
        assertGt(u.balances[0], 100e18, "alice's yes");
        assertEq(u.balances[1], 0, "alice's no");
        assertEq(u.redeemable, 0, "not resolved");
        address[] memory list = new address[](1);
        list[0] = address(m);
        assertEq(lens.getMarketStates(list)[0].totalSupply, 1_000e18, "batch");
    }
}
