// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {PortfolioFixture} from "../portfolios/PortfolioFixture.sol";
import {SofiToken} from "../../src/SofiToken.sol";
import {TestToken} from "../../src/TestToken.sol";
import {SofiGovernor} from "../../src/governance/SofiGovernor.sol";
import {PortfolioFactory} from "../../src/portfolios/PortfolioFactory.sol";
import {TimelockController} from "@openzeppelin/contracts/governance/TimelockController.sol";
import {IVotes} from "@openzeppelin/contracts/governance/utils/IVotes.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

/// The deploy step's hand-over (contracts/scripts/deploy/governance.ts), replayed on the portfolio
/// fixture: the timelock is deployed with the deployer as its temporary proposer, executor and
/// admin and no delay; the factory is offered to it; one scheduled batch, executed at once, accepts
/// the factory's ownership, grants the governor its roles, revokes every role of the deployer
/// (admin included) and sets the final delay. Then an "edit portfolio list" proposal lists a token end to end.
contract GovernanceFactoryTest is PortfolioFixture {
    uint256 internal constant FINAL_DELAY = 1 days;

    SofiToken internal sofi;
    TimelockController internal timelock;
    SofiGovernor internal governor;
    TestToken internal listed;
    address internal voter = makeAddr("voter");

    function setUp() public override {
        super.setUp();
        vm.warp(1_700_000_000);
        sofi = new SofiToken(owner);
        vm.startPrank(owner);
        address[] memory me = new address[](1);
        me[0] = owner;
        timelock = new TimelockController(0, me, me, owner);
        governor = new SofiGovernor(
            IVotes(address(sofi)), timelock, owner, 2_000_000e18, 100_000e18, 3 days, 30 days, 5 days
        );
        factory.transferOwnership(address(timelock));
        (address[] memory t, uint256[] memory v, bytes[] memory c) = handOverBatch();
        timelock.scheduleBatch(t, v, c, 0, bytes32(0), 0);
        timelock.executeBatch(t, v, c, 0, bytes32(0));
        sofi.mint(voter, 3_000_000e18);
        sofi.mint(alice, 1_000_000e18);
        vm.stopPrank();
        vm.prank(alice);
        sofi.approve(address(governor), type(uint256).max);
        listed = new TestToken("Nova Network", "NOVA", 18, owner);
        vm.warp(block.timestamp + 1);
    }

    function handOverBatch() internal view returns (address[] memory t, uint256[] memory v, bytes[] memory c) {
        t = new address[](9);
        v = new uint256[](9);
        c = new bytes[](9);
        t[0] = address(factory);
        c[0] = abi.encodeCall(Ownable2StepLike.acceptOwnership, ());
        for (uint256 i = 1; i < 9; ++i) {
            t[i] = address(timelock);
        }
        c[1] = abi.encodeCall(timelock.grantRole, (timelock.PROPOSER_ROLE(), address(governor)));
        c[2] = abi.encodeCall(timelock.grantRole, (timelock.CANCELLER_ROLE(), address(governor)));
        c[3] = abi.encodeCall(timelock.grantRole, (timelock.EXECUTOR_ROLE(), address(governor)));
        c[4] = abi.encodeCall(timelock.revokeRole, (timelock.PROPOSER_ROLE(), owner));
        c[5] = abi.encodeCall(timelock.revokeRole, (timelock.CANCELLER_ROLE(), owner));
        c[6] = abi.encodeCall(timelock.revokeRole, (timelock.EXECUTOR_ROLE(), owner));
        c[7] = abi.encodeCall(timelock.revokeRole, (timelock.DEFAULT_ADMIN_ROLE(), owner));
        c[8] = abi.encodeCall(timelock.updateDelay, (FINAL_DELAY));
    }

    function test_HandOverLeavesTheGovernorAloneInCharge() public {
        assertEq(factory.owner(), address(timelock), "the timelock owns the allow-list");
        assertEq(factory.pendingOwner(), address(0), "accepted");
        assertEq(timelock.getMinDelay(), FINAL_DELAY, "final delay");
        bytes32[4] memory roles =
            [timelock.DEFAULT_ADMIN_ROLE(), timelock.PROPOSER_ROLE(), timelock.CANCELLER_ROLE(), timelock.EXECUTOR_ROLE()];
        for (uint256 i = 0; i < 4; ++i) {
            assertFalse(timelock.hasRole(roles[i], owner), "the deployer has no role");
            assertFalse(timelock.hasRole(roles[i], address(0)), "no open role");
        }
        assertTrue(timelock.hasRole(roles[0], address(timelock)), "self-administered");
        assertFalse(timelock.hasRole(roles[0], address(governor)), "the governor is not admin");
        for (uint256 i = 1; i < 4; ++i) {
            assertTrue(timelock.hasRole(roles[i], address(governor)), "the governor proposes, cancels, executes");
        }
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, owner));
        vm.prank(owner);
        factory.setAllowedTokens(new address[](0), true);
    }

    function test_ExecutedEditPortfolioListProposalListsTheToken() public {
        address[] memory tokens = new address[](1);
        tokens[0] = address(listed);
        address[] memory t = new address[](1);
        t[0] = address(factory);
        bytes[] memory c = new bytes[](1);
        c[0] = abi.encodeCall(PortfolioFactory.addTokens, (tokens));
        vm.prank(alice);
        uint256 id = governor.propose(t, new uint256[](1), c, "# List NOVA\n\nAdd NOVA.", block.timestamp + 8 days);
        assertFalse(factory.isAllowedToken(address(listed)), "not yet");
        vm.warp(governor.proposalSnapshot(id) + 1);
        vm.prank(voter);
        governor.castVote(id, 1);
        vm.warp(governor.proposalDeadline(id) + 1);
        governor.queue(id);
        vm.warp(block.timestamp + FINAL_DELAY);
        vm.expectEmit(true, false, false, true, address(factory));
        emit PortfolioFactory.TokenAllowed(address(listed), true);
        governor.execute(id);
        assertEq(governor.proposalStatus(id), 7, "executed");
        assertTrue(factory.isAllowedToken(address(listed)), "listed");
        // The wizard's create now takes it.
        usd[address(listed)] = 2e18;
        (address[] memory comps, uint256[] memory bps) = two(address(listed), 5_000, address(usdt));
        address portfolio = factory.create(params(comps, bps, 100e18));
        assertTrue(factory.isPortfolio(portfolio), "created with the new token");

        // And a remove proposal takes it off again.
        c[0] = abi.encodeCall(PortfolioFactory.removeTokens, (tokens));
        vm.prank(alice);
        id = governor.propose(t, new uint256[](1), c, "# Delist NOVA\n\nRemove NOVA.", block.timestamp + 8 days);
        vm.warp(governor.proposalSnapshot(id) + 1);
        vm.prank(voter);
        governor.castVote(id, 1);
        vm.warp(governor.proposalDeadline(id) + 1);
        governor.queue(id);
        vm.warp(block.timestamp + FINAL_DELAY);
        governor.execute(id);
        assertFalse(factory.isAllowedToken(address(listed)), "delisted");
    }
}

interface Ownable2StepLike {
    function acceptOwnership() external;
}
