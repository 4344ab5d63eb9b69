// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Test} from "./Base.sol";
import {SofiToken} from "../src/SofiToken.sol";

/// Random mints, transfers, burns and delegations by a fixed set of actors.
contract SofiHandler is Test {
    SofiToken public immutable sofi;
    address[4] public actors;

    constructor(SofiToken sofi_) {
        sofi = sofi_;
        for (uint256 i = 0; i < 4; ++i) {
            // forge-lint: disable-next-line(unsafe-typecast) -- a small loop index: fits in 160 bits
            actors[i] = address(uint160(0x1000 + i));
        }
    }

    function mint(uint256 who, uint256 amount) external {
        amount = bound(amount, 0, 1e30);
        sofi.mint(actors[who % 4], amount);
    }

    function transfer(uint256 from, uint256 to, uint256 amount) external {
        address f = actors[from % 4];
        amount = bound(amount, 0, sofi.balanceOf(f));
        vm.prank(f);
        assertTrue(sofi.transfer(actors[to % 4], amount));
    }

    function burn(uint256 who, uint256 amount) external {
        address f = actors[who % 4];
        amount = bound(amount, 0, sofi.balanceOf(f));
        vm.prank(f);
        sofi.burn(amount);
    }

    function delegate(uint256 who, uint256 to) external {
        vm.prank(actors[who % 4]);
        sofi.delegate(actors[to % 4]);
    }

    function tick(uint256 secs) external {
        vm.warp(block.timestamp + bound(secs, 1, 1 days));
    }
}

contract TokenInvariantsTest is Test {
    SofiToken internal sofi;
    SofiHandler internal handler;

    function setUp() public {
        sofi = new SofiToken(address(0xdead));
        handler = new SofiHandler(sofi);
        vm.prank(address(0xdead));
        sofi.transferOwnership(address(handler));
    }

    function targetContracts() public view returns (address[] memory targets) {
        targets = new address[](1);
        targets[0] = address(handler);
    }

    /// Balances add up to the supply.
    function invariant_BalancesSumToSupply() public view {
        uint256 sum;
        for (uint256 i = 0; i < 4; ++i) {
            sum += sofi.balanceOf(handler.actors(i));
        }
        assertEq(sum, sofi.totalSupply(), "sum of balances");
    }

    /// Votes are never created: total delegated votes equal the delegated balances.
    function invariant_VotesEqualDelegatedBalances() public view {
        uint256 votes;
        uint256 delegated;
        for (uint256 i = 0; i < 4; ++i) {
            address a = handler.actors(i);
            votes += sofi.getVotes(a);
            if (sofi.delegates(a) != address(0)) delegated += sofi.balanceOf(a);
        }
        assertEq(votes, delegated, "votes");
    }
}
