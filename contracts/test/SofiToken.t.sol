// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Test} from "./Base.sol";
import {SofiToken} from "../src/SofiToken.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {ERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/ERC20Permit.sol";
import {ERC20Votes} from "@openzeppelin/contracts/token/ERC20/extensions/ERC20Votes.sol";
import {IERC20Errors} from "@openzeppelin/contracts/interfaces/draft-IERC6093.sol";
import {Votes} from "@openzeppelin/contracts/governance/utils/Votes.sol";
import {IVotes} from "@openzeppelin/contracts/governance/utils/IVotes.sol";
import {Nonces} from "@openzeppelin/contracts/utils/Nonces.sol";

contract SofiTokenTest is Test {
    event DelegateChanged(address indexed delegator, address indexed fromDelegate, address indexed toDelegate);
    event DelegateVotesChanged(address indexed delegate, uint256 previousVotes, uint256 newVotes);

    bytes32 internal constant PERMIT_TYPEHASH =
        keccak256("Permit(address owner,address spender,uint256 value,uint256 nonce,uint256 deadline)");
    bytes32 internal constant DELEGATION_TYPEHASH =
        keccak256("Delegation(address delegatee,uint256 nonce,uint256 expiry)");

    SofiToken internal sofi;
    address internal owner = makeAddr("owner");
    uint256 internal aliceKey = 0xA11CE;
    address internal alice;
    address internal bob = makeAddr("bob");
    address internal carol = makeAddr("carol");

    function setUp() public {
        alice = vm.addr(aliceKey);
        vm.label(alice, "alice");
        vm.warp(1_700_000_000);
        sofi = new SofiToken(owner);
    }

    function test_Metadata() public view {
        assertEq(sofi.name(), "SOFI Governance");
        assertEq(sofi.symbol(), "SOFI");
        assertEq(sofi.decimals(), 18, "decimals");
        assertEq(sofi.owner(), owner);
    }

    function test_ClockIsTimestamp() public {
        assertEq(sofi.CLOCK_MODE(), "mode=timestamp");
        assertEq(sofi.clock(), block.timestamp, "clock");
        vm.warp(block.timestamp + 1234);
        vm.roll(block.number + 1);
        assertEq(sofi.clock(), block.timestamp, "clock after warp");
    }

    function test_OwnerMintsAndMintsBatch() public {
        vm.startPrank(owner);
        sofi.mint(alice, 100e18);
        address[] memory to = new address[](2);
        to[0] = bob;
        to[1] = carol;
        sofi.mintBatch(to, 5e18);
        vm.stopPrank();
        assertEq(sofi.balanceOf(alice), 100e18, "alice");
        assertEq(sofi.balanceOf(bob), 5e18, "bob");
        assertEq(sofi.totalSupply(), 110e18, "supply");
    }

    function test_RevertWhen_NonOwnerMints() public {
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, alice));
        vm.prank(alice);
        sofi.mint(alice, 1);
    }

    function test_RevertWhen_NonOwnerMintsBatch() public {
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, bob));
        vm.prank(bob);
        sofi.mintBatch(new address[](1), 1);
    }

    function test_RevertWhen_MintExceedsVotesSafeSupply() public {
        uint256 cap = type(uint208).max;
        vm.startPrank(owner);
        sofi.mint(alice, cap);
        vm.expectRevert(abi.encodeWithSelector(ERC20Votes.ERC20ExceededSafeSupply.selector, cap + 1, cap));
        sofi.mint(alice, 1);
        vm.stopPrank();
    }

    function test_RevertWhen_BurnExceedsBalance() public {
        vm.expectRevert(abi.encodeWithSelector(IERC20Errors.ERC20InsufficientBalance.selector, alice, 0, 1));
        vm.prank(alice);
        sofi.burn(1);
    }

    function test_HoldersAreSelfDelegatedByDefault() public {
        assertEq(sofi.delegates(alice), alice, "a fresh account is its own delegate");
        vm.expectEmit(true, false, false, true, address(sofi));
        emit DelegateVotesChanged(alice, 0, 100e18);
        vm.prank(owner);
        sofi.mint(alice, 100e18);
        assertEq(sofi.getVotes(alice), 100e18, "votes without delegating");
        assertEq(sofi.delegates(alice), alice);
        assertEq(sofi.delegates(address(0)), address(0), "the zero address has no delegate");
    }

    function test_ExplicitSelfDelegationChangesNothing() public {
        vm.prank(owner);
        sofi.mint(alice, 100e18);
        vm.expectEmit(true, true, true, false, address(sofi));
        emit DelegateChanged(alice, alice, alice);
        vm.prank(alice);
        sofi.delegate(alice);
        assertEq(sofi.getVotes(alice), 100e18, "same votes");
        assertEq(sofi.numCheckpoints(alice), 1, "no new checkpoint");
    }

    function test_DelegatingElsewhereIsKept() public {
        vm.prank(owner);
        sofi.mint(alice, 100e18);
        vm.expectEmit(true, true, true, false, address(sofi));
        emit DelegateChanged(alice, alice, bob);
        vm.prank(alice);
        sofi.delegate(bob);
        assertEq(sofi.delegates(alice), bob);
        assertEq(sofi.getVotes(alice), 0, "alice gave her votes");
        assertEq(sofi.getVotes(bob), 100e18, "bob holds them");
        vm.warp(block.timestamp + 1);
        vm.prank(owner);
        sofi.mint(alice, 5e18);
        assertEq(sofi.getVotes(bob), 105e18, "new tokens follow the choice");
        vm.prank(alice);
        assertTrue(sofi.transfer(carol, 10e18));
        assertEq(sofi.getVotes(bob), 95e18, "bob loses what alice sends");
        assertEq(sofi.getVotes(carol), 10e18, "carol, self-delegated, gains it");
    }

    function test_DelegatingToZeroGoesBackToSelf() public {
        vm.prank(owner);
        sofi.mint(alice, 100e18);
        vm.prank(alice);
        sofi.delegate(bob);
        vm.expectEmit(true, true, true, false, address(sofi));
        emit DelegateChanged(alice, bob, alice);
        vm.prank(alice);
        sofi.delegate(address(0));
        assertEq(sofi.delegates(alice), alice, "back to self");
        assertEq(sofi.getVotes(alice), 100e18, "alice votes again");
        assertEq(sofi.getVotes(bob), 0, "bob has nothing");
        // Still consistent: she can move and burn everything.
        vm.prank(alice);
        assertTrue(sofi.transfer(carol, 60e18));
        vm.prank(alice);
        sofi.burn(40e18);
        assertEq(sofi.getVotes(alice), 0, "alice empty");
        assertEq(sofi.getVotes(carol), 60e18, "carol");
    }

    function testFuzz_SnapshotVotesFollowTransfersMintsAndBurns(uint256 a, uint256 sent, uint256 burned) public {
        a = bound(a, 1, type(uint208).max);
        sent = bound(sent, 0, a);
        burned = bound(burned, 0, a - sent);
        vm.prank(owner);
        sofi.mint(alice, a);
        vm.prank(bob);
        sofi.delegate(carol);
        uint256 t0 = block.timestamp;

        vm.warp(t0 + 100);
        vm.prank(alice);
        assertTrue(sofi.transfer(bob, sent));
        vm.warp(t0 + 200);
        vm.prank(alice);
        sofi.burn(burned);
        vm.warp(t0 + 300);

        assertEq(sofi.getPastVotes(alice, t0), a, "alice at t0");
        assertEq(sofi.getPastVotes(alice, t0 + 150), a - sent, "alice after transfer");
        assertEq(sofi.getPastVotes(carol, t0 + 150), sent, "carol gets bob's delegated votes");
        assertEq(sofi.getVotes(alice), a - sent - burned, "alice now");
        assertEq(sofi.getPastTotalSupply(t0 + 150), a, "supply before burn");
        assertEq(sofi.getPastTotalSupply(t0 + 250), a - burned, "supply after burn");
    }

    function test_RevertWhen_PastVotesLookupIsNotPast() public {
        uint48 now_ = uint48(block.timestamp);
        vm.expectRevert(abi.encodeWithSelector(Votes.ERC5805FutureLookup.selector, uint256(now_), now_));
        sofi.getPastVotes(alice, now_);
        vm.expectRevert(abi.encodeWithSelector(Votes.ERC5805FutureLookup.selector, uint256(now_) + 1, now_));
        sofi.getPastTotalSupply(uint256(now_) + 1);
    }

    function _permitDigest(address spender, uint256 value, uint256 nonce, uint256 deadline)
        internal
        view
        returns (bytes32)
    {
        bytes32 structHash = keccak256(abi.encode(PERMIT_TYPEHASH, alice, spender, value, nonce, deadline));
        return keccak256(abi.encodePacked("\x19\x01", sofi.DOMAIN_SEPARATOR(), structHash));
    }

    function testFuzz_Permit(uint256 value) public {
        uint256 deadline = block.timestamp + 1 hours;
        (uint8 v, bytes32 r, bytes32 s) = vm.sign(aliceKey, _permitDigest(bob, value, 0, deadline));
        sofi.permit(alice, bob, value, deadline, v, r, s);
        assertEq(sofi.allowance(alice, bob), value, "allowance");
        assertEq(sofi.nonces(alice), 1, "nonce");
    }

    function test_RevertWhen_PermitExpired() public {
        uint256 deadline = block.timestamp - 1;
        (uint8 v, bytes32 r, bytes32 s) = vm.sign(aliceKey, _permitDigest(bob, 1, 0, deadline));
        vm.expectRevert(abi.encodeWithSelector(ERC20Permit.ERC2612ExpiredSignature.selector, deadline));
        sofi.permit(alice, bob, 1, deadline, v, r, s);
    }

    function test_RevertWhen_PermitSignedByAnother() public {
        uint256 deadline = block.timestamp + 1;
        uint256 otherKey = 0xB0B;
        (uint8 v, bytes32 r, bytes32 s) = vm.sign(otherKey, _permitDigest(bob, 1, 0, deadline));
        vm.expectRevert(abi.encodeWithSelector(ERC20Permit.ERC2612InvalidSigner.selector, vm.addr(otherKey), alice));
        sofi.permit(alice, bob, 1, deadline, v, r, s);
    }

    function test_RevertWhen_PermitReplayed() public {
        uint256 deadline = block.timestamp + 1;
        (uint8 v, bytes32 r, bytes32 s) = vm.sign(aliceKey, _permitDigest(bob, 1, 0, deadline));
        sofi.permit(alice, bob, 1, deadline, v, r, s);
        vm.expectRevert(); // the nonce moved on, so the recovered signer differs
        sofi.permit(alice, bob, 1, deadline, v, r, s);
    }

    function _delegationSig(address delegatee, uint256 nonce, uint256 expiry)
        internal
        view
        returns (uint8 v, bytes32 r, bytes32 s)
    {
        bytes32 structHash = keccak256(abi.encode(DELEGATION_TYPEHASH, delegatee, nonce, expiry));
        return vm.sign(aliceKey, keccak256(abi.encodePacked("\x19\x01", sofi.DOMAIN_SEPARATOR(), structHash)));
    }

    function test_DelegateBySig() public {
        vm.prank(owner);
        sofi.mint(alice, 7e18);
        uint256 expiry = block.timestamp + 1 days;
        (uint8 v, bytes32 r, bytes32 s) = _delegationSig(bob, 0, expiry);
        sofi.delegateBySig(bob, 0, expiry, v, r, s);
        assertEq(sofi.delegates(alice), bob);
        assertEq(sofi.getVotes(bob), 7e18, "bob votes");
    }

    function test_RevertWhen_DelegateBySigExpired() public {
        uint256 expiry = block.timestamp - 1;
        (uint8 v, bytes32 r, bytes32 s) = _delegationSig(bob, 0, expiry);
        vm.expectRevert(abi.encodeWithSelector(IVotes.VotesExpiredSignature.selector, expiry));
        sofi.delegateBySig(bob, 0, expiry, v, r, s);
    }

    function test_RevertWhen_DelegateBySigWrongNonce() public {
        uint256 expiry = block.timestamp + 1;
        (uint8 v, bytes32 r, bytes32 s) = _delegationSig(bob, 5, expiry);
        vm.expectRevert(abi.encodeWithSelector(Nonces.InvalidAccountNonce.selector, alice, 0));
        sofi.delegateBySig(bob, 5, expiry, v, r, s);
    }

    function test_CheckpointsAreTimestamped() public {
        vm.prank(owner);
        sofi.mint(alice, 10e18);
        uint256 t0 = block.timestamp;
        vm.warp(t0 + 60);
        vm.prank(alice);
        assertTrue(sofi.transfer(bob, 4e18));
        assertEq(sofi.numCheckpoints(alice), 2, "two checkpoints");
        assertEq(sofi.checkpoints(alice, 0)._key, t0, "first key is a timestamp");
        assertEq(sofi.checkpoints(alice, 0)._value, 10e18, "first value");
        assertEq(sofi.checkpoints(alice, 1)._key, t0 + 60, "second key");
        assertEq(sofi.checkpoints(alice, 1)._value, 6e18, "second value");
    }

    function test_Eip712Domain() public view {
        (bytes1 fields, string memory name, string memory version, uint256 chainId, address verifying,,) =
            sofi.eip712Domain();
        assertEq(uint256(uint8(fields)), 0x0f, "fields");
        assertEq(name, "SOFI Governance");
        assertEq(version, "1");
        assertEq(chainId, block.chainid, "chain");
        assertEq(verifying, address(sofi));
        bytes32 expected = keccak256(
            abi.encode(
                keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)"),
                keccak256("SOFI Governance"),
                keccak256("1"),
                block.chainid,
                address(sofi)
            )
        );
        assertEq(sofi.DOMAIN_SEPARATOR(), expected, "domain separator");
    }
}
