// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Test} from "../Base.sol";
import {SofiToken} from "../../src/SofiToken.sol";
import {SofiGovernor} from "../../src/governance/SofiGovernor.sol";
import {TimelockController} from "@openzeppelin/contracts/governance/TimelockController.sol";
import {IGovernor} from "@openzeppelin/contracts/governance/IGovernor.sol";
import {IVotes} from "@openzeppelin/contracts/governance/utils/IVotes.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";

/// SOFI, a TimelockController (1 day) whose proposer, canceller and executor is the governor, and
/// SofiGovernor with the product's settings: quorum 2,000,000 SOFI, stake 100,000 SOFI, voting
/// 3 to 30 days after 5 days of publicity. The timelock holds a SOFI treasury; alice, bob, carol
/// and dave hold SOFI (self-delegated by default).
abstract contract GovernanceFixture is Test {
    uint256 internal constant QUORUM = 2_000_000e18;
    uint256 internal constant STAKE = 100_000e18;
    uint256 internal constant MIN_DURATION = 3 days;
    uint256 internal constant MAX_DURATION = 30 days;
    uint256 internal constant PENDING = 5 days;
    uint256 internal constant DELAY = 1 days;
    uint256 internal constant TREASURY = 5_000_000e18;

    SofiToken internal sofi;
    TimelockController internal timelock;
    SofiGovernor internal governor;
    Target internal target;

    address internal owner = makeAddr("owner");
    address internal admin = makeAddr("admin");
    uint256 internal aliceKey = 0xA11CE;
    uint256 internal bobKey = 0xB0B;
    address internal alice;
    address internal bob;
    address internal carol = makeAddr("carol");
    address internal dave = makeAddr("dave");
    address internal relayer = makeAddr("relayer");
    address internal campaign = makeAddr("campaign");

    function setUp() public virtual {
        vm.warp(1_700_000_000);
        alice = vm.addr(aliceKey);
        bob = vm.addr(bobKey);
        vm.label(alice, "alice");
        vm.label(bob, "bob");
        sofi = new SofiToken(owner);
        timelock = new TimelockController(DELAY, new address[](0), new address[](0), address(this));
        governor = new SofiGovernor(
            IVotes(address(sofi)), timelock, admin, QUORUM, STAKE, MIN_DURATION, MAX_DURATION, PENDING
        );
        timelock.grantRole(timelock.PROPOSER_ROLE(), address(governor));
        timelock.grantRole(timelock.CANCELLER_ROLE(), address(governor));
        timelock.grantRole(timelock.EXECUTOR_ROLE(), address(governor));
        timelock.renounceRole(timelock.DEFAULT_ADMIN_ROLE(), address(this));
        target = new Target();

        vm.startPrank(owner);
        sofi.mint(alice, 1_200_000e18);
        sofi.mint(bob, 1_500_000e18);
        sofi.mint(carol, 900_000e18);
        sofi.mint(dave, 50_000e18);
        sofi.mint(address(timelock), TREASURY);
        vm.stopPrank();
        for (uint256 i = 0; i < 4; ++i) {
            address a = [alice, bob, carol, dave][i];
            vm.prank(a);
            sofi.approve(address(governor), type(uint256).max);
        }
        // Balances land in an earlier second than any proposal's snapshot.
        vm.warp(block.timestamp + 1);
    }

    // ------------------------------------------------------------------ proposals

    function _one(address to, bytes memory data)
        internal
        pure
        returns (address[] memory targets, uint256[] memory values, bytes[] memory calldatas)
    {
        targets = new address[](1);
        targets[0] = to;
        values = new uint256[](1);
        calldatas = new bytes[](1);
        calldatas[0] = data;
    }

    /// A proposal by `who` calling `target.ping(n)`, voting for 3 days after the publicity period.
    function _propose(address who, uint256 n) internal returns (uint256 id) {
        (address[] memory t, uint256[] memory v, bytes[] memory c) = _one(address(target), abi.encodeCall(Target.ping, (n)));
        vm.prank(who);
        id = governor.propose(t, v, c, _description(n), block.timestamp + PENDING + MIN_DURATION);
    }

    /// A marketing campaign: the timelock pays `amount` SOFI from its treasury to `campaign`.
    function _proposeCampaign(address who, uint256 amount) internal returns (uint256 id) {
        (address[] memory t, uint256[] memory v, bytes[] memory c) =
            _one(address(sofi), abi.encodeCall(IERC20.transfer, (campaign, amount)));
        vm.prank(who);
        id = governor.propose(t, v, c, "# Campaign\n\nPay the campaign.", block.timestamp + PENDING + MIN_DURATION);
    }

    function _description(uint256 n) internal pure returns (string memory) {
        return string.concat("# Proposal ", vm.toString(n), "\n\nContent.");
    }

    function _toActive(uint256 id) internal {
        vm.warp(governor.proposalSnapshot(id) + 1);
    }

    function _toEnd(uint256 id) internal {
        vm.warp(governor.proposalDeadline(id) + 1);
    }

    function _vote(uint256 id, address who, uint8 support) internal {
        vm.prank(who);
        governor.castVote(id, support);
    }

    /// Active, then for-votes from bob (1.5M) and carol (0.9M): above the 2M quorum.
    function _pass(uint256 id) internal {
        _toActive(id);
        _vote(id, bob, 1);
        _vote(id, carol, 1);
        _toEnd(id);
    }

    function _status(uint256 id) internal view returns (uint256) {
        return governor.proposalStatus(id);
    }

    function _stateError(uint256 id, IGovernor.ProposalState current, bytes32 allowed)
        internal
        pure
        returns (bytes memory)
    {
        return abi.encodeWithSelector(IGovernor.GovernorUnexpectedProposalState.selector, id, current, allowed);
    }

    function _bit(IGovernor.ProposalState s) internal pure returns (bytes32) {
        return bytes32(1 << uint8(s));
    }

    /// The sum of the stakes not yet given back.
    function _unclaimedStakes() internal view returns (uint256 sum) {
        uint256 n = governor.latestProposalId();
        for (uint256 id = 1; id <= n; ++id) {
            SofiGovernor.ProposalInfo memory p = governor.proposals(id);
            if (!p.withdrawn) sum += p.proposalThresholdCount;
        }
    }
}

/// What proposals call: counts pings, accepts ETH.
contract Target {
    uint256 public pings;
    uint256 public last;

    function ping(uint256 n) external payable {
        ++pings;
        last = n;
    }
}
