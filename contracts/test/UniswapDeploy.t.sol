// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Test} from "./Base.sol";
import {TestToken} from "../src/TestToken.sol";

interface IFactory {
    function createPair(address a, address b) external returns (address);
    function getPair(address a, address b) external view returns (address);
    function allPairsLength() external view returns (uint256);
    function feeToSetter() external view returns (address);
}

interface IPair {
    function getReserves() external view returns (uint112, uint112, uint32);
    function token0() external view returns (address);
    function token1() external view returns (address);
}

interface IRouter {
    function factory() external view returns (address);
    function WETH() external view returns (address);
    function addLiquidity(address, address, uint256, uint256, uint256, uint256, address, uint256)
        external
        returns (uint256, uint256, uint256);
    function addLiquidityETH(address, uint256, uint256, uint256, address, uint256)
        external
        payable
        returns (uint256, uint256, uint256);
    function getAmountsOut(uint256 amountIn, address[] calldata path) external view returns (uint256[] memory);
    function swapExactTokensForTokens(uint256, uint256, address[] calldata, address, uint256)
        external
        returns (uint256[] memory);
    function swapExactETHForTokens(uint256, address[] calldata, address, uint256)
        external
        payable
        returns (uint256[] memory);
}

interface IWETH {
    function deposit() external payable;
    function balanceOf(address) external view returns (uint256);
}

/// The deploy script's assumptions about the npm artifacts, checked on a deployed set.
contract UniswapDeployTest is Test {
    string internal constant PAIR = "../node_modules/@uniswap/v2-core/build/UniswapV2Pair.json";
    string internal constant FACTORY = "../node_modules/@uniswap/v2-core/build/UniswapV2Factory.json";
    string internal constant ROUTER = "../node_modules/@uniswap/v2-periphery/build/UniswapV2Router02.json";
    string internal constant WETH9 = "../node_modules/@uniswap/v2-periphery/build/WETH9.json";
    /// The init-code hash hard-coded in UniswapV2Library.pairFor inside the router artifact.
    bytes32 internal constant ROUTER_INIT_CODE_HASH =
        0x96e8ac4277198ff8b6f785478aa9a39f403cb768dd02cbee326c3e7da348845f;

    IWETH internal weth;
    IFactory[2] internal factories;
    IRouter[2] internal routers;
    TestToken internal usdt;
    TestToken internal tok;
    address internal lp = makeAddr("lp");

    function setUp() public {
        weth = IWETH(deployArtifact(WETH9, ""));
        for (uint256 i = 0; i < 2; ++i) {
            factories[i] = IFactory(deployArtifact(FACTORY, abi.encode(address(this))));
            routers[i] = IRouter(deployArtifact(ROUTER, abi.encode(address(factories[i]), address(weth))));
        }
        usdt = new TestToken("Tether USD", "USDT", 18, address(this));
        tok = new TestToken("Neural Agents", "NAGI", 18, address(this));
    }

    function test_PairArtifactHashesToTheRoutersInitCodeHash() public view {
        assertEq(keccak256(artifactCode(PAIR)), ROUTER_INIT_CODE_HASH, "pair init code hash");
    }

    function test_RouterBytecodeEmbedsTheInitCodeHash() public view {
        bytes memory code = artifactCode(ROUTER);
        bool found;
        for (uint256 i = 0; i + 32 <= code.length && !found; ++i) {
            bytes32 word;
            assembly {
                word := mload(add(add(code, 0x20), i))
            }
            found = word == ROUTER_INIT_CODE_HASH;
        }
        assertTrue(found, "router bytecode holds the init code hash");
    }

    function test_CreatePairLandsWhereTheRouterLooks() public {
        for (uint256 i = 0; i < 2; ++i) {
            address pair = factories[i].createPair(address(tok), address(usdt));
            (address t0, address t1) =
                address(tok) < address(usdt) ? (address(tok), address(usdt)) : (address(usdt), address(tok));
            bytes32 salt = keccak256(abi.encodePacked(t0, t1));
            address predicted = address(
                uint160(
                    uint256(keccak256(abi.encodePacked(hex"ff", address(factories[i]), salt, ROUTER_INIT_CODE_HASH)))
                )
            );
            assertEq(pair, predicted, "CREATE2 address from the router's hash");
            assertEq(factories[i].getPair(address(usdt), address(tok)), pair, "getPair both orders");
            assertEq(IPair(pair).token0(), t0, "token0 sorted");
            assertEq(IPair(pair).token1(), t1, "token1 sorted");
            assertEq(routers[i].factory(), address(factories[i]), "router factory");
            assertEq(routers[i].WETH(), address(weth), "router weth");
            assertEq(factories[i].feeToSetter(), address(this), "fee setter");
        }
        assertTrue(
            factories[0].getPair(address(tok), address(usdt)) != factories[1].getPair(address(tok), address(usdt)),
            "independent DEXes"
        );
    }

    function _seed(uint256 dex, uint256 tokAmount, uint256 usdtAmount) internal {
        tok.mint(address(this), tokAmount);
        usdt.mint(address(this), usdtAmount);
        tok.approve(address(routers[dex]), tokAmount);
        usdt.approve(address(routers[dex]), usdtAmount);
        routers[dex].addLiquidity(address(tok), address(usdt), tokAmount, usdtAmount, 0, 0, lp, block.timestamp);
    }

    function _path() internal view returns (address[] memory path) {
        path = new address[](2);
        path[0] = address(tok);
        path[1] = address(usdt);
    }

    function test_DifferentDepthsQuoteDifferently() public {
        _seed(0, 1_000_000e18, 620_000e18);
        _seed(1, 300_000e18, 186_000e18); // same price, a third of the depth
        uint256 a = routers[0].getAmountsOut(10_000e18, _path())[1];
        uint256 b = routers[1].getAmountsOut(10_000e18, _path())[1];
        assertGt(a, b, "the deeper pool gives more out");
    }

    function testFuzz_RouterQuoteMatchesSwapAndConstantProduct(uint256 amountIn) public {
        _seed(0, 1_000_000e18, 620_000e18);
        amountIn = bound(amountIn, 1e12, 10_000_000e18);
        uint256 quoted = routers[0].getAmountsOut(amountIn, _path())[1];
        address pair = factories[0].getPair(address(tok), address(usdt));
        (uint112 r0, uint112 r1,) = IPair(pair).getReserves();
        uint256 kBefore = uint256(r0) * uint256(r1);
        tok.mint(address(this), amountIn);
        tok.approve(address(routers[0]), amountIn);
        uint256 before = usdt.balanceOf(address(this));
        routers[0].swapExactTokensForTokens(amountIn, quoted, _path(), address(this), block.timestamp);
        assertEq(usdt.balanceOf(address(this)) - before, quoted, "received the quote");
        (r0, r1,) = IPair(pair).getReserves();
        assertGe(uint256(r0) * uint256(r1), kBefore, "k never decreases");
        // The seed script's own getAmountOut: 0.3 % fee on the input.
        (uint256 rIn, uint256 rOut) = address(tok) < address(usdt)
            ? (uint256(1_000_000e18), uint256(620_000e18))
            : (uint256(620_000e18), uint256(1_000_000e18));
        assertEq(quoted, (amountIn * 997 * rOut) / (rIn * 1000 + amountIn * 997), "V2 formula");
    }

    function test_EthPathThroughWeth9() public {
        tok.mint(address(this), 1000e18);
        tok.approve(address(routers[1]), 1000e18);
        vm.deal(address(this), 10 ether);
        routers[1].addLiquidityETH{value: 1 ether}(address(tok), 1000e18, 0, 0, lp, block.timestamp);
        address[] memory path = new address[](2);
        path[0] = address(weth);
        path[1] = address(tok);
        uint256[] memory out =
            routers[1].swapExactETHForTokens{value: 0.1 ether}(0, path, address(this), block.timestamp);
        assertEq(tok.balanceOf(address(this)), out[1], "tokens out");
        assertEq(weth.balanceOf(factories[1].getPair(address(weth), address(tok))), 1.1 ether, "weth in the pair");
    }

    receive() external payable {}
}
