// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Bench-only helpers: they build a chain with many Uniswap V2 swaps quickly. Never deployed by
/// the product; `bench/` deploys them on its own throwaway anvil chains.

interface IBenchPair {
    function token0() external view returns (address);
    function token1() external view returns (address);
    function getReserves() external view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast);
    function swap(uint256 amount0Out, uint256 amount1Out, address to, bytes calldata data) external;
}

interface IBenchERC20 {
    function transfer(address to, uint256 value) external returns (bool);
}

/// Does `count` small swaps directly against one Uniswap V2 pair in one transaction, alternating
/// directions, so each swap emits the pair's Swap and Sync events. It must hold enough of both
/// tokens (it pays the input of every swap and receives the output back).
contract SwapBatcher {
    /// Even swaps send `amount0In` of token0, odd ones `amount1In` of token1 (so tokens of any
    /// decimals and price trade sensible sizes); outputs follow the pair's 0.3% fee formula.
    function run(address pair, uint256 count, uint256 amount0In, uint256 amount1In) external {
        IBenchPair p = IBenchPair(pair);
        address t0 = p.token0();
        address t1 = p.token1();
        (uint112 r0, uint112 r1,) = p.getReserves();
        uint256 reserve0 = r0;
        uint256 reserve1 = r1;
        for (uint256 i = 0; i < count; i++) {
            if (i % 2 == 0) {
                uint256 out = _amountOut(amount0In, reserve0, reserve1);
                require(IBenchERC20(t0).transfer(pair, amount0In), "transfer0");
                p.swap(0, out, address(this), "");
                reserve0 += amount0In;
                reserve1 -= out;
            } else {
                uint256 out = _amountOut(amount1In, reserve1, reserve0);
                require(IBenchERC20(t1).transfer(pair, amount1In), "transfer1");
                p.swap(out, 0, address(this), "");
                reserve1 += amount1In;
                reserve0 -= out;
            }
        }
    }

    function _amountOut(uint256 amountIn, uint256 reserveIn, uint256 reserveOut) private pure returns (uint256) {
        uint256 inWithFee = amountIn * 997;
        return (inWithFee * reserveOut) / (reserveIn * 1000 + inWithFee);
    }
}

/// Minimal mintable ERC-20 for bench chains (standard Transfer/Approval events, anyone may mint:
/// it only ever lives on a throwaway local chain).
contract BenchToken {
    string public name;
    string public symbol;
    uint8 public immutable decimals;
    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    constructor(string memory name_, string memory symbol_, uint8 decimals_) {
        name = name_;
        symbol = symbol_;
        decimals = decimals_;
    }

    function mint(address to, uint256 value) external {
        totalSupply += value;
        balanceOf[to] += value;
        emit Transfer(address(0), to, value);
    }

    function approve(address spender, uint256 value) external returns (bool) {
        allowance[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
        return true;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        _move(msg.sender, to, value);
        return true;
    }

    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        uint256 allowed = allowance[from][msg.sender];
        if (allowed != type(uint256).max) {
            require(allowed >= value, "allowance");
            allowance[from][msg.sender] = allowed - value;
        }
        _move(from, to, value);
        return true;
    }

    function _move(address from, address to, uint256 value) private {
        require(balanceOf[from] >= value, "balance");
        balanceOf[from] -= value;
        balanceOf[to] += value;
        emit Transfer(from, to, value);
    }
}
