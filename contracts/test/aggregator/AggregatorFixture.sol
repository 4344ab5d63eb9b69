// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Test} from "../Base.sol";
import {TestToken} from "../../src/TestToken.sol";
import {SofiAggregator} from "../../src/aggregator/SofiAggregator.sol";
import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

interface IV2Factory {
    function getPair(address a, address b) external view returns (address);
}

interface IV2Pair {
    function getReserves() external view returns (uint112, uint112, uint32);
    function token0() external view returns (address);
}

interface IV2Router {
    function factory() external view returns (address);
    // forge-lint: disable-next-line(mixed-case-function)
    function WETH() external view returns (address);
    function addLiquidity(address, address, uint256, uint256, uint256, uint256, address, uint256)
        external
        returns (uint256, uint256, uint256);
    function getAmountsOut(uint256 amountIn, address[] calldata path) external view returns (uint256[] memory);
}

interface IWETH9 {
    function deposit() external payable;
    function withdraw(uint256) external;
    function approve(address, uint256) external returns (bool);
    function transfer(address, uint256) external returns (bool);
    function balanceOf(address) external view returns (uint256);
    function allowance(address, address) external view returns (uint256);
}

/// Cheat codes beyond Base.sol's subset (same fixed address).
interface VmExtra {
    function snapshotState() external returns (uint256);
    function revertToState(uint256) external returns (bool);
}

/// A token that burns 1 % of every transfer between two holders (mint and burn are exempt).
contract FeeOnTransferToken is ERC20 {
    address private immutable _minter;

    constructor() ERC20("Fee Token", "FEE") {
        _minter = msg.sender;
    }

    function mint(address to, uint256 amount) external {
        require(msg.sender == _minter, "minter");
        _mint(to, amount);
    }

    function feeOf(uint256 amount) public pure returns (uint256) {
        return amount / 100;
    }

    function _update(address from, address to, uint256 value) internal override {
        if (from != address(0) && to != address(0)) {
            uint256 fee = feeOf(value);
            super._update(from, address(0), fee);
            value -= fee;
        }
        super._update(from, to, value);
    }
}

/// Two independent Uniswap V2 deployments from the npm artifacts (like the deploy script), with
/// different depths and slightly different prices, over WETH, the four stable/BTC bases and three
/// more tokens, plus the aggregator with both routers and the bases registered.
///
/// Pairs (A = deep DEX, B = shallow DEX with a better ETH price):
///   both: WETH/USDT, WETH/USDC, USDT/USDC, WETH/WBTC, TOK/WETH, FEE/WETH
///   A only: DAI/USDT, FAR/DAI, FEE/USDT          B only: TOK/USDT
/// So FAR reaches WETH only on A and only through two bases (FAR -> DAI -> USDT -> WETH).
abstract contract AggregatorFixture is Test {
    string internal constant FACTORY = "../node_modules/@uniswap/v2-core/build/UniswapV2Factory.json";
    string internal constant ROUTER = "../node_modules/@uniswap/v2-periphery/build/UniswapV2Router02.json";
    string internal constant WETH9 = "../node_modules/@uniswap/v2-periphery/build/WETH9.json";

    VmExtra internal constant vmx = VmExtra(address(uint160(uint256(keccak256("hevm cheat code")))));

    IWETH9 internal weth;
    IV2Factory[2] internal factories;
    IV2Router[2] internal routers;
    TestToken internal usdt;
    TestToken internal usdc;
    TestToken internal dai;
    TestToken internal wbtc;
    TestToken internal tok;
    TestToken internal far;
    FeeOnTransferToken internal fee;
    SofiAggregator internal agg;

    address internal owner = makeAddr("owner");
    address internal alice = makeAddr("alice");
    address internal bob = makeAddr("bob");
    address internal lp = makeAddr("lp");

    uint256 internal constant DEADLINE = type(uint40).max;

    function setUp() public virtual {
        vm.warp(1_700_000_000);
        weth = IWETH9(deployArtifact(WETH9, ""));
        for (uint256 i = 0; i < 2; ++i) {
            factories[i] = IV2Factory(deployArtifact(FACTORY, abi.encode(address(this))));
            routers[i] = IV2Router(deployArtifact(ROUTER, abi.encode(address(factories[i]), address(weth))));
        }
        usdt = new TestToken("Tether USD", "USDT", 18, address(this));
        usdc = new TestToken("USD Coin", "USDC", 6, address(this));
        dai = new TestToken("Dai Stablecoin", "DAI", 18, address(this));
        wbtc = new TestToken("Wrapped BTC", "WBTC", 8, address(this));
        tok = new TestToken("Neural Agents", "NAGI", 18, address(this));
        far = new TestToken("Far Token", "FAR", 18, address(this));
        fee = new FeeOnTransferToken();

        // DEX A: deep, ETH at 3000. DEX B: a tenth of the depth, ETH at 3030 (better for small buys of USD).
        _add(0, address(weth), 1_000e18, address(usdt), 3_000_000e18);
        _add(1, address(weth), 100e18, address(usdt), 303_000e18);
        _add(0, address(weth), 1_000e18, address(usdc), 3_000_000e6);
        _add(1, address(weth), 100e18, address(usdc), 301_000e6);
        _add(0, address(usdt), 1_000_000e18, address(usdc), 1_000_000e6);
        _add(1, address(usdt), 100_000e18, address(usdc), 100_200e6);
        _add(0, address(weth), 1_000e18, address(wbtc), 50e8);
        _add(1, address(weth), 100e18, address(wbtc), 5.1e8);
        _add(0, address(tok), 5_000_000e18, address(weth), 1_000e18);
        _add(1, address(tok), 480_000e18, address(weth), 100e18);
        _add(0, address(fee), 3_000_000e18, address(weth), 1_000e18);
        _add(1, address(fee), 300_000e18, address(weth), 100e18);
        _add(0, address(dai), 1_000_000e18, address(usdt), 1_000_000e18);
        _add(0, address(far), 2_000_000e18, address(dai), 1_000_000e18);
        _add(0, address(fee), 3_000_000e18, address(usdt), 3_000_000e18);
        _add(1, address(tok), 500_000e18, address(usdt), 300_000e18);

        address[] memory rs = new address[](2);
        rs[0] = address(routers[0]);
        rs[1] = address(routers[1]);
        agg = new SofiAggregator(owner, rs, bases());
    }

    function bases() internal view returns (address[] memory b) {
        b = new address[](5);
        b[0] = address(weth);
        b[1] = address(usdt);
        b[2] = address(usdc);
        b[3] = address(dai);
        b[4] = address(wbtc);
    }

    /// Every token the fixture trades (index 0 is WETH).
    function allTokens() internal view returns (address[] memory t) {
        t = new address[](8);
        t[0] = address(weth);
        t[1] = address(usdt);
        t[2] = address(usdc);
        t[3] = address(dai);
        t[4] = address(wbtc);
        t[5] = address(tok);
        t[6] = address(far);
        t[7] = address(fee);
    }

    function give(address token, address to, uint256 amount) internal {
        if (token == address(weth)) {
            vm.deal(address(this), amount);
            weth.deposit{value: amount}();
            require(weth.transfer(to, amount), "weth transfer");
        } else if (token == address(fee)) {
            fee.mint(to, amount);
        } else {
            TestToken(token).mint(to, amount);
        }
    }

    function _add(uint256 dex, address a, uint256 amountA, address b, uint256 amountB) internal {
        give(a, address(this), amountA);
        give(b, address(this), amountB);
        ERC20(a).approve(address(routers[dex]), amountA);
        ERC20(b).approve(address(routers[dex]), amountB);
        routers[dex].addLiquidity(a, b, amountA, amountB, 0, 0, lp, block.timestamp);
    }

    function path2(address a, address b) internal pure returns (address[] memory p) {
        p = new address[](2);
        p[0] = a;
        p[1] = b;
    }

    function path3(address a, address b, address c) internal pure returns (address[] memory p) {
        p = new address[](3);
        p[0] = a;
        p[1] = b;
        p[2] = c;
    }

    function path4(address a, address b, address c, address d) internal pure returns (address[] memory p) {
        p = new address[](4);
        p[0] = a;
        p[1] = b;
        p[2] = c;
        p[3] = d;
    }

    function reason(string memory text) internal pure returns (bytes memory) {
        return abi.encodeWithSignature("Error(string)", text);
    }

    function pathsEqual(address[] memory a, address[] memory b) internal pure returns (bool) {
        if (a.length != b.length) return false;
        for (uint256 i = 0; i < a.length; ++i) {
            if (a[i] != b[i]) return false;
        }
        return true;
    }

    /// The router's own quote for a path, 0 when it reverts (missing pair, no liquidity).
    function routerQuote(uint256 dex, uint256 amountIn, address[] memory path) internal view returns (uint256) {
        for (uint256 i = 0; i + 1 < path.length; ++i) {
            if (factories[dex].getPair(path[i], path[i + 1]) == address(0)) return 0;
        }
        try routers[dex].getAmountsOut(amountIn, path) returns (uint256[] memory amounts) {
            return amounts[amounts.length - 1];
        } catch {
            return 0;
        }
    }

    /// Brute force over every path of at most three hops through the bases (independent of the
    /// aggregator's pruning): the best output on one DEX.
    function bruteBest(uint256 dex, uint256 amountIn, address tokenIn, address tokenOut)
        internal
        view
        returns (uint256 best)
    {
        address[] memory b = bases();
        best = routerQuote(dex, amountIn, path2(tokenIn, tokenOut));
        for (uint256 i = 0; i < b.length; ++i) {
            if (b[i] == tokenIn || b[i] == tokenOut) continue;
            uint256 q = routerQuote(dex, amountIn, path3(tokenIn, b[i], tokenOut));
            if (q > best) best = q;
            for (uint256 j = 0; j < b.length; ++j) {
                if (j == i || b[j] == tokenIn || b[j] == tokenOut) continue;
                q = routerQuote(dex, amountIn, path4(tokenIn, b[i], b[j], tokenOut));
                if (q > best) best = q;
            }
        }
    }

    receive() external payable {}
}
