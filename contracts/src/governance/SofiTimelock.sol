// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {TimelockController} from "@openzeppelin/contracts/governance/TimelockController.sol";

/**
 * @title SofiTimelock
 * @notice OpenZeppelin 5's TimelockController, unchanged: it executes SofiGovernor's proposals and
 * owns the portfolio allow-list, the market arbitrator and the treasury.
 * @dev Declared here only so forge compiles it from our source tree. Built from node_modules as a
 * target of its own, its metadata names the checkout's absolute path, so its bytecode (and the
 * generated copy the deploy uses) changed with the folder the repository was cloned into.
 */
contract SofiTimelock is TimelockController {
    constructor(uint256 minDelay, address[] memory proposers, address[] memory executors, address admin)
        TimelockController(minDelay, proposers, executors, admin)
    {}
}
