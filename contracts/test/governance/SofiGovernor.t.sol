// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {GovernanceFixture, Target} from "./GovernanceFixture.sol";
import {SofiGovernor} from "../../src/governance/SofiGovernor.sol";
import {IGovernor} from "@openzeppelin/contracts/governance/IGovernor.sol";
import {TimelockController} from "@openzeppelin/contracts/governance/TimelockController.sol";
import {GovernorTimelockControl} from "@openzeppelin/contracts/governance/extensions/GovernorTimelockControl.sol";
import {IERC20Errors} from "@openzeppelin/contracts/interfaces/draft-IERC6093.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";

contract SofiGovernorTest is GovernanceFixture {
    // ------------------------------------------------------------------ settings and reads

    function test_SpecReadsAndSettings() public view {
        assertEq(governor.voteToken(), address(sofi), "voteToken");
        assertEq(address(governor.token()), address(sofi), "OZ token");
        assertEq(governor.proposalThresholdCount(), STAKE, "threshold");
        assertEq(governor.minDuration(), MIN_DURATION, "min");
        assertEq(governor.maxDuration(), MAX_DURATION, "max");
        assertEq(governor.globalPendingTime(), PENDING, "pending");
        assertEq(governor.quorumVoteCount(), QUORUM, "quorum");
        assertEq(governor.votingDelay(), PENDING, "votingDelay is the publicity period");
        assertEq(governor.votingPeriod(), 5 days, "default voting period");
        assertEq(governor.proposalThreshold(), 0, "no votes needed: the stake is the threshold");
        assertEq(governor.timelock(), address(timelock), "timelock");
        assertEq(governor.admin(), admin, "admin");
        assertEq(governor.name(), "SofiGovernor", "name");
        assertEq(governor.CLOCK_MODE(), "mode=timestamp", "clock");
        assertEq(governor.clock(), block.timestamp, "clock is the timestamp");
        assertEq(governor.COUNTING_MODE(), "support=bravo&quorum=for", "counting");
        assertEq(governor.GRACE_PERIOD(), 14 days, "grace");
        assertLe(address(governor).code.length, 24_576, "deployable: within EIP-170's 24 KB");
    }

    // ------------------------------------------------------------------ propose

    function test_ProposeTakesTheStakeAndRecordsTheSpecFields() public {
        (address[] memory t, uint256[] memory v, bytes[] memory c) = _one(address(target), abi.encodeCall(Target.ping, (7)));
        uint256 start = block.timestamp + PENDING;
        uint256 end = start + 10 days;
        string memory description = "# Title\n\nContent.";
        vm.expectEmit(false, false, false, true, address(governor));
        emit IGovernor.ProposalCreated(1, alice, t, v, new string[](1), c, start, end, description);
        vm.expectEmit(true, true, false, true, address(governor));
        emit SofiGovernor.ProposalStaked(1, alice, STAKE, end);
        vm.prank(alice);
        uint256 id = governor.propose(t, v, c, description, end);
        assertEq(id, 1, "sequential ids");
        assertEq(sofi.balanceOf(address(governor)), STAKE, "the stake moved in");
        assertEq(sofi.balanceOf(alice), 1_100_000e18, "from the proposer");
        SofiGovernor.ProposalInfo memory p = governor.proposals(id);
        assertEq(p.id, 1, "id");
        assertEq(p.proposer, alice, "proposer");
        assertEq(p.proposalThresholdCount, STAKE, "stake");
        assertEq(p.eta, 0, "eta");
        assertEq(p.createTime, block.timestamp, "createTime");
        assertEq(p.startTime, start, "startTime");
        assertEq(p.endTime, end, "endTime");
        assertEq(p.blockHeight, block.number, "blockHeight");
        assertFalse(p.canceled || p.executed || p.withdrawn, "flags");
        assertEq(_status(id), 0, "review");
        assertEq(governor.latestProposalId(), 1, "numbered");
        assertEq(_propose(bob, 2), 2, "next id");
    }

    function test_ProposeWithoutEndTimeVotesFiveDays() public {
        (address[] memory t, uint256[] memory v, bytes[] memory c) = _one(address(target), abi.encodeCall(Target.ping, (1)));
        vm.prank(alice);
        uint256 id = governor.propose(t, v, c, "# Default\n\nFive days.");
        assertEq(governor.proposalSnapshot(id), block.timestamp + PENDING, "start");
        assertEq(governor.proposalDeadline(id), block.timestamp + PENDING + 5 days, "end");
        assertEq(sofi.balanceOf(address(governor)), STAKE, "stake");
    }

    function test_EndTimeWithinMinAndMaxDuration() public {
        (address[] memory t, uint256[] memory v, bytes[] memory c) = _one(address(target), abi.encodeCall(Target.ping, (1)));
        uint256 start = block.timestamp + PENDING;
        vm.startPrank(alice);
        uint256 a = governor.propose(t, v, c, "# a", start + MIN_DURATION);
        uint256 b = governor.propose(t, v, c, "# b", start + MAX_DURATION);
        vm.expectRevert(
            abi.encodeWithSelector(
                SofiGovernor.SofiGovernorInvalidEndTime.selector,
                start + MIN_DURATION - 1,
                start + MIN_DURATION,
                start + MAX_DURATION
            )
        );
        governor.propose(t, v, c, "# c", start + MIN_DURATION - 1);
        vm.expectRevert(
            abi.encodeWithSelector(
                SofiGovernor.SofiGovernorInvalidEndTime.selector,
                start + MAX_DURATION + 1,
                start + MIN_DURATION,
                start + MAX_DURATION
            )
        );
        governor.propose(t, v, c, "# d", start + MAX_DURATION + 1);
        vm.stopPrank();
        assertEq(governor.proposalDeadline(a), start + MIN_DURATION, "shortest");
        assertEq(governor.proposalDeadline(b), start + MAX_DURATION, "longest");
    }

    function test_RevertWhen_StakeNotApproved() public {
        vm.prank(alice);
        sofi.approve(address(governor), STAKE - 1);
        (address[] memory t, uint256[] memory v, bytes[] memory c) = _one(address(target), "");
        vm.expectRevert(
            abi.encodeWithSelector(
                IERC20Errors.ERC20InsufficientAllowance.selector, address(governor), STAKE - 1, STAKE
            )
        );
        vm.prank(alice);
        governor.propose(t, v, c, "# x", block.timestamp + PENDING + MIN_DURATION);
    }

    function test_RevertWhen_BalanceBelowTheThreshold() public {
        (address[] memory t, uint256[] memory v, bytes[] memory c) = _one(address(target), "");
        vm.expectRevert(
            abi.encodeWithSelector(IERC20Errors.ERC20InsufficientBalance.selector, dave, 50_000e18, STAKE)
        );
        vm.prank(dave);
        governor.propose(t, v, c, "# x", block.timestamp + PENDING + MIN_DURATION);
    }

    function test_RevertWhen_NoActionsOrLengthsDiffer() public {
        vm.expectRevert(abi.encodeWithSelector(IGovernor.GovernorInvalidProposalLength.selector, 0, 0, 0));
        vm.prank(alice);
        governor.propose(new address[](0), new uint256[](0), new bytes[](0), "# x", block.timestamp + 9 days);
        vm.expectRevert(abi.encodeWithSelector(IGovernor.GovernorInvalidProposalLength.selector, 1, 1, 2));
        vm.prank(alice);
        governor.propose(new address[](1), new uint256[](2), new bytes[](1), "# x", block.timestamp + 9 days);
    }

    function test_RevertWhen_TheSameProposalTwice() public {
        uint256 id = _propose(alice, 1);
        (address[] memory t, uint256[] memory v, bytes[] memory c) = _one(address(target), abi.encodeCall(Target.ping, (1)));
        vm.expectRevert(_stateError(id, IGovernor.ProposalState.Pending, bytes32(0)));
        vm.prank(bob);
        governor.propose(t, v, c, _description(1), block.timestamp + PENDING + MIN_DURATION);
    }

    function test_RevertWhen_DescriptionRestrictedToAnotherProposer() public {
        (address[] memory t, uint256[] memory v, bytes[] memory c) = _one(address(target), "");
        string memory d = string.concat("# x #proposer=", vm.toString(alice));
        vm.expectRevert(abi.encodeWithSelector(IGovernor.GovernorRestrictedProposer.selector, bob));
        vm.prank(bob);
        governor.propose(t, v, c, d, block.timestamp + PENDING + MIN_DURATION);
    }

    // ------------------------------------------------------------------ every state transition

    function test_ReviewThenActiveAtTheStart() public {
        uint256 id = _propose(alice, 1);
        vm.warp(governor.proposalSnapshot(id));
        assertEq(_status(id), 0, "review through the start second");
        vm.warp(governor.proposalSnapshot(id) + 1);
        assertEq(_status(id), 1, "active");
        vm.warp(governor.proposalDeadline(id));
        assertEq(_status(id), 1, "active through the end second");
    }

    function test_ActiveThenDefeatedWhenQuorumMissed() public {
        uint256 id = _propose(alice, 1);
        _toActive(id);
        _vote(id, bob, 1); // 1.5M for, below the 2M quorum
        _toEnd(id);
        assertEq(_status(id), 3, "defeated");
    }

    function test_ActiveThenDefeatedWhenAgainstWins() public {
        uint256 id = _propose(alice, 1);
        _toActive(id);
        _vote(id, bob, 1); // 1.5M for
        _vote(id, carol, 1); // + 0.9M: quorum reached
        _vote(id, alice, 0); // 1.1M against
        _toEnd(id);
        assertEq(_status(id), 4, "for > against");
        uint256 id2 = _propose(alice, 2);
        _toActive(id2);
        _vote(id2, bob, 1);
        _vote(id2, carol, 1);
        _vote(id2, alice, 0);
        vm.prank(owner);
        sofi.mint(dave, 10); // not at the snapshot
        _toEnd(id2);
        assertEq(_status(id2), 4, "still passed");
        uint256 id3 = _propose(bob, 3);
        _toActive(id3);
        _vote(id3, alice, 1); // 1.0M (alice staked twice) for
        _vote(id3, carol, 1); // + 0.9M: below quorum anyway
        _vote(id3, bob, 0);
        _toEnd(id3);
        assertEq(_status(id3), 3, "defeated");
    }

    function test_EqualVotesDefeat() public {
        vm.prank(owner);
        sofi.mint(carol, 600_000e18); // carol 1.5M = bob 1.5M
        vm.warp(block.timestamp + 1);
        uint256 id = _propose(alice, 1);
        _toActive(id);
        _vote(id, bob, 1);
        _vote(id, carol, 0);
        _toEnd(id);
        assertEq(_status(id), 3, "a tie is not a majority");
    }

    function test_SucceededQueuedExecuted() public {
        uint256 id = _propose(alice, 9);
        _pass(id);
        assertEq(_status(id), 4, "succeeded");
        vm.expectEmit(false, false, false, true, address(governor));
        emit IGovernor.ProposalQueued(id, block.timestamp + DELAY);
        governor.queue(id);
        assertEq(_status(id), 5, "queued");
        assertEq(governor.proposals(id).eta, block.timestamp + DELAY, "eta");
        vm.expectRevert(); // the timelock's operation is not ready before the eta
        governor.execute(id);
        vm.warp(block.timestamp + DELAY);
        vm.expectEmit(false, false, false, true, address(governor));
        emit IGovernor.ProposalExecuted(id);
        governor.execute(id);
        assertEq(_status(id), 7, "executed");
        assertEq(target.last(), 9, "the action ran");
        assertTrue(governor.proposals(id).executed, "executed flag");
        vm.expectRevert(_stateError(id, IGovernor.ProposalState.Executed, _bit(IGovernor.ProposalState.Queued)));
        governor.execute(id);
    }

    function test_QueuedThenExpiredAfterTheGracePeriod() public {
        uint256 id = _propose(alice, 1);
        _pass(id);
        governor.queue(id);
        uint256 eta = governor.proposalEta(id);
        vm.warp(eta + 14 days);
        assertEq(_status(id), 5, "still queued on the last second");
        vm.warp(eta + 14 days + 1);
        assertEq(_status(id), 6, "expired");
        vm.expectRevert(_stateError(id, IGovernor.ProposalState.Expired, _bit(IGovernor.ProposalState.Queued)));
        governor.execute(id);
        // Only the governor executes on the timelock: nobody can bypass the expiry there.
        (address[] memory t, uint256[] memory v, bytes[] memory c) = _one(address(target), abi.encodeCall(Target.ping, (1)));
        bytes32 salt = bytes20(address(governor)) ^ keccak256(bytes(_description(1)));
        vm.expectRevert();
        vm.prank(carol);
        timelock.executeBatch(t, v, c, 0, salt);
        vm.prank(alice);
        governor.claim(id);
        assertTrue(governor.proposals(id).withdrawn, "stake back after expiry");
    }

    function test_ExecutedCampaignIsFunded() public {
        uint256 id = _proposeCampaign(alice, 250_000e18);
        _pass(id);
        governor.queue(id);
        vm.warp(block.timestamp + DELAY);
        vm.expectEmit(true, false, false, true, address(governor));
        emit SofiGovernor.ProposalFunded(id);
        governor.execute(id);
        assertEq(_status(id), 8, "funded");
        assertEq(uint8(governor.state(id)), 7, "OZ's state: executed");
        assertEq(sofi.balanceOf(campaign), 250_000e18, "paid out of the treasury");
        assertEq(sofi.balanceOf(address(timelock)), TREASURY - 250_000e18, "treasury");
    }

    function test_FundedOnlyWhenSomethingIsPaid() public {
        // A zero-amount transfer pays nothing: executed, not funded.
        (address[] memory t, uint256[] memory v, bytes[] memory c) =
            _one(address(sofi), abi.encodeCall(IERC20.transfer, (campaign, 0)));
        vm.prank(alice);
        uint256 id = governor.propose(t, v, c, "# zero", block.timestamp + PENDING + MIN_DURATION);
        // A call with value pays: funded.
        (t, v, c) = _one(address(target), abi.encodeCall(Target.ping, (3)));
        v[0] = 1 ether;
        vm.prank(alice);
        uint256 id2 = governor.propose(t, v, c, "# value", block.timestamp + PENDING + MIN_DURATION);
        _toActive(id);
        _vote(id, bob, 1);
        _vote(id, carol, 1);
        _vote(id2, bob, 1);
        _vote(id2, carol, 1);
        _toEnd(id2);
        governor.queue(id);
        governor.queue(id2);
        vm.warp(block.timestamp + DELAY);
        governor.execute(id);
        vm.deal(address(this), 1 ether);
        governor.execute{value: 1 ether}(id2);
        assertEq(_status(id), 7, "executed");
        assertEq(_status(id2), 8, "funded");
        assertEq(address(target).balance, 1 ether, "paid");
    }

    function test_ProposerCancelsInReviewAndGetsTheStakeBack() public {
        uint256 id = _propose(alice, 1);
        uint256 before = sofi.balanceOf(alice);
        vm.expectEmit(false, false, false, true, address(governor));
        emit IGovernor.ProposalCanceled(id);
        vm.expectEmit(true, true, false, true, address(governor));
        emit SofiGovernor.StakeRefunded(id, alice, STAKE);
        vm.prank(alice);
        governor.cancel(id);
        assertEq(_status(id), 2, "canceled");
        assertEq(sofi.balanceOf(alice), before + STAKE, "refunded");
        SofiGovernor.ProposalInfo memory p = governor.proposals(id);
        assertTrue(p.canceled && p.withdrawn, "canceled, withdrawn");
        vm.expectRevert(abi.encodeWithSelector(SofiGovernor.SofiGovernorStakeWithdrawn.selector, id));
        vm.prank(alice);
        governor.claim(id);
    }

    function test_ProposerCancelsWhileActive() public {
        uint256 id = _propose(alice, 1);
        _toActive(id);
        _vote(id, bob, 1);
        vm.prank(alice);
        governor.cancel(id);
        assertEq(_status(id), 2, "canceled");
        assertEq(sofi.balanceOf(address(governor)), 0, "refunded");
        vm.expectRevert(_stateError(id, IGovernor.ProposalState.Canceled, _bit(IGovernor.ProposalState.Active)));
        _vote(id, carol, 1);
    }

    function test_RevertWhen_SomeoneElseCancels() public {
        uint256 id = _propose(alice, 1);
        vm.expectRevert(abi.encodeWithSelector(IGovernor.GovernorUnableToCancel.selector, id, bob));
        vm.prank(bob);
        governor.cancel(id);
        vm.expectRevert(abi.encodeWithSelector(IGovernor.GovernorUnableToCancel.selector, id, admin));
        vm.prank(admin);
        governor.cancel(id);
    }

    function test_RevertWhen_CancelAfterVotingEnded() public {
        uint256 id = _propose(alice, 1);
        _pass(id);
        vm.expectRevert(abi.encodeWithSelector(IGovernor.GovernorUnableToCancel.selector, id, alice));
        vm.prank(alice);
        governor.cancel(id);
        governor.queue(id);
        vm.expectRevert(abi.encodeWithSelector(IGovernor.GovernorUnableToCancel.selector, id, alice));
        vm.prank(alice);
        governor.cancel(id);
        uint256 lost = _propose(alice, 2);
        _toEnd(lost);
        vm.expectRevert(abi.encodeWithSelector(IGovernor.GovernorUnableToCancel.selector, lost, alice));
        vm.prank(alice);
        governor.cancel(lost);
    }

    function test_RevertWhen_CancelTwice() public {
        uint256 id = _propose(alice, 1);
        vm.prank(alice);
        governor.cancel(id);
        vm.expectRevert(abi.encodeWithSelector(IGovernor.GovernorUnableToCancel.selector, id, alice));
        vm.prank(alice);
        governor.cancel(id);
    }

    function test_RevertWhen_QueueBeforeSuccessOrTwice() public {
        uint256 id = _propose(alice, 1);
        vm.expectRevert(_stateError(id, IGovernor.ProposalState.Pending, _bit(IGovernor.ProposalState.Succeeded)));
        governor.queue(id);
        _pass(id);
        governor.queue(id);
        vm.expectRevert(_stateError(id, IGovernor.ProposalState.Queued, _bit(IGovernor.ProposalState.Succeeded)));
        governor.queue(id);
        uint256 lost = _propose(alice, 2);
        _toEnd(lost);
        vm.expectRevert(_stateError(lost, IGovernor.ProposalState.Defeated, _bit(IGovernor.ProposalState.Succeeded)));
        governor.queue(lost);
    }

    function test_RevertWhen_ExecuteWithoutQueue() public {
        uint256 id = _propose(alice, 1);
        _pass(id);
        vm.expectRevert(_stateError(id, IGovernor.ProposalState.Succeeded, _bit(IGovernor.ProposalState.Queued)));
        governor.execute(id);
    }

    function test_RevertWhen_UnknownProposal() public {
        vm.expectRevert(abi.encodeWithSelector(IGovernor.GovernorNonexistentProposal.selector, 42));
        governor.state(42);
        vm.expectRevert(abi.encodeWithSelector(IGovernor.GovernorNonexistentProposal.selector, 42));
        governor.proposalStatus(42);
        vm.expectRevert(abi.encodeWithSelector(IGovernor.GovernorNonexistentProposal.selector, 42));
        governor.queue(42);
        vm.expectRevert(abi.encodeWithSelector(IGovernor.GovernorNonexistentProposal.selector, 42));
        governor.execute(42);
        vm.expectRevert(abi.encodeWithSelector(IGovernor.GovernorNonexistentProposal.selector, 42));
        governor.cancel(42);
        vm.expectRevert(abi.encodeWithSelector(IGovernor.GovernorNonexistentProposal.selector, 42));
        governor.claim(42);
        vm.expectRevert(abi.encodeWithSelector(IGovernor.GovernorNonexistentProposal.selector, 42));
        vm.prank(bob);
        governor.castVote(42, 1);
        SofiGovernor.ProposalInfo memory p = governor.proposals(42);
        assertEq(p.proposer, address(0), "empty");
        assertEq(p.id, 42, "id echoed");
    }

    // ------------------------------------------------------------------ claim

    function test_ClaimAfterVotingEnds() public {
        uint256 id = _propose(alice, 1);
        vm.expectRevert(abi.encodeWithSelector(SofiGovernor.SofiGovernorStakeLocked.selector, id, 0));
        vm.prank(alice);
        governor.claim(id);
        _toActive(id);
        vm.expectRevert(abi.encodeWithSelector(SofiGovernor.SofiGovernorStakeLocked.selector, id, 1));
        vm.prank(alice);
        governor.claim(id);
        _toEnd(id);
        assertEq(_status(id), 3, "defeated");
        vm.expectRevert(abi.encodeWithSelector(SofiGovernor.SofiGovernorOnlyProposer.selector, id, bob));
        vm.prank(bob);
        governor.claim(id);
        uint256 before = sofi.balanceOf(alice);
        vm.expectEmit(true, true, false, true, address(governor));
        emit SofiGovernor.StakeClaimed(id, alice, STAKE);
        vm.prank(alice);
        governor.claim(id);
        assertEq(sofi.balanceOf(alice), before + STAKE, "back");
        assertTrue(governor.proposals(id).withdrawn, "withdrawn");
        vm.expectRevert(abi.encodeWithSelector(SofiGovernor.SofiGovernorStakeWithdrawn.selector, id));
        vm.prank(alice);
        governor.claim(id);
    }

    function test_ClaimWhenSucceededQueuedOrExecuted() public {
        uint256 a = _propose(alice, 1);
        uint256 b = _propose(alice, 2);
        uint256 c = _propose(alice, 3);
        _toActive(a);
        for (uint256 id = a; id <= c; ++id) {
            _vote(id, bob, 1);
            _vote(id, carol, 1);
        }
        _toEnd(a);
        governor.queue(b);
        governor.queue(c);
        vm.warp(block.timestamp + DELAY);
        governor.execute(c);
        assertEq(_status(a), 4, "succeeded");
        assertEq(_status(b), 5, "queued");
        assertEq(_status(c), 7, "executed");
        vm.startPrank(alice);
        governor.claim(a);
        governor.claim(b);
        governor.claim(c);
        vm.stopPrank();
        assertEq(sofi.balanceOf(address(governor)), 0, "all back");
        // Claiming does not change the outcome: b can still be executed.
        governor.execute(b);
        assertEq(_status(b), 7, "executed after the claim");
    }

    function test_StakeOfAProposalDroppedWithTheTimelockStaysClaimable() public {
        uint256 id = _propose(alice, 1);
        _pass(id);
        governor.queue(id);
        TimelockController other = new TimelockController(DELAY, new address[](0), new address[](0), address(0));
        vm.expectEmit(false, false, false, true, address(governor));
        emit GovernorTimelockControl.TimelockChange(address(timelock), address(other));
        vm.prank(admin);
        governor.updateTimelock(other);
        assertEq(_status(id), 2, "its operation is not in the new timelock: canceled");
        vm.prank(alice);
        governor.claim(id);
        assertEq(sofi.balanceOf(address(governor)), 0, "nothing stuck");
    }

    // ------------------------------------------------------------------ votes

    function test_VoteForAndAgainstWithReceipts() public {
        uint256 id = _propose(alice, 1);
        _toActive(id);
        vm.expectEmit(true, false, false, true, address(governor));
        emit IGovernor.VoteCast(bob, id, 1, 1_500_000e18, "");
        _vote(id, bob, 1);
        _vote(id, carol, 0);
        SofiGovernor.Receipt memory r = governor.receipts(id, bob);
        assertTrue(r.hasVoted && r.support, "bob for");
        assertEq(r.votes, 1_500_000e18, "bob's votes");
        r = governor.receipts(id, carol);
        assertTrue(r.hasVoted && !r.support, "carol against");
        assertEq(r.votes, 900_000e18, "carol's votes");
        r = governor.receipts(id, dave);
        assertFalse(r.hasVoted, "dave has not voted");
        SofiGovernor.ProposalInfo memory p = governor.proposals(id);
        assertEq(p.forVotes, 1_500_000e18, "for");
        assertEq(p.againstVotes, 900_000e18, "against");
        assertTrue(governor.hasVoted(id, bob), "hasVoted");
    }

    function test_VoteOnceNeverChangeIt() public {
        uint256 id = _propose(alice, 1);
        _toActive(id);
        _vote(id, bob, 1);
        vm.expectRevert(abi.encodeWithSelector(IGovernor.GovernorAlreadyCastVote.selector, bob));
        _vote(id, bob, 0);
        vm.expectRevert(abi.encodeWithSelector(IGovernor.GovernorAlreadyCastVote.selector, bob));
        _vote(id, bob, 1);
        SofiGovernor.Receipt memory r = governor.receipts(id, bob);
        assertTrue(r.support, "still for");
        assertEq(governor.proposals(id).againstVotes, 0, "nothing against");
    }

    function test_RevertWhen_AbstainOrUnknownSupport() public {
        uint256 id = _propose(alice, 1);
        _toActive(id);
        vm.expectRevert(IGovernor.GovernorInvalidVoteType.selector);
        _vote(id, bob, 2);
        vm.expectRevert(IGovernor.GovernorInvalidVoteType.selector);
        _vote(id, bob, 7);
    }

    function test_RevertWhen_NoVotesAtTheSnapshot() public {
        uint256 id = _propose(alice, 1);
        address late = makeAddr("late");
        _toActive(id);
        vm.prank(bob);
        assertTrue(sofi.transfer(late, 1_000e18)); // after the snapshot: does not count
        vm.expectRevert(abi.encodeWithSelector(SofiGovernor.SofiGovernorNoVotes.selector, late));
        _vote(id, late, 1);
        // bob's weight is his balance at the snapshot, not after sending.
        _vote(id, bob, 1);
        assertEq(governor.receipts(id, bob).votes, 1_500_000e18, "snapshot weight");
    }

    function test_RevertWhen_VotingOutsideTheWindow() public {
        uint256 id = _propose(alice, 1);
        vm.expectRevert(_stateError(id, IGovernor.ProposalState.Pending, _bit(IGovernor.ProposalState.Active)));
        _vote(id, bob, 1);
        _toEnd(id);
        vm.expectRevert(_stateError(id, IGovernor.ProposalState.Defeated, _bit(IGovernor.ProposalState.Active)));
        _vote(id, bob, 1);
    }

    function test_DelegatedVotesCountForTheDelegate() public {
        vm.prank(carol);
        sofi.delegate(bob);
        vm.warp(block.timestamp + 1);
        uint256 id = _propose(alice, 1);
        _toActive(id);
        vm.expectRevert(abi.encodeWithSelector(SofiGovernor.SofiGovernorNoVotes.selector, carol));
        _vote(id, carol, 1);
        _vote(id, bob, 1);
        assertEq(governor.receipts(id, bob).votes, 2_400_000e18, "bob votes with carol's");
    }

    function test_RevertWhen_TheTimelockOrTheGovernorVotes() public {
        uint256 id = _propose(alice, 1);
        _toActive(id);
        vm.expectRevert(abi.encodeWithSelector(SofiGovernor.SofiGovernorVoterNotAllowed.selector, address(timelock)));
        _vote(id, address(timelock), 1);
        vm.expectRevert(abi.encodeWithSelector(SofiGovernor.SofiGovernorVoterNotAllowed.selector, address(governor)));
        _vote(id, address(governor), 1);
    }

    function test_QuorumIsTheValueAtTheSnapshot() public {
        uint256 id = _propose(alice, 1);
        _pass(id);
        assertEq(_status(id), 4, "passed with 2.4M");
        vm.prank(admin);
        governor.setQuorumVoteCount(3_000_000e18);
        assertEq(_status(id), 4, "raising the quorum later changes nothing");
        uint256 next = _propose(alice, 2);
        _pass(next);
        assertEq(_status(next), 3, "a later proposal needs the new quorum");
        assertEq(governor.quorum(governor.proposalSnapshot(id)), QUORUM, "old value at the old snapshot");
    }

    // ------------------------------------------------------------------ flash loans

    function test_FlashLoanedTokensCannotVote() public {
        FlashLender lender = new FlashLender(IERC20(address(sofi)));
        vm.prank(bob);
        assertTrue(sofi.transfer(address(lender), 1_000_000e18));
        uint256 id = _propose(alice, 1);
        _toActive(id);
        FlashVoter attacker = new FlashVoter(governor, lender);
        vm.expectRevert(abi.encodeWithSelector(SofiGovernor.SofiGovernorNoVotes.selector, address(attacker)));
        attacker.attack(id, 1_000_000e18);
        assertFalse(governor.hasVoted(id, address(attacker)), "no vote");
    }

    function test_FlashLoanAddsNothingToAHoldersVotes() public {
        FlashLender lender = new FlashLender(IERC20(address(sofi)));
        vm.prank(bob);
        assertTrue(sofi.transfer(address(lender), 1_000_000e18));
        FlashVoter voter = new FlashVoter(governor, lender);
        vm.prank(dave);
        assertTrue(sofi.transfer(address(voter), 10_000e18));
        vm.warp(block.timestamp + 1);
        uint256 id = _propose(alice, 1);
        _toActive(id);
        voter.attack(id, 1_000_000e18);
        assertEq(governor.receipts(id, address(voter)).votes, 10_000e18, "only what it held at the snapshot");
        assertEq(sofi.balanceOf(address(lender)), 1_000_000e18, "the loan was repaid");
    }

    // ------------------------------------------------------------------ ballots by signature

    function _ballotDigest(SofiGovernor gov, uint256 chainId, uint256 id, uint8 support, address voter, uint256 nonce)
        internal
        view
        returns (bytes32)
    {
        bytes32 domain = keccak256(
            abi.encode(
                keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)"),
                keccak256("SofiGovernor"),
                keccak256("1"),
                chainId,
                address(gov)
            )
        );
        bytes32 structHash = keccak256(abi.encode(gov.BALLOT_TYPEHASH(), id, support, voter, nonce));
        return keccak256(abi.encodePacked("\x19\x01", domain, structHash));
    }

    function _sign(uint256 key, bytes32 digest) internal pure returns (bytes memory) {
        (uint8 v, bytes32 r, bytes32 s) = vm.sign(key, digest);
        return abi.encodePacked(r, s, v);
    }

    function test_CastVoteBySigCountsTheSignerNotTheRelayer() public {
        uint256 id = _propose(alice, 1);
        _toActive(id);
        bytes memory sig = _sign(bobKey, _ballotDigest(governor, block.chainid, id, 1, bob, 0));
        vm.expectEmit(true, false, false, true, address(governor));
        emit IGovernor.VoteCast(bob, id, 1, 1_500_000e18, "");
        vm.prank(relayer);
        uint256 weight = governor.castVoteBySig(id, 1, bob, sig);
        assertEq(weight, 1_500_000e18, "bob's weight");
        assertTrue(governor.receipts(id, bob).hasVoted, "bob voted");
        assertFalse(governor.receipts(id, relayer).hasVoted, "the relayer did not");
        assertEq(governor.nonces(bob), 1, "nonce used");
        assertEq(governor.proposals(id).forVotes, 1_500_000e18, "counted once");
    }

    function test_RevertWhen_BallotReplayed() public {
        uint256 id = _propose(alice, 1);
        uint256 id2 = _propose(alice, 2);
        _toActive(id);
        bytes memory sig = _sign(bobKey, _ballotDigest(governor, block.chainid, id, 1, bob, 0));
        vm.prank(relayer);
        governor.castVoteBySig(id, 1, bob, sig);
        vm.expectRevert(abi.encodeWithSelector(IGovernor.GovernorInvalidSignature.selector, bob));
        vm.prank(relayer);
        governor.castVoteBySig(id, 1, bob, sig);
        // Nor on another proposal (the id is signed).
        vm.expectRevert(abi.encodeWithSelector(IGovernor.GovernorInvalidSignature.selector, bob));
        vm.prank(relayer);
        governor.castVoteBySig(id2, 1, bob, sig);
    }

    function test_RevertWhen_BallotForAnotherChain() public {
        uint256 id = _propose(alice, 1);
        _toActive(id);
        bytes memory sig = _sign(bobKey, _ballotDigest(governor, 1, id, 1, bob, 0));
        vm.expectRevert(abi.encodeWithSelector(IGovernor.GovernorInvalidSignature.selector, bob));
        vm.prank(relayer);
        governor.castVoteBySig(id, 1, bob, sig);
        // Signed here, submitted after the chain id changed (a fork): refused too.
        bytes memory here = _sign(bobKey, _ballotDigest(governor, block.chainid, id, 1, bob, 0));
        vm.chainId(8453);
        vm.expectRevert(abi.encodeWithSelector(IGovernor.GovernorInvalidSignature.selector, bob));
        vm.prank(relayer);
        governor.castVoteBySig(id, 1, bob, here);
    }

    function test_RevertWhen_BallotForAnotherGovernor() public {
        SofiGovernor other = new SofiGovernor(
            sofi, timelock, admin, QUORUM, STAKE, MIN_DURATION, MAX_DURATION, PENDING
        );
        uint256 id = _propose(alice, 1);
        _toActive(id);
        bytes memory sig = _sign(bobKey, _ballotDigest(other, block.chainid, id, 1, bob, 0));
        vm.expectRevert(abi.encodeWithSelector(IGovernor.GovernorInvalidSignature.selector, bob));
        vm.prank(relayer);
        governor.castVoteBySig(id, 1, bob, sig);
    }

    function test_RevertWhen_BallotSignedBySomeoneElseOrAltered() public {
        uint256 id = _propose(alice, 1);
        _toActive(id);
        bytes memory byAlice = _sign(aliceKey, _ballotDigest(governor, block.chainid, id, 1, bob, 0));
        vm.expectRevert(abi.encodeWithSelector(IGovernor.GovernorInvalidSignature.selector, bob));
        governor.castVoteBySig(id, 1, bob, byAlice);
        bytes memory forVote = _sign(bobKey, _ballotDigest(governor, block.chainid, id, 1, bob, 0));
        vm.expectRevert(abi.encodeWithSelector(IGovernor.GovernorInvalidSignature.selector, bob));
        governor.castVoteBySig(id, 0, bob, forVote); // the relayer flipped the support
    }

    // ------------------------------------------------------------------ admin and governance settings

    function test_AdminSetsEverySetting() public {
        vm.startPrank(admin);
        vm.expectEmit(false, false, false, true, address(governor));
        emit SofiGovernor.QuorumVoteCountSet(QUORUM, 1_000_000e18);
        governor.setQuorumVoteCount(1_000_000e18);
        vm.expectEmit(false, false, false, true, address(governor));
        emit SofiGovernor.ProposalThresholdCountSet(STAKE, 50_000e18);
        governor.setProposalThresholdCount(50_000e18);
        vm.expectEmit(false, false, false, true, address(governor));
        emit SofiGovernor.MaxDurationSet(MAX_DURATION, 20 days);
        governor.setMaxDuration(20 days);
        vm.expectEmit(false, false, false, true, address(governor));
        emit SofiGovernor.MinDurationSet(MIN_DURATION, 1 days);
        governor.setMinDuration(1 days);
        vm.expectEmit(false, false, false, true, address(governor));
        emit SofiGovernor.GlobalPendingTimeSet(PENDING, 2 days);
        governor.setGlobalPendingTime(2 days);
        vm.stopPrank();
        assertEq(governor.quorumVoteCount(), 1_000_000e18, "quorum");
        assertEq(governor.proposalThresholdCount(), 50_000e18, "threshold");
        assertEq(governor.minDuration(), 1 days, "min");
        assertEq(governor.maxDuration(), 20 days, "max");
        assertEq(governor.globalPendingTime(), 2 days, "pending");
        uint256 id = _propose(dave, 1); // 50K now suffices
        assertEq(governor.proposalSnapshot(id), block.timestamp + 2 days, "new publicity period");
        assertEq(governor.proposals(id).proposalThresholdCount, 50_000e18, "new stake");
    }

    function test_RevertWhen_SettingsOutOfRange() public {
        vm.startPrank(admin);
        vm.expectRevert(abi.encodeWithSelector(SofiGovernor.SofiGovernorInvalidQuorum.selector, 0));
        governor.setQuorumVoteCount(0);
        vm.expectRevert(
            abi.encodeWithSelector(SofiGovernor.SofiGovernorInvalidThreshold.selector, uint256(type(uint128).max) + 1)
        );
        governor.setProposalThresholdCount(uint256(type(uint128).max) + 1);
        vm.expectRevert(abi.encodeWithSelector(SofiGovernor.SofiGovernorInvalidDurations.selector, 0, MAX_DURATION));
        governor.setMinDuration(0);
        vm.expectRevert(
            abi.encodeWithSelector(SofiGovernor.SofiGovernorInvalidDurations.selector, MAX_DURATION + 1, MAX_DURATION)
        );
        governor.setMinDuration(MAX_DURATION + 1);
        vm.expectRevert(
            abi.encodeWithSelector(SofiGovernor.SofiGovernorInvalidDurations.selector, MIN_DURATION, MIN_DURATION - 1)
        );
        governor.setMaxDuration(MIN_DURATION - 1);
        vm.expectRevert(
            abi.encodeWithSelector(SofiGovernor.SofiGovernorInvalidDurations.selector, MIN_DURATION, 366 days)
        );
        governor.setMaxDuration(366 days);
        vm.expectRevert(abi.encodeWithSelector(SofiGovernor.SofiGovernorInvalidPendingTime.selector, 366 days));
        governor.setGlobalPendingTime(366 days);
        vm.stopPrank();
    }

    function test_RevertWhen_NotAdminNorGovernance() public {
        bytes memory err = abi.encodeWithSelector(IGovernor.GovernorOnlyExecutor.selector, bob);
        vm.startPrank(bob);
        vm.expectRevert(err);
        governor.setQuorumVoteCount(1);
        vm.expectRevert(err);
        governor.setProposalThresholdCount(1);
        vm.expectRevert(err);
        governor.setMinDuration(1 days);
        vm.expectRevert(err);
        governor.setMaxDuration(10 days);
        vm.expectRevert(err);
        governor.setGlobalPendingTime(1 days);
        vm.expectRevert(err);
        governor.updateTimelock(TimelockController(payable(bob)));
        vm.expectRevert(err);
        governor.transferGovernorship(bob);
        vm.expectRevert(err);
        governor.renounceGovernorship();
        vm.stopPrank();
        // The timelock outside a proposal's execution is refused too (OZ's governance-call queue).
        vm.expectRevert();
        vm.prank(address(timelock));
        governor.setQuorumVoteCount(1);
    }

    function test_AdminCannotRelay() public {
        vm.expectRevert(abi.encodeWithSelector(IGovernor.GovernorOnlyExecutor.selector, admin));
        vm.prank(admin);
        governor.relay(address(target), 0, abi.encodeCall(Target.ping, (1)));
    }

    function test_RevertWhen_AProposalRelaysTheStakes() public {
        uint256 staked = _propose(bob, 1);
        address[] memory t = new address[](1);
        t[0] = address(governor);
        bytes[] memory c = new bytes[](1);
        c[0] = abi.encodeCall(governor.relay, (address(sofi), 0, abi.encodeCall(IERC20.transfer, (alice, STAKE))));
        vm.prank(alice);
        uint256 id = governor.propose(t, new uint256[](1), c, "# Take", block.timestamp + PENDING + MIN_DURATION);
        _pass(id);
        governor.queue(id);
        vm.warp(block.timestamp + DELAY);
        vm.expectRevert(SofiGovernor.SofiGovernorStakesNotRelayable.selector);
        governor.execute(id);
        assertEq(sofi.balanceOf(address(governor)), 2 * STAKE, "the stakes stay");
        assertEq(governor.proposals(staked).withdrawn, false, "bob's stake is there to claim");
    }

    function test_GovernorshipMovesInTwoSteps() public {
        vm.expectEmit(true, true, false, false, address(governor));
        emit SofiGovernor.GovernorshipTransferStarted(admin, bob);
        vm.prank(admin);
        governor.transferGovernorship(bob);
        assertEq(governor.admin(), admin, "still the admin");
        assertEq(governor.pendingAdmin(), bob, "pending");
        vm.expectRevert(abi.encodeWithSelector(SofiGovernor.SofiGovernorNotPendingAdmin.selector, carol));
        vm.prank(carol);
        governor.acceptGovernorship();
        vm.expectEmit(true, true, false, false, address(governor));
        emit SofiGovernor.GovernorshipTransferred(admin, bob);
        vm.prank(bob);
        governor.acceptGovernorship();
        assertEq(governor.admin(), bob, "bob");
        assertEq(governor.pendingAdmin(), address(0), "cleared");
        vm.expectRevert(abi.encodeWithSelector(IGovernor.GovernorOnlyExecutor.selector, admin));
        vm.prank(admin);
        governor.setQuorumVoteCount(1);
    }

    function test_RenounceLeavesGovernanceInCharge() public {
        vm.expectEmit(true, true, false, false, address(governor));
        emit SofiGovernor.GovernorshipTransferred(admin, address(0));
        vm.prank(admin);
        governor.renounceGovernorship();
        assertEq(governor.admin(), address(0), "no admin");
        vm.expectRevert(abi.encodeWithSelector(IGovernor.GovernorOnlyExecutor.selector, admin));
        vm.prank(admin);
        governor.setQuorumVoteCount(1);
        // A proposal sets the quorum and the stake, through the timelock.
        address[] memory t = new address[](2);
        t[0] = address(governor);
        t[1] = address(governor);
        uint256[] memory v = new uint256[](2);
        bytes[] memory c = new bytes[](2);
        c[0] = abi.encodeCall(SofiGovernor.setQuorumVoteCount, (3_000_000e18));
        c[1] = abi.encodeCall(SofiGovernor.setProposalThresholdCount, (200_000e18));
        vm.prank(alice);
        uint256 id = governor.propose(t, v, c, "# Settings", block.timestamp + PENDING + MIN_DURATION);
        _pass(id);
        governor.queue(id);
        vm.warp(block.timestamp + DELAY);
        governor.execute(id);
        assertEq(governor.quorumVoteCount(), 3_000_000e18, "quorum by governance");
        assertEq(governor.proposalThresholdCount(), 200_000e18, "stake by governance");
    }

    function test_AdminUpdatesTheTimelock() public {
        TimelockController other = new TimelockController(DELAY, new address[](0), new address[](0), address(0));
        vm.prank(admin);
        governor.updateTimelock(other);
        assertEq(governor.timelock(), address(other), "new timelock");
        // The admin's pass is for that one call: relay stays governance only.
        vm.expectRevert(abi.encodeWithSelector(IGovernor.GovernorOnlyExecutor.selector, admin));
        vm.prank(admin);
        governor.relay(address(target), 0, "");
    }

    function test_SignerSettingIsAbsent() public {
        (bool ok,) = address(governor).call(abi.encodeWithSignature("setSigner(address)", admin));
        assertFalse(ok, "no signer: ballots are signed by the voters");
    }
}

/// Lends its SOFI for the length of one call.
contract FlashLender {
    IERC20 public immutable token;

    constructor(IERC20 token_) {
        token = token_;
    }

    function flashLoan(uint256 amount, bytes calldata data) external {
        uint256 before = token.balanceOf(address(this));
        require(token.transfer(msg.sender, amount), "lend");
        (bool ok, bytes memory ret) = msg.sender.call(data);
        if (!ok) {
            assembly ("memory-safe") {
                revert(add(ret, 32), mload(ret))
            }
        }
        require(token.balanceOf(address(this)) >= before, "not repaid");
    }
}

/// Borrows SOFI and votes with it in the same transaction.
contract FlashVoter {
    SofiGovernor public immutable governor;
    FlashLender public immutable lender;

    constructor(SofiGovernor governor_, FlashLender lender_) {
        governor = governor_;
        lender = lender_;
    }

    function attack(uint256 id, uint256 amount) external {
        lender.flashLoan(amount, abi.encodeCall(this.onLoan, (id, amount)));
    }

    function onLoan(uint256 id, uint256 amount) external {
        require(msg.sender == address(lender), "lender only");
        governor.castVote(id, 1);
        require(lender.token().transfer(address(lender), amount), "repay");
    }
}
