// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Test} from "../Base.sol";
import {GovernanceFixture, Target} from "./GovernanceFixture.sol";
import {SofiGovernor} from "../../src/governance/SofiGovernor.sol";
import {SofiToken} from "../../src/SofiToken.sol";

/// Random proposals, votes, cancels, claims, queues, executions and time by four holders.
contract GovernorHandler is Test {
    SofiGovernor public immutable governor;
    SofiToken public immutable sofi;
    address public immutable target;
    address[4] public actors;
    uint256 public proposed;
    uint256 public claimed;
    uint256 public refunded;

    constructor(SofiGovernor governor_, SofiToken sofi_, address target_, address[4] memory actors_) {
        governor = governor_;
        sofi = sofi_;
        target = target_;
        actors = actors_;
    }

    function _id(uint256 seed) internal view returns (uint256) {
        uint256 n = governor.latestProposalId();
        return n == 0 ? 0 : 1 + (seed % n);
    }

    function propose(uint256 who, uint256 days_) external {
        address a = actors[who % 4];
        if (sofi.balanceOf(a) < governor.proposalThresholdCount()) return;
        address[] memory t = new address[](1);
        t[0] = target;
        bytes[] memory c = new bytes[](1);
        c[0] = abi.encodeCall(Target.ping, (proposed));
        uint256 start = block.timestamp + governor.globalPendingTime();
        uint256 end = start + bound(days_, governor.minDuration(), governor.maxDuration());
        vm.prank(a);
        governor.propose(t, new uint256[](1), c, string.concat("# ", vm.toString(proposed)), end);
        ++proposed;
    }

    /// For three times in four.
    function vote(uint256 idSeed, uint256 who, uint8 support) external {
        uint256 id = _id(idSeed);
        if (id == 0) return;
        // A few holders at once, from `who` on, so proposals often reach their quorum.
        for (uint256 i = 0; i < 2; ++i) {
            vm.prank(actors[(who % 4 + i) % 4]);
            try governor.castVote(id, support % 4 == 0 ? 0 : 1) {} catch {}
        }
    }

    /// One call in four cancels (cancels end proposals early; the rest of the life cycle needs time).
    function cancel(uint256 idSeed, uint8 dice) external {
        uint256 id = _id(idSeed);
        if (id == 0 || dice % 4 != 0) return;
        address proposer = governor.proposalProposer(id);
        uint256 before = sofi.balanceOf(proposer);
        vm.prank(proposer);
        try governor.cancel(id) {
            refunded += sofi.balanceOf(proposer) - before;
        } catch {}
    }

    function claim(uint256 idSeed) external {
        uint256 id = _id(idSeed);
        if (id == 0) return;
        address proposer = governor.proposalProposer(id);
        uint256 before = sofi.balanceOf(proposer);
        vm.prank(proposer);
        try governor.claim(id) {
            claimed += sofi.balanceOf(proposer) - before;
        } catch {}
    }

    function queue(uint256 idSeed) external {
        uint256 id = _id(idSeed);
        if (id == 0) return;
        try governor.queue(id) {} catch {}
    }

    /// Queues when passed, executes when queued (the timelock refuses before the eta).
    function execute(uint256 idSeed) external {
        uint256 id = _id(idSeed);
        if (id == 0) return;
        try governor.queue(id) {} catch {}
        try governor.execute(id) {} catch {}
    }

    /// A holder moves SOFI to another (votes follow at later snapshots).
    function transfer(uint256 from, uint256 to, uint256 amount) external {
        address f = actors[from % 4];
        amount = bound(amount, 0, sofi.balanceOf(f));
        vm.prank(f);
        sofi.transfer(actors[to % 4], amount);
    }

    /// A random while passes.
    function tick(uint256 secs) external {
        vm.warp(block.timestamp + bound(secs, 1 hours, 4 days));
    }

    /// A random proposal moves to its next stage: time passes to its start or its end, a passed
    /// proposal is queued, a queued one executed at its eta (or, one time in four, left to expire).
    function progress(uint256 idSeed, uint8 dice) external {
        uint256 id = _id(idSeed);
        if (id == 0) return;
        uint8 status = governor.proposalStatus(id);
        if (status == 0) {
            vm.warp(governor.proposalSnapshot(id) + 1);
        } else if (status == 1) {
            vm.warp(governor.proposalDeadline(id) + 1);
        } else if (status == 4) {
            governor.queue(id);
        } else if (status == 5) {
            uint256 eta = governor.proposalEta(id);
            if (dice % 4 == 0) {
                vm.warp(eta + governor.GRACE_PERIOD() + 1);
            } else {
                if (block.timestamp < eta) vm.warp(eta);
                governor.execute(id);
            }
        }
    }
}

contract SofiGovernorInvariantTest is GovernanceFixture {
    GovernorHandler internal handler;

    function setUp() public override {
        super.setUp();
        handler = new GovernorHandler(governor, sofi, address(target), [alice, bob, carol, dave]);
        // One holder's for-vote reaches it, so runs reach queue and execute often.
        vm.prank(admin);
        governor.setQuorumVoteCount(500_000e18);
    }

    function targetContracts() public view returns (address[] memory targets) {
        targets = new address[](1);
        targets[0] = address(handler);
    }

    /// The governor holds exactly the stakes not given back: nothing is created, lost or stuck.
    function invariant_GovernorBalanceIsTheUnclaimedStakes() public view {
        assertEq(sofi.balanceOf(address(governor)), _unclaimedStakes(), "governor's SOFI");
        uint256 n = governor.latestProposalId();
        assertEq(
            n * STAKE,
            _unclaimedStakes() + handler.claimed() + handler.refunded(),
            "every stake is held, claimed or refunded once"
        );
    }

    /// Status numbers stay within the spec's 0-8, and a withdrawn stake's proposal is past voting.
    function invariant_StatusesAreTheSpecs() public view {
        uint256 n = governor.latestProposalId();
        for (uint256 id = 1; id <= n; ++id) {
            uint256 status = governor.proposalStatus(id);
            assertLe(status, 8, "0-8");
            if (governor.proposals(id).withdrawn) assertGe(status, 2, "withdrawn only once voting is over");
        }
    }
}
