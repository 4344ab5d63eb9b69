// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Test} from "./Base.sol";
import {Multicall3} from "../src/Multicall3.sol";

contract Target {
    uint256 public stored;

    function set(uint256 v) external payable returns (uint256) {
        stored = v;
        return v * 2;
    }

    function boom() external pure {
        revert("boom");
    }
}

contract Multicall3Test is Test {
    Multicall3 internal mc;
    Target internal target;

    function setUp() public {
        mc = new Multicall3();
        target = new Target();
        vm.roll(100);
        vm.warp(1_700_000_000);
    }

    function _calls(bool withFailure) internal view returns (Multicall3.Call[] memory calls) {
        calls = new Multicall3.Call[](2);
        calls[0] = Multicall3.Call(address(target), abi.encodeCall(Target.set, (21)));
        calls[1] = withFailure
            ? Multicall3.Call(address(target), abi.encodeCall(Target.boom, ()))
            : Multicall3.Call(address(mc), abi.encodeCall(Multicall3.getBlockNumber, ()));
    }

    function test_Aggregate() public {
        (uint256 blockNumber, bytes[] memory ret) = mc.aggregate(_calls(false));
        assertEq(blockNumber, 100, "block");
        assertEq(abi.decode(ret[0], (uint256)), 42, "set returns");
        assertEq(abi.decode(ret[1], (uint256)), 100, "getBlockNumber");
        assertEq(target.stored(), 21, "state written");
    }

    function test_RevertWhen_AggregateCallFails() public {
        vm.expectRevert(bytes("Multicall3: call failed"));
        mc.aggregate(_calls(true));
    }

    function test_TryAggregateReportsFailures() public {
        Multicall3.Result[] memory res = mc.tryAggregate(false, _calls(true));
        assertTrue(res[0].success, "first ok");
        assertFalse(res[1].success, "second failed");
        assertEq(res[1].returnData, abi.encodeWithSignature("Error(string)", "boom"), "revert data");
    }

    function test_RevertWhen_TryAggregateRequiresSuccess() public {
        vm.expectRevert(bytes("Multicall3: call failed"));
        mc.tryAggregate(true, _calls(true));
    }

    function test_BlockAndAggregate() public {
        (uint256 bn, bytes32 bh, Multicall3.Result[] memory res) = mc.blockAndAggregate(_calls(false));
        assertEq(bn, 100, "block");
        assertEq(bh, blockhash(100), "hash");
        assertEq(res.length, 2, "results");
        vm.expectRevert(bytes("Multicall3: call failed"));
        mc.blockAndAggregate(_calls(true));
    }

    function test_TryBlockAndAggregate() public {
        (uint256 bn,, Multicall3.Result[] memory res) = mc.tryBlockAndAggregate(false, _calls(true));
        assertEq(bn, 100, "block");
        assertFalse(res[1].success, "failure reported");
    }

    function test_Aggregate3PerCallFailurePolicy() public {
        Multicall3.Call3[] memory calls = new Multicall3.Call3[](2);
        calls[0] = Multicall3.Call3(address(target), false, abi.encodeCall(Target.set, (5)));
        calls[1] = Multicall3.Call3(address(target), true, abi.encodeCall(Target.boom, ()));
        Multicall3.Result[] memory res = mc.aggregate3(calls);
        assertTrue(res[0].success, "ok");
        assertFalse(res[1].success, "allowed failure");
        calls[1].allowFailure = false;
        vm.expectRevert(bytes("Multicall3: call failed"));
        mc.aggregate3(calls);
    }

    function testFuzz_Aggregate3Value(uint96 a, uint96 b) public {
        Multicall3.Call3Value[] memory calls = new Multicall3.Call3Value[](2);
        calls[0] = Multicall3.Call3Value(address(target), false, a, abi.encodeCall(Target.set, (1)));
        calls[1] = Multicall3.Call3Value(address(target), false, b, abi.encodeCall(Target.set, (2)));
        uint256 total = uint256(a) + uint256(b);
        vm.deal(address(this), total + 1);
        mc.aggregate3Value{value: total}(calls);
        assertEq(address(target).balance, total, "value forwarded");
        assertEq(target.stored(), 2, "last write wins");
    }

    function test_RevertWhen_Aggregate3ValueMismatch() public {
        Multicall3.Call3Value[] memory calls = new Multicall3.Call3Value[](1);
        calls[0] = Multicall3.Call3Value(address(target), false, 1, abi.encodeCall(Target.set, (1)));
        vm.deal(address(this), 10);
        vm.expectRevert(bytes("Multicall3: value mismatch"));
        mc.aggregate3Value{value: 2}(calls);
    }

    function test_RevertWhen_Aggregate3ValueCallFails() public {
        Multicall3.Call3Value[] memory calls = new Multicall3.Call3Value[](1);
        calls[0] = Multicall3.Call3Value(address(target), false, 0, abi.encodeCall(Target.boom, ()));
        vm.expectRevert(bytes("Multicall3: call failed"));
        mc.aggregate3Value(calls);
    }

    function test_Getters() public {
        address who = makeAddr("who");
        vm.deal(who, 123);
        assertEq(mc.getEthBalance(who), 123, "balance");
        assertEq(mc.getBlockNumber(), 100, "number");
        assertEq(mc.getCurrentBlockTimestamp(), 1_700_000_000, "timestamp");
        assertEq(mc.getChainId(), block.chainid, "chain");
        assertEq(mc.getBasefee(), block.basefee, "basefee");
        assertEq(mc.getCurrentBlockGasLimit(), block.gaslimit, "gas limit");
        assertEq(mc.getCurrentBlockCoinbase(), block.coinbase, "coinbase");
        assertEq(mc.getCurrentBlockDifficulty(), block.prevrandao, "prevrandao");
        assertEq(mc.getBlockHash(99), blockhash(99), "block hash");
        assertEq(mc.getLastBlockHash(), blockhash(99), "last block hash");
    }
}
