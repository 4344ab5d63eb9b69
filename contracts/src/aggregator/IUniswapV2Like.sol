// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @notice The parts of a Uniswap-V2-style factory the aggregator reads.
interface IUniswapV2LikeFactory {
    function getPair(address tokenA, address tokenB) external view returns (address pair);
}

/// @notice The parts of a Uniswap-V2-style router (Router02 and its forks) the aggregator uses.
interface IUniswapV2LikeRouter {
    function factory() external view returns (address);

    // forge-lint: disable-next-line(mixed-case-function)
    function WETH() external view returns (address);

    function getAmountsOut(uint256 amountIn, address[] calldata path) external view returns (uint256[] memory amounts);

    function swapExactTokensForTokensSupportingFeeOnTransferTokens(
        uint256 amountIn,
        uint256 amountOutMin,
        address[] calldata path,
        address to,
        uint256 deadline
    ) external;

    function swapExactETHForTokensSupportingFeeOnTransferTokens(
        uint256 amountOutMin,
        address[] calldata path,
        address to,
        uint256 deadline
    ) external payable;

    function swapExactTokensForETHSupportingFeeOnTransferTokens(
        uint256 amountIn,
        uint256 amountOutMin,
        address[] calldata path,
        address to,
        uint256 deadline
    ) external;
}
