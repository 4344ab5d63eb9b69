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

    /// `to` 4 delegates to address(0): back to self.
    function delegate(uint256 who, uint256 to) external {
        to = to % 5;
        vm.prank(actors[who % 4]);
        sofi.delegate(to == 4 ? address(0) : actors[to]);
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

    /// Votes are never created or lost: everyone is someone's delegator (self by default), so the
    /// votes add up to the supply, and each actor's votes are the balances delegated to it.
    function invariant_VotesEqualDelegatedBalances() public view {
        uint256 votes;
        for (uint256 i = 0; i < 4; ++i) {
            address a = handler.actors(i);
            votes += sofi.getVotes(a);
            uint256 delegatedToA;
            for (uint256 j = 0; j < 4; ++j) {
                address b = handler.actors(j);
                assertTrue(sofi.delegates(b) != address(0), "every holder has a delegate");
                if (sofi.delegates(b) == a) delegatedToA += sofi.balanceOf(b);
            }
            assertEq(sofi.getVotes(a), delegatedToA, "votes of an actor");
        }
        assertEq(votes, sofi.totalSupply(), "votes");
    }
}
