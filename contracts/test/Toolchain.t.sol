// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Test} from "./Base.sol";

/// The test base itself must be able to fail: these check that its assertions revert.
contract BaseSelfTest is Test {
    function checkEq(uint256 a, uint256 b) external pure {
        assertEq(a, b, "x");
    }

    function test_AssertEqRevertsOnMismatch() public {
        vm.expectRevert(bytes("assertion failed: x: 1 != 2"));
        this.checkEq(1, 2);
        this.checkEq(7, 7);
    }

    function testFuzz_BoundStaysInRange(uint256 x, uint256 lo, uint256 hi) public pure {
        if (lo > hi) (lo, hi) = (hi, lo);
        uint256 y = bound(x, lo, hi);
        assertGe(y, lo, "low");
        assertLe(y, hi, "high");
    }
}
