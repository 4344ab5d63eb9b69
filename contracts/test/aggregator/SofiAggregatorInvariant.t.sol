// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Test} from "../Base.sol";
import {AggregatorFixture} from "./AggregatorFixture.sol";
import {SofiAggregator} from "../../src/aggregator/SofiAggregator.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";

/// Random trades of every kind, by a few funded actors, on both routers, with random minimums
/// (some above what the route can pay), tokens including the fee-on-transfer one, and time passing.
contract AggregatorHandler is Test {
    SofiAggregator public immutable agg;
    address public immutable weth;
    address public immutable feeToken;
    address[] internal tokens;
    address[] internal routers;
    address[4] public actors;

    uint256 public trades;
    uint256 public expectedFailures;
    /// Trades that reported or delivered less than their minimum (must stay 0).
    uint256 public shortfalls;
    /// Trades without the fee token, with a minimum within the quote, that failed (must stay 0).
    uint256 public unexpectedFailures;

    constructor(SofiAggregator agg_, address weth_, address feeToken_, address[] memory tokens_) {
        agg = agg_;
        weth = weth_;
        feeToken = feeToken_;
        tokens = tokens_;
        routers = agg_.getRouters();
        for (uint256 i = 0; i < 4; ++i) {
            // forge-lint: disable-next-line(unsafe-typecast) -- a small loop index: fits in 160 bits
            actors[i] = address(uint160(0xA000 + i));
        }
    }

    function actorList() external view returns (address[4] memory) {
        return actors;
    }

    function _route(uint256 inSeed, uint256 outSeed, uint256 routerSeed, uint256 amountIn)
        internal
        view
        returns (address router, address[] memory path, uint256 quote)
    {
        uint256 i = inSeed % tokens.length;
        uint256 j = outSeed % (tokens.length - 1);
        if (j >= i) ++j;
        (address[] memory rs, uint256[] memory out, address[][] memory paths) =
            agg.getUniV2Routers(amountIn, tokens[i], tokens[j]);
        uint256 r = routerSeed % rs.length;
        return (rs[r], paths[r], out[r]);
    }

    function _minimum(uint256 quote, uint256 minSeed) internal pure returns (uint256) {
        // Mostly within the quote (a slippage tolerance), sometimes above it.
        return bound(minSeed, quote / 2, quote + quote / 20 + 1);
    }

    function _record(bool ok, bytes memory err, uint256 got, uint256 minOut, uint256 quote, address[] memory path)
        internal
    {
        bool fot = path[0] == feeToken || path[path.length - 1] == feeToken;
        if (ok) {
            ++trades;
            if (got < minOut || (!fot && got != quote)) ++shortfalls;
        } else if (
            (_is(err, "SofiAggregator: INSUFFICIENT_OUTPUT_AMOUNT") && (fot || minOut > quote))
            // A fee-on-transfer dust trade quoted at a few wei can pay 0 after the fee: the pair itself
            // refuses a zero output before the aggregator's own check runs (found with fuzz seed 0x1).
            || (fot && _is(err, "UniswapV2: INSUFFICIENT_OUTPUT_AMOUNT"))
        ) {
            ++expectedFailures;
        } else {
            ++unexpectedFailures;
        }
    }

    function _is(bytes memory err, string memory reason) internal pure returns (bool) {
        return keccak256(err) == keccak256(abi.encodeWithSignature("Error(string)", reason));
    }

    function buyWithEth(uint256 actorSeed, uint256 outSeed, uint256 routerSeed, uint256 amount, uint256 minSeed)
        external
    {
        address actor = actors[actorSeed % 4];
        amount = bound(amount, 1e12, 20 ether);
        // tokens[0] is WETH: the input.
        (address router, address[] memory path, uint256 quote) = _route(0, outSeed, routerSeed, amount);
        if (path.length == 0) return;
        uint256 minOut = _minimum(quote, minSeed);
        vm.deal(actor, amount);
        vm.prank(actor);
        try agg.tradeTokenByExactETH{value: amount}(router, path, minOut, actor, type(uint256).max) returns (
            uint256 got
        ) {
            _record(true, "", got, minOut, quote, path);
        } catch (bytes memory err) {
            _record(false, err, 0, minOut, quote, path);
        }
    }

    function sellForEth(uint256 actorSeed, uint256 inSeed, uint256 routerSeed, uint256 amount, uint256 minSeed)
        external
    {
        address actor = actors[actorSeed % 4];
        uint256 i = 1 + (inSeed % (tokens.length - 1));
        uint256 balance = IERC20(tokens[i]).balanceOf(actor);
        if (balance == 0) return;
        amount = bound(amount, 1, balance / 50 + 1);
        (address router, address[] memory path, uint256 quote) = _route(i, 0, routerSeed, amount);
        if (path.length == 0 || path[path.length - 1] != weth) return;
        uint256 minOut = _minimum(quote, minSeed);
        vm.prank(actor);
        IERC20(tokens[i]).approve(address(agg), amount);
        vm.prank(actor);
        try agg.tradeETHByExactToken(router, path, amount, minOut, actor, type(uint256).max) returns (uint256 got) {
            _record(true, "", got, minOut, quote, path);
        } catch (bytes memory err) {
            _record(false, err, 0, minOut, quote, path);
        }
    }

    function swapTokens(
        uint256 actorSeed,
        uint256 inSeed,
        uint256 outSeed,
        uint256 routerSeed,
        uint256 amount,
        uint256 minSeed
    ) external {
        address actor = actors[actorSeed % 4];
        (address router, address[] memory path, uint256 quote) = _route(inSeed, outSeed, routerSeed, 1);
        if (path.length == 0) return;
        address tokenIn = path[0];
        uint256 balance = IERC20(tokenIn).balanceOf(actor);
        if (balance == 0) return;
        amount = bound(amount, 1, balance / 50 + 1);
        (router, path, quote) = _route(inSeed, outSeed, routerSeed, amount);
        if (path.length == 0) return;
        uint256 minOut = _minimum(quote, minSeed);
        vm.prank(actor);
        IERC20(tokenIn).approve(address(agg), amount);
        vm.prank(actor);
        try agg.tradeTokenByExactToken(router, path, amount, minOut, actor, type(uint256).max) returns (uint256 got) {
            _record(true, "", got, minOut, quote, path);
        } catch (bytes memory err) {
            _record(false, err, 0, minOut, quote, path);
        }
    }

    function tick(uint256 secs) external {
        vm.warp(block.timestamp + bound(secs, 1, 1 days));
    }
}

contract SofiAggregatorInvariantTest is AggregatorFixture {
    AggregatorHandler internal handler;

    function setUp() public override {
        super.setUp();
        handler = new AggregatorHandler(agg, address(weth), address(fee), allTokens());
        address[4] memory actors = handler.actorList();
        address[] memory t = allTokens();
        for (uint256 a = 0; a < 4; ++a) {
            for (uint256 i = 0; i < t.length; ++i) {
                uint256 unit = 10 ** IDecimals(t[i]).decimals();
                give(t[i], actors[a], 1_000 * unit);
            }
        }
    }

    function targetContracts() public view returns (address[] memory targets) {
        targets = new address[](1);
        targets[0] = address(handler);
    }

    /// The aggregator never keeps tokens, ETH or allowances after any sequence of trades.
    function invariant_AggregatorHoldsNothing() public view {
        address[] memory t = allTokens();
        for (uint256 i = 0; i < t.length; ++i) {
            assertEq(IERC20(t[i]).balanceOf(address(agg)), 0, "token balance");
            for (uint256 r = 0; r < 2; ++r) {
                assertEq(IERC20(t[i]).allowance(address(agg), address(routers[r])), 0, "router allowance");
            }
        }
        assertEq(address(agg).balance, 0, "ETH balance");
    }

    /// No trade ever delivered less than its minimum; quoted trades deliver their quote.
    function invariant_NoShortfall() public view {
        assertEq(handler.shortfalls(), 0, "shortfalls");
    }

    /// Trades within their quote never fail; the only failures are minimums above what is possible.
    function invariant_OnlyExpectedFailures() public view {
        assertEq(handler.unexpectedFailures(), 0, "unexpected failures");
    }

    /// The runs really trade (not only skip).
    function afterInvariant() public view {
        assertGt(handler.trades(), 0, "some trades happened");
    }
}

interface IDecimals {
    function decimals() external view returns (uint8);
}
