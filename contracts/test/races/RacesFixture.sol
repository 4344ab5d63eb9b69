// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Test} from "../Base.sol";
import {TestToken} from "../../src/TestToken.sol";
import {HeadTailRaces} from "../../src/races/HeadTailRaces.sol";
import {IRacePair} from "../../src/races/RaceTwap.sol";

interface IRaceV2Factory {
    function createPair(address a, address b) external returns (address);
    function getPair(address a, address b) external view returns (address);
}

interface IRaceV2Pair is IRacePair {
    function swap(uint256 amount0Out, uint256 amount1Out, address to, bytes calldata data) external;
    function sync() external;
    function mint(address to) external returns (uint256);
}

/// Cheat codes beyond Base.sol's subset (same fixed address).
interface RaceVm {
    function snapshotState() external returns (uint256);
    function revertToState(uint256) external returns (bool);
}

/// A real Uniswap V2 factory (the npm artifact) with TOKEN/USDT and WBTC/USDT pairs (8- and
/// 18-decimal tokens against an 18-decimal USDT; a 6-decimal USDT6 for the decimals tests), and a
/// HeadTailRaces owned by the keeper. Blocks are 12 s apart when a test moves time with `step`.
abstract contract RacesFixture is Test {
    string internal constant FACTORY = "../node_modules/@uniswap/v2-core/build/UniswapV2Factory.json";
    RaceVm internal constant vmx = RaceVm(address(uint160(uint256(keccak256("hevm cheat code")))));

    uint256 internal constant E18 = 1e18;
    uint256 internal constant BLOCK = 12;
    uint32 internal constant WINDOW = 600;

    IRaceV2Factory internal factory;
    TestToken internal usdt;
    TestToken internal token;
    TestToken internal wbtc;
    TestToken internal noPairToken;
    IRaceV2Pair internal pair;
    IRaceV2Pair internal wbtcPair;
    HeadTailRaces internal races;

    address internal keeper = makeAddr("keeper");
    address internal alice = makeAddr("alice");
    address internal bob = makeAddr("bob");
    address internal carol = makeAddr("carol");
    address internal trader = makeAddr("trader");

    /// The fixture's round: predictions [T0, T0 + 1h), round [T0 + 1h, T0 + 2h), 10-minute window.
    uint64 internal constant T0 = 1_800_000_000;
    uint64 internal startPredict = T0;
    uint64 internal endPredict = T0 + 3600;
    uint64 internal startRound = T0 + 3600;
    uint64 internal endRound = T0 + 7200;

    function setUp() public virtual {
        vm.warp(T0 - 1000);
        vm.roll(1000);
        factory = IRaceV2Factory(deployArtifact(FACTORY, abi.encode(address(this))));
        usdt = new TestToken("Tether USD", "USDT", 18, address(this));
        token = new TestToken("Wrapped Ether", "WETH", 18, address(this));
        wbtc = new TestToken("Wrapped BTC", "WBTC", 8, address(this));
        noPairToken = new TestToken("Lonely", "LONE", 18, address(this));
        pair = IRaceV2Pair(factory.createPair(address(token), address(usdt)));
        wbtcPair = IRaceV2Pair(factory.createPair(address(wbtc), address(usdt)));
        // WETH at $2,000: 1,000 WETH and 2,000,000 USDT. WBTC at $60,000: 10 WBTC, 600,000 USDT.
        _addLiquidity(pair, token, 1000 * E18, 2_000_000 * E18);
        _addLiquidity(wbtcPair, wbtc, 10 * 1e8, 600_000 * E18);
        races = new HeadTailRaces(keeper, address(factory), address(usdt));
        _step(1);
    }

    // ------------------------------------------------------------------ helpers

    function _addLiquidity(IRaceV2Pair p, TestToken t, uint256 amountToken, uint256 amountUsdt) internal {
        t.mint(address(p), amountToken);
        usdt.mint(address(p), amountUsdt);
        p.mint(address(this));
    }

    /// Mines `blocks` blocks of 12 s.
    function _step(uint256 blocks) internal {
        vm.warp(block.timestamp + blocks * BLOCK);
        vm.roll(block.number + blocks);
    }

    /// Moves to `timestamp` (a new block).
    function _at(uint256 timestamp) internal {
        vm.warp(timestamp);
        vm.roll(block.number + 1);
    }

    function _reserves(IRaceV2Pair p, address t) internal view returns (uint256 rToken, uint256 rQuote) {
        (uint112 r0, uint112 r1,) = p.getReserves();
        (rToken, rQuote) = p.token0() == t ? (uint256(r0), uint256(r1)) : (uint256(r1), uint256(r0));
    }

    /// Swaps `amountIn` of `tokenIn` (token or USDT) through the pair, as the router would.
    function _swap(IRaceV2Pair p, TestToken t, bool sellToken, uint256 amountIn) internal {
        (uint256 rToken, uint256 rQuote) = _reserves(p, address(t));
        (uint256 rIn, uint256 rOut) = sellToken ? (rToken, rQuote) : (rQuote, rToken);
        uint256 out = (amountIn * 997 * rOut) / (rIn * 1000 + amountIn * 997);
        TestToken tokenIn = sellToken ? t : usdt;
        tokenIn.mint(address(p), amountIn);
        bool outIs0 = (sellToken ? address(usdt) : address(t)) == p.token0();
        p.swap(outIs0 ? out : 0, outIs0 ? 0 : out, trader, "");
    }

    /// Moves the WETH price by about `bps` basis points (positive: up) with one swap.
    function _movePrice(int256 bps) internal {
        (uint256 rToken, uint256 rQuote) = _reserves(pair, address(token));
        // Price ~ rQuote / rToken; buying x USDT worth moves it by about (1 + x/rQuote)^2.
        if (bps > 0) _swap(pair, token, false, (rQuote * uint256(bps)) / 20_000);
        else _swap(pair, token, true, (rToken * uint256(-bps)) / 20_000);
    }

    function _priceRound() internal returns (uint256 id) {
        vm.prank(keeper);
        id = races.newPriceRound(
            "WETH-price", address(token), startPredict, endPredict, startRound, endRound, WINDOW, 1000 * E18
        );
    }

    function _eventRound() internal returns (uint256 id) {
        vm.prank(keeper);
        id = races.newRound("Final", "Seoul", "Busan", startPredict, endPredict, startRound, endRound, 500 * E18);
    }

    function _predict(uint256 id, address who, uint8 side) internal {
        vm.prank(who);
        races.predict(id, side);
    }

    function _checkpoint(uint256 id) internal {
        races.checkpoint(id);
    }

    /// Takes the fixture round's four observations on time, with `between` run in the round.
    function _observeOnTime(uint256 id) internal {
        _at(startRound - WINDOW);
        _checkpoint(id);
        _at(startRound);
        _checkpoint(id);
        _at(endRound - WINDOW);
        _checkpoint(id);
    }

    function _result(uint256 id) internal view returns (uint8) {
        return races.roundInfo(id).result;
    }

    function _expectRevertString(string memory reason) internal {
        vm.expectRevert(abi.encodeWithSignature("Error(string)", reason));
    }
}
