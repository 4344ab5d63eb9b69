// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @notice The subset of forge's cheat codes these tests use (forge-std is not available offline).
interface Vm {
    struct Log {
        bytes32[] topics;
        bytes data;
        address emitter;
    }

    function prank(address sender) external;
    function startPrank(address sender) external;
    function stopPrank() external;
    function deal(address who, uint256 newBalance) external;
    function warp(uint256 newTimestamp) external;
    function roll(uint256 newHeight) external;
    function expectRevert() external;
    function expectRevert(bytes4 revertData) external;
    function expectRevert(bytes calldata revertData) external;
    function expectEmit(bool checkTopic1, bool checkTopic2, bool checkTopic3, bool checkData) external;
    function expectEmit(bool checkTopic1, bool checkTopic2, bool checkTopic3, bool checkData, address emitter) external;
    function assume(bool condition) external pure;
    function label(address account, string calldata newLabel) external;
    function addr(uint256 privateKey) external pure returns (address);
    function sign(uint256 privateKey, bytes32 digest) external pure returns (uint8 v, bytes32 r, bytes32 s);
    function readFile(string calldata path) external view returns (string memory data);
    function parseJsonString(string calldata json, string calldata key) external pure returns (string memory);
    function parseBytes(string calldata stringifiedValue) external pure returns (bytes memory);
    function recordLogs() external;
    function getRecordedLogs() external returns (Log[] memory logs);
    function etch(address target, bytes calldata newRuntimeBytecode) external;
    function cool(address target) external;
    function chainId(uint256 newChainId) external;
    function getBlockTimestamp() external view returns (uint256);
    function toString(uint256 value) external pure returns (string memory);
    function toString(address value) external pure returns (string memory);
}

/// @notice Minimal test base: the cheat-code handle, assertions that revert with a message, bound().
abstract contract Test {
    Vm internal constant vm = Vm(address(uint160(uint256(keccak256("hevm cheat code")))));

    /// @dev Read by forge: a test contract reports failure through this flag or a revert.
    bool public IS_TEST = true;

    function fail(string memory message) internal pure {
        revert(string.concat("assertion failed: ", message));
    }

    function assertTrue(bool condition, string memory message) internal pure {
        if (!condition) fail(message);
    }

    function assertTrue(bool condition) internal pure {
        assertTrue(condition, "expected true");
    }

    function assertFalse(bool condition, string memory message) internal pure {
        if (condition) fail(message);
    }

    function assertEq(uint256 a, uint256 b, string memory message) internal pure {
        if (a != b) fail(string.concat(message, ": ", _u(a), " != ", _u(b)));
    }

    function assertEq(uint256 a, uint256 b) internal pure {
        assertEq(a, b, "uint");
    }

    function assertEq(int256 a, int256 b, string memory message) internal pure {
        if (a != b) fail(message);
    }

    function assertEq(address a, address b, string memory message) internal pure {
        if (a != b) fail(string.concat(message, ": addresses differ"));
    }

    function assertEq(address a, address b) internal pure {
        assertEq(a, b, "address");
    }

    function assertEq(bytes32 a, bytes32 b, string memory message) internal pure {
        if (a != b) fail(string.concat(message, ": bytes32 differ"));
    }

    function assertEq(bytes32 a, bytes32 b) internal pure {
        assertEq(a, b, "bytes32");
    }

    function assertEq(bool a, bool b, string memory message) internal pure {
        if (a != b) fail(message);
    }

    function assertEq(string memory a, string memory b, string memory message) internal pure {
        if (keccak256(bytes(a)) != keccak256(bytes(b))) fail(string.concat(message, ": '", a, "' != '", b, "'"));
    }

    function assertEq(string memory a, string memory b) internal pure {
        assertEq(a, b, "string");
    }

    function assertEq(bytes memory a, bytes memory b, string memory message) internal pure {
        if (keccak256(a) != keccak256(b)) fail(string.concat(message, ": bytes differ"));
    }

    function assertGt(uint256 a, uint256 b, string memory message) internal pure {
        if (a <= b) fail(string.concat(message, ": ", _u(a), " <= ", _u(b)));
    }

    function assertGe(uint256 a, uint256 b, string memory message) internal pure {
        if (a < b) fail(string.concat(message, ": ", _u(a), " < ", _u(b)));
    }

    function assertLt(uint256 a, uint256 b, string memory message) internal pure {
        if (a >= b) fail(string.concat(message, ": ", _u(a), " >= ", _u(b)));
    }

    function assertLe(uint256 a, uint256 b, string memory message) internal pure {
        if (a > b) fail(string.concat(message, ": ", _u(a), " > ", _u(b)));
    }

    /// @dev Maps x into [min, max] without discarding fuzz runs.
    function bound(uint256 x, uint256 min, uint256 max) internal pure returns (uint256) {
        require(min <= max, "bound: min > max");
        if (x >= min && x <= max) return x;
        uint256 size = max - min + 1;
        if (size == 0) return x; // full range
        return min + (x % size);
    }

    function makeAddr(string memory name) internal returns (address a) {
        a = address(uint160(uint256(keccak256(bytes(name)))));
        vm.label(a, name);
    }

    /// @dev Creation code from a truffle/waffle-style artifact (`bytecode` as unprefixed hex), as
    ///      shipped in the Uniswap npm packages (vm.getCode rejects their duplicate `bytecode` keys).
    function artifactCode(string memory path) internal view returns (bytes memory) {
        string memory hexCode = vm.parseJsonString(vm.readFile(path), ".bytecode");
        bytes memory raw = bytes(hexCode);
        if (raw.length >= 2 && raw[0] == "0" && raw[1] == "x") return vm.parseBytes(hexCode);
        return vm.parseBytes(string.concat("0x", hexCode));
    }

    function deployArtifact(string memory path, bytes memory args) internal returns (address deployed) {
        bytes memory code = abi.encodePacked(artifactCode(path), args);
        assembly {
            deployed := create(0, add(code, 0x20), mload(code))
        }
        require(deployed != address(0), string.concat("deploy failed: ", path));
    }

    function _u(uint256 v) private pure returns (string memory) {
        if (v == 0) return "0";
        uint256 len;
        for (uint256 t = v; t != 0; t /= 10) {
            ++len;
        }
        bytes memory out = new bytes(len);
        while (v != 0) {
            out[--len] = bytes1(uint8(48 + (v % 10)));
            v /= 10;
        }
        return string(out);
    }
}
