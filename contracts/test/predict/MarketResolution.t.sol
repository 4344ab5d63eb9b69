// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {PredictFixture} from "./PredictFixture.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {IFixedProductMarketMaker} from "../../src/predict/IPredict.sol";
import {MarketArbitrator} from "../../src/predict/MarketArbitrator.sol";
import {MarketLens} from "../../src/predict/MarketLens.sol";

/// Resolution: Reality.eth answers with SOFI bonds, the timeout, disputes to the arbitrator (the
/// timelock), the oracle adapter reporting payouts, redemption.
contract MarketResolutionTest is PredictFixture {
    IFixedProductMarketMaker internal m;
    bytes32 internal q;
    uint256 internal resolution;
    uint256 internal aliceYes;
    uint256 internal bobNo;

    function setUp() public override {
        super.setUp();
        resolution = block.timestamp + 7 days;
        m = createMarket(params(10_000e18, uint64(resolution)));
        q = questionOf(m);
        aliceYes = buy(m, alice, 1_000e18, 0);
        bobNo = buy(m, bob, 600e18, 1);
    }

    function _status() internal view returns (uint8) {
        return lens.getMarketState(address(m)).status;
    }

    /// A market cannot resolve before its resolution time: no answer is taken, so no answer is final.
    function test_CannotResolveBeforeResolutionTime() public {
        assertEq(_status(), 0, "open");
        vm.prank(alice);
        vm.expectRevert(bytes("opening date must have passed"));
        reality.submitAnswerERC20(q, YES, 0, MIN_BOND);
        vm.expectRevert(bytes("question must be finalized"));
        oracle.resolve(q);
        // Still not a second before.
        vm.warp(resolution - 1);
        vm.prank(alice);
        vm.expectRevert(bytes("opening date must have passed"));
        reality.submitAnswerERC20(q, YES, 0, MIN_BOND);
        // Nor by disputing: there is no answer to dispute.
        vm.prank(carol);
        vm.expectRevert(bytes("opening date must have passed"));
        arbitrator.requestArbitration(q, 0);
        vm.warp(resolution);
        assertEq(_status(), 1, "closed, awaiting an answer");
        vm.expectRevert(bytes("question must be finalized"));
        oracle.resolve(q);
    }

    function test_AnswerNeedsTheMinimumBondThenDouble() public {
        vm.warp(resolution);
        vm.prank(alice);
        vm.expectRevert(bytes("bond must exceed the minimum"));
        reality.submitAnswerERC20(q, YES, 0, MIN_BOND - 1);
        answer(m, alice, YES, MIN_BOND);
        vm.prank(bob);
        vm.expectRevert(bytes("bond must be double at least previous bond"));
        reality.submitAnswerERC20(q, NO, 0, 2 * MIN_BOND - 1);
        answer(m, bob, NO, 2 * MIN_BOND);
        MarketLens.MarketState memory s = lens.getMarketState(address(m));
        assertEq(s.status, 2, "answered");
        assertEq(s.answer, NO, "current answer");
        assertEq(s.bond, 2 * MIN_BOND, "bond");
        assertEq(s.finalizeTime, block.timestamp + TIMEOUT, "timeout restarts with each answer");
    }

    /// The happy path: answered, the timeout passes, anyone reports, redemption pays the winning side only.
    function test_RedemptionPaysTheWinningSideOnly() public {
        vm.warp(resolution + 1 hours);
        answer(m, carol, YES, MIN_BOND);
        vm.warp(block.timestamp + TIMEOUT - 1);
        vm.expectRevert(bytes("question must be finalized"));
        oracle.resolve(q);
        vm.warp(block.timestamp + 1);
        assertEq(_status(), 4, "final, not reported");
        oracle.resolve(q);
        assertEq(_status(), 5, "resolved");
        assertEq(ct.payoutNumerators(conditionOf(m), 0), 1, "yes pays");
        assertEq(ct.payoutNumerators(conditionOf(m), 1), 0, "no does not");
        assertEq(lens.getUserState(address(m), alice).redeemable, aliceYes, "alice may redeem her yes");
        assertEq(redeem(m, alice), aliceYes, "one SOFI per winning token");
        assertEq(redeem(m, bob), 0, "the losing side gets nothing");
        assertEq(outcomeBalance(m, bob, 1), 0, "losing tokens burnt");
        assertEq(redeem(m, alice), 0, "twice pays nothing");
        // Reporting again is refused.
        vm.expectRevert();
        oracle.resolve(q);
    }

    function test_InvalidPaysHalfEach() public {
        vm.warp(resolution);
        answer(m, carol, INVALID, MIN_BOND);
        vm.warp(block.timestamp + TIMEOUT);
        oracle.resolve(q);
        assertEq(redeem(m, alice), aliceYes / 2, "half");
        assertEq(redeem(m, bob), bobNo / 2, "half");
    }

    function test_OutOfRangeAnswerCountsAsInvalid() public {
        vm.warp(resolution);
        answer(m, carol, bytes32(uint256(7)), MIN_BOND);
        vm.warp(block.timestamp + TIMEOUT);
        oracle.resolve(q);
        assertEq(ct.payoutNumerators(conditionOf(m), 0), 1, "both");
        assertEq(ct.payoutNumerators(conditionOf(m), 1), 1, "both");
    }

    function test_AnsweredTooSoonWaitsForAReopenedQuestion() public {
        vm.warp(resolution);
        answer(m, carol, bytes32(uint256(type(uint256).max - 1)), MIN_BOND);
        vm.warp(block.timestamp + TIMEOUT);
        vm.expectRevert(bytes("Question was settled too soon and has not been reopened"));
        oracle.resolve(q);
    }

    /// A disputed answer waits for the arbitrator: no more answers, no timeout, no resolution until the
    /// timelock (a passed proposal) answers; the bonds go to the requester when the last answer was wrong.
    function test_DisputedAnswerWaitsForTheArbitrator() public {
        vm.warp(resolution);
        bytes32 h0 = reality.getHistoryHash(q);
        answer(m, alice, YES, MIN_BOND);
        bytes32 h1 = reality.getHistoryHash(q);
        answer(m, bob, NO, 2 * MIN_BOND);
        bytes32 h2 = reality.getHistoryHash(q);
        uint256 timelockBefore = sofi.balanceOf(timelock);
        vm.prank(carol);
        arbitrator.requestArbitration(q, 0);
        assertEq(sofi.balanceOf(timelock) - timelockBefore, DISPUTE_FEE, "fee to the timelock");
        assertEq(sofi.balanceOf(address(arbitrator)), 0, "arbitrator keeps nothing");
        assertEq(arbitrator.requesters(q), carol, "requester");
        assertEq(_status(), 3, "disputed");

        // Frozen: no answers, and the timeout passing changes nothing.
        vm.prank(alice);
        vm.expectRevert(bytes("question must not be pending arbitration"));
        reality.submitAnswerERC20(q, YES, 0, 4 * MIN_BOND);
        vm.warp(block.timestamp + 30 days);
        assertEq(_status(), 3, "still disputed after the timeout");
        vm.expectRevert(bytes("question must be finalized"));
        oracle.resolve(q);
        // Only the owner (the timelock) answers.
        vm.prank(carol);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, carol));
        arbitrator.submitAnswer(q, YES, h1, NO, bob);
        // Nor can anyone answer on Reality.eth directly in the arbitrator's place.
        vm.prank(carol);
        vm.expectRevert(bytes("msg.sender must be arbitrator"));
        reality.submitAnswerByArbitrator(q, YES, carol);

        vm.prank(timelock);
        arbitrator.submitAnswer(q, YES, h1, NO, bob);
        assertEq(_status(), 4, "final at once");
        oracle.resolve(q);
        assertEq(redeem(m, alice), aliceYes, "yes wins");
        assertEq(redeem(m, bob), 0, "no loses");

        // Bonds: the last answer (bob's NO) was wrong, so carol, who paid for arbitration, takes them.
        bytes32[] memory hashes = new bytes32[](3);
        address[] memory addrs = new address[](3);
        uint256[] memory bonds = new uint256[](3);
        bytes32[] memory answers = new bytes32[](3);
        // Newest first: the arbitrator's entry, bob's, alice's (each with the history hash before it).
        hashes[0] = h2;
        addrs[0] = carol;
        bonds[0] = 0;
        answers[0] = YES;
        hashes[1] = h1;
        addrs[1] = bob;
        bonds[1] = 2 * MIN_BOND;
        answers[1] = NO;
        hashes[2] = h0;
        addrs[2] = alice;
        bonds[2] = MIN_BOND;
        answers[2] = YES;
        reality.claimWinnings(q, hashes, addrs, bonds, answers);
        // Bob's wrong answer loses his bond to carol, who pays alice (right before her) for taking over
        // her answer: alice's bond comes back with as much again, less Reality.eth's 1/40 claim fee.
        assertEq(reality.balanceOf(carol), 2 * MIN_BOND - MIN_BOND, "carol: bob's bond less alice's share");
        assertEq(reality.balanceOf(alice), 2 * MIN_BOND - MIN_BOND / 40, "alice: her bond and as much again");
        assertEq(reality.balanceOf(bob), 0, "bob: nothing");
    }

    function test_ArbitratorMayDecline() public {
        vm.warp(resolution);
        answer(m, alice, NO, MIN_BOND);
        vm.prank(carol);
        arbitrator.requestArbitration(q, 0);
        vm.warp(block.timestamp + 3 days);
        vm.prank(timelock);
        arbitrator.cancelArbitration(q);
        assertEq(_status(), 2, "answered again, its timeout restarted");
        assertEq(lens.getMarketState(address(m)).finalizeTime, block.timestamp + TIMEOUT, "restarted");
        vm.warp(block.timestamp + TIMEOUT);
        oracle.resolve(q);
        assertEq(redeem(m, bob), bobNo, "no wins");
    }

    function test_DisputeNeedsAnAnswerAndTheFee() public {
        vm.warp(resolution);
        vm.prank(carol);
        vm.expectRevert(bytes("Question must already have an answer when arbitration is requested"));
        arbitrator.requestArbitration(q, 0);
        answer(m, alice, YES, MIN_BOND);
        address poor = makeAddr("poor");
        vm.prank(poor);
        vm.expectRevert();
        arbitrator.requestArbitration(q, 0);
        // max_previous protects the requester from a higher bond landing first.
        answer(m, bob, NO, 2 * MIN_BOND);
        vm.prank(carol);
        vm.expectRevert(bytes("bond must exceed max_previous"));
        arbitrator.requestArbitration(q, MIN_BOND);
    }

    function test_ArbitratorSettingsAreTheOwners() public {
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, alice));
        arbitrator.setDisputeFee(1);
        vm.prank(timelock);
        arbitrator.setDisputeFee(5e18);
        assertEq(arbitrator.getDisputeFee(bytes32(0)), 5e18, "fee");
        assertEq(arbitrator.realitio(), address(reality), "realitio");
        vm.prank(timelock);
        vm.expectRevert(abi.encodeWithSelector(MarketArbitrator.MarketArbitratorNoRequest.selector, q));
        arbitrator.submitAnswer(q, YES, bytes32(0), YES, alice);
    }
}
