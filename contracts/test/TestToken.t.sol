// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Test} from "./Base.sol";
import {TestToken} from "../src/TestToken.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {IERC20Errors} from "@openzeppelin/contracts/interfaces/draft-IERC6093.sol";

contract TestTokenTest is Test {
    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);
    event OwnershipTransferred(address indexed previousOwner, address indexed newOwner);

    TestToken internal token;
    address internal owner = makeAddr("owner");
    address internal alice = makeAddr("alice");
    address internal bob = makeAddr("bob");

    function setUp() public {
        token = new TestToken("Wrapped BTC", "WBTC", 8, owner);
    }

    function test_Metadata() public view {
        assertEq(token.name(), "Wrapped BTC");
        assertEq(token.symbol(), "WBTC");
        assertEq(token.decimals(), 8, "decimals");
        assertEq(token.owner(), owner);
        assertEq(token.totalSupply(), 0, "supply");
    }

    function testFuzz_DecimalsAreConfigurable(uint8 decimals) public {
        decimals = uint8(bound(decimals, 0, 36));
        TestToken t = new TestToken("T", "T", decimals, owner);
        assertEq(t.decimals(), decimals, "decimals");
    }

    function test_RevertWhen_DecimalsAbove36() public {
        vm.expectRevert(abi.encodeWithSelector(TestToken.DecimalsTooLarge.selector, uint8(37)));
        new TestToken("T", "T", 37, owner);
    }

    function test_RevertWhen_OwnerIsZero() public {
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableInvalidOwner.selector, address(0)));
        new TestToken("T", "T", 18, address(0));
    }

    function test_OwnerMints() public {
        vm.expectEmit(true, true, false, true, address(token));
        emit Transfer(address(0), alice, 5e8);
        vm.prank(owner);
        token.mint(alice, 5e8);
        assertEq(token.balanceOf(alice), 5e8, "balance");
        assertEq(token.totalSupply(), 5e8, "supply");
    }

    function testFuzz_RevertWhen_NonOwnerMints(address caller) public {
        vm.assume(caller != owner);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, caller));
        vm.prank(caller);
        token.mint(caller, 1);
    }

    function test_RevertWhen_MintToZeroAddress() public {
        vm.expectRevert(abi.encodeWithSelector(IERC20Errors.ERC20InvalidReceiver.selector, address(0)));
        vm.prank(owner);
        token.mint(address(0), 1);
    }

    function test_RevertWhen_MintOverflowsSupply() public {
        vm.startPrank(owner);
        token.mint(alice, type(uint256).max);
        vm.expectRevert(); // arithmetic overflow panic
        token.mint(bob, 1);
        vm.stopPrank();
    }

    function test_MintBatch() public {
        address[] memory to = new address[](3);
        to[0] = alice;
        to[1] = bob;
        to[2] = alice;
        vm.prank(owner);
        token.mintBatch(to, 7);
        assertEq(token.balanceOf(alice), 14, "alice");
        assertEq(token.balanceOf(bob), 7, "bob");
        assertEq(token.totalSupply(), 21, "supply");
    }

    function test_MintBatchEmptyIsNoop() public {
        vm.prank(owner);
        token.mintBatch(new address[](0), 7);
        assertEq(token.totalSupply(), 0, "supply");
    }

    function test_RevertWhen_NonOwnerMintsBatch() public {
        address[] memory to = new address[](1);
        to[0] = alice;
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, alice));
        vm.prank(alice);
        token.mintBatch(to, 1);
    }

    function test_RevertWhen_MintBatchHasZeroAddress() public {
        address[] memory to = new address[](2);
        to[0] = alice;
        vm.expectRevert(abi.encodeWithSelector(IERC20Errors.ERC20InvalidReceiver.selector, address(0)));
        vm.prank(owner);
        token.mintBatch(to, 1);
    }

    function testFuzz_Burn(uint256 minted, uint256 burned) public {
        burned = bound(burned, 0, minted);
        vm.prank(owner);
        token.mint(alice, minted);
        vm.expectEmit(true, true, false, true, address(token));
        emit Transfer(alice, address(0), burned);
        vm.prank(alice);
        token.burn(burned);
        assertEq(token.balanceOf(alice), minted - burned, "balance");
        assertEq(token.totalSupply(), minted - burned, "supply");
    }

    function test_RevertWhen_BurnExceedsBalance() public {
        vm.prank(owner);
        token.mint(alice, 10);
        vm.expectRevert(abi.encodeWithSelector(IERC20Errors.ERC20InsufficientBalance.selector, alice, 10, 11));
        vm.prank(alice);
        token.burn(11);
    }

    function testFuzz_TransferConservesSupply(uint256 minted, uint256 sent) public {
        sent = bound(sent, 0, minted);
        vm.prank(owner);
        token.mint(alice, minted);
        vm.expectEmit(true, true, false, true, address(token));
        emit Transfer(alice, bob, sent);
        vm.prank(alice);
        assertTrue(token.transfer(bob, sent));
        assertEq(token.balanceOf(alice), minted - sent, "alice");
        assertEq(token.balanceOf(bob), sent, "bob");
        assertEq(token.totalSupply(), minted, "supply");
    }

    function test_RevertWhen_TransferExceedsBalance() public {
        vm.expectRevert(abi.encodeWithSelector(IERC20Errors.ERC20InsufficientBalance.selector, alice, 0, 1));
        vm.prank(alice);
        // forge-lint: disable-next-line(erc20-unchecked-transfer) -- the call reverts (expectRevert above): no value to check
        token.transfer(bob, 1);
    }

    function test_RevertWhen_TransferToZeroAddress() public {
        vm.prank(owner);
        token.mint(alice, 1);
        vm.expectRevert(abi.encodeWithSelector(IERC20Errors.ERC20InvalidReceiver.selector, address(0)));
        vm.prank(alice);
        // forge-lint: disable-next-line(erc20-unchecked-transfer) -- the call reverts (expectRevert above): no value to check
        token.transfer(address(0), 1);
    }

    function testFuzz_ApproveAndTransferFrom(uint256 allowance, uint256 spent) public {
        spent = bound(spent, 0, allowance);
        vm.prank(owner);
        token.mint(alice, allowance);
        vm.expectEmit(true, true, false, true, address(token));
        emit Approval(alice, bob, allowance);
        vm.prank(alice);
        assertTrue(token.approve(bob, allowance));
        vm.prank(bob);
        assertTrue(token.transferFrom(alice, bob, spent));
        assertEq(token.balanceOf(bob), spent, "bob");
        uint256 left = allowance == type(uint256).max ? allowance : allowance - spent;
        assertEq(token.allowance(alice, bob), left, "allowance");
    }

    function test_RevertWhen_TransferFromExceedsAllowance() public {
        vm.prank(owner);
        token.mint(alice, 10);
        vm.prank(alice);
        token.approve(bob, 5);
        vm.expectRevert(abi.encodeWithSelector(IERC20Errors.ERC20InsufficientAllowance.selector, bob, 5, 6));
        vm.prank(bob);
        // forge-lint: disable-next-line(erc20-unchecked-transfer) -- the call reverts (expectRevert above): no value to check
        token.transferFrom(alice, bob, 6);
    }

    function test_RevertWhen_ApproveZeroSpender() public {
        vm.expectRevert(abi.encodeWithSelector(IERC20Errors.ERC20InvalidSpender.selector, address(0)));
        vm.prank(alice);
        token.approve(address(0), 1);
    }

    function test_TransferOwnershipMovesTheFaucet() public {
        vm.expectEmit(true, true, false, false, address(token));
        emit OwnershipTransferred(owner, alice);
        vm.prank(owner);
        token.transferOwnership(alice);
        vm.prank(alice);
        token.mint(bob, 3);
        assertEq(token.balanceOf(bob), 3, "bob");
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, owner));
        vm.prank(owner);
        token.mint(bob, 3);
    }

    function test_RevertWhen_NonOwnerTransfersOwnership() public {
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, alice));
        vm.prank(alice);
        token.transferOwnership(alice);
    }

    function test_RevertWhen_TransferOwnershipToZero() public {
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableInvalidOwner.selector, address(0)));
        vm.prank(owner);
        token.transferOwnership(address(0));
    }

    function test_RenounceOwnershipEndsMinting() public {
        vm.prank(owner);
        token.renounceOwnership();
        assertEq(token.owner(), address(0));
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, owner));
        vm.prank(owner);
        token.mint(owner, 1);
    }

    function test_RevertWhen_NonOwnerRenounces() public {
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, alice));
        vm.prank(alice);
        token.renounceOwnership();
    }
}
