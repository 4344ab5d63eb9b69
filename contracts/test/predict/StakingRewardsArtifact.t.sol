// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Test} from "../Base.sol";
import {SofiToken} from "../../src/SofiToken.sol";
import {TestToken} from "../../src/TestToken.sol";

interface IStakingRewards {
    function stake(uint256 amount) external;
    function withdraw(uint256 amount) external;
    function getReward() external;
    function notifyRewardAmount(uint256 reward) external;
    function balanceOf(address account) external view returns (uint256);
    function earned(address account) external view returns (uint256);
    function totalSupply() external view returns (uint256);
    function rewardRate() external view returns (uint256);
    function periodFinish() external view returns (uint256);
    function rewardsDuration() external view returns (uint256);
}

/// The staking pool the deploy step creates: Uniswap's audited StakingRewards from the artifact of
/// the npm package uniswap/liquidity-staker, SOFI rewards for a liquidity token, funded by its
/// rewards distributor; the five reads the server's reader makes.
contract StakingRewardsArtifactTest is Test {
    string internal constant ARTIFACT = "../node_modules/@uniswap/liquidity-staker/build/StakingRewards.json";

    SofiToken internal sofi;
    TestToken internal lp;
    IStakingRewards internal pool;
    address internal owner = makeAddr("owner");
    address internal distributor = makeAddr("distributor");
    address internal alice = makeAddr("alice");
    address internal bob = makeAddr("bob");

    function setUp() public {
        vm.warp(1_700_000_000);
        sofi = new SofiToken(owner);
        lp = new TestToken("SOFI-WETH LP", "UNI-V2", 18, owner);
        pool = IStakingRewards(deployArtifact(ARTIFACT, abi.encode(distributor, address(sofi), address(lp))));
        vm.startPrank(owner);
        lp.mint(alice, 100e18);
        lp.mint(bob, 300e18);
        sofi.mint(distributor, 600_000e18);
        vm.stopPrank();
    }

    function test_StakeEarnAndReads() public {
        vm.startPrank(alice);
        lp.approve(address(pool), type(uint256).max);
        pool.stake(100e18);
        vm.stopPrank();
        vm.startPrank(bob);
        lp.approve(address(pool), type(uint256).max);
        pool.stake(300e18);
        vm.stopPrank();
        // The distributor sends the rewards first, then announces them: 60 days.
        vm.startPrank(distributor);
        sofi.transfer(address(pool), 600_000e18);
        pool.notifyRewardAmount(600_000e18);
        vm.stopPrank();
        assertEq(pool.rewardsDuration(), 60 days, "duration");
        assertEq(pool.periodFinish(), block.timestamp + 60 days, "period finish");
        assertEq(pool.rewardRate(), uint256(600_000e18) / 60 days, "rate");
        assertEq(pool.totalSupply(), 400e18, "staked");
        assertEq(pool.balanceOf(bob), 300e18, "bob's stake");
        vm.warp(block.timestamp + 1 days);
        uint256 day = pool.rewardRate() * 1 days;
        assertLe(pool.earned(alice), day / 4, "alice earns a quarter");
        assertGe(pool.earned(alice) + 1e6, day / 4, "alice earns a quarter");
        uint256 bobEarned = pool.earned(bob);
        vm.prank(bob);
        pool.getReward();
        assertEq(sofi.balanceOf(bob), bobEarned, "paid in SOFI");
        vm.prank(alice);
        vm.expectRevert();
        pool.notifyRewardAmount(1);
    }
}
