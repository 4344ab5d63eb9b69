// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {PortfolioFixture} from "./PortfolioFixture.sol";
import {ISetToken} from "../../src/portfolios/ISetProtocol.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";

/// The manager rebalances through Set's TradeModule and UniswapV2ExchangeAdapter (DEX A's router),
/// on the route `quoteRebalance` takes from the aggregator (at most three hops).
contract PortfolioManageTest is PortfolioFixture {
    ISetToken internal set;

    function setUp() public override {
        super.setUp();
        (address[] memory comps, uint256[] memory bps) = two(address(weth), 6_000, address(usdt));
        set = createTradable(comps, bps, 100e18);
        buyETH(alice, set, 10e18);
    }

    function _rebalance(address send, uint256 sendUnit, address receiveToken, uint256 slippageBps) internal {
        (, , uint256 receiveUnit, bytes memory data) =
            module.quoteRebalance(set, address(routers[0]), send, sendUnit, receiveToken);
        vm.prank(manager);
        tradeModule.trade(
            address(set), ADAPTER_NAME, send, sendUnit, receiveToken, receiveUnit * (10_000 - slippageBps) / 10_000, data
        );
    }

    function test_ManagerRebalancesIntoANewComponentOverThreeHops() public {
        uint256 wethUnit = uint256(set.getDefaultPositionRealUnit(address(weth)));
        (address[] memory path, uint256 total, uint256 receiveUnit,) =
            module.quoteRebalance(set, address(routers[0]), address(weth), wethUnit / 2, address(far));
        assertEq(path.length, 4, "WETH -> USDT -> DAI -> FAR");
        assertEq(path[1], address(usdt), "through USDT");
        assertEq(path[2], address(dai), "then DAI");
        assertGt(total, 0, "quoted");
        uint256 valueBefore = setValue(set, 1e18);

        _rebalance(address(weth), wethUnit / 2, address(far), 100);

        assertEq(set.getComponents().length, 3, "FAR added");
        assertEq(uint256(set.getDefaultPositionRealUnit(address(weth))), wethUnit - wethUnit / 2, "half the WETH");
        assertGe(uint256(set.getDefaultPositionRealUnit(address(far))), receiveUnit * 99 / 100, "FAR unit");
        uint256 valueAfter = setValue(set, 1e18);
        // Three pool fees (0.9 %) and the price impact of a $300 trade.
        assertGe(valueAfter * 10_000, valueBefore * 9_880, "value kept less pool fees");
        assertLt(valueAfter, valueBefore, "pools took their fees");

        // Buying and selling follow the new composition.
        buyETH(bob, set, 1e18);
        sellETH(alice, set, 10e18);
        sellETH(bob, set, 1e18);
        assertModuleEmpty(set);
    }

    function test_ManagerSellsAComponentOut() public {
        uint256 usdtUnit = uint256(set.getDefaultPositionRealUnit(address(usdt)));
        _rebalance(address(usdt), usdtUnit, address(weth), 100);
        assertEq(set.getComponents().length, 1, "USDT removed");
        assertEq(set.getComponents()[0], address(weth), "only WETH");
        uint256 back = sellETH(alice, set, 10e18);
        assertGt(back, 0, "still sells");
    }

    function test_RevertWhen_NotManagerRebalances() public {
        uint256 wethUnit = uint256(set.getDefaultPositionRealUnit(address(weth)));
        (,,, bytes memory data) = module.quoteRebalance(set, address(routers[0]), address(weth), wethUnit / 2, address(tok));
        vm.expectRevert(reason("Must be the SetToken manager"));
        vm.prank(alice);
        tradeModule.trade(address(set), ADAPTER_NAME, address(weth), wethUnit / 2, address(tok), 0, data);
    }

    function test_RevertWhen_RebalanceBelowTheMinimum() public {
        uint256 wethUnit = uint256(set.getDefaultPositionRealUnit(address(weth)));
        (,, uint256 receiveUnit, bytes memory data) =
            module.quoteRebalance(set, address(routers[0]), address(weth), wethUnit / 2, address(tok));
        // The adapter hands the minimum to the router, which refuses first (TradeModule would check it too).
        vm.expectRevert(reason("UniswapV2Router: INSUFFICIENT_OUTPUT_AMOUNT"));
        vm.prank(manager);
        tradeModule.trade(address(set), ADAPTER_NAME, address(weth), wethUnit / 2, address(tok), receiveUnit * 2, data);
    }

    function test_RevertWhen_QuoteForARouterWithoutTheRoute() public {
        // FAR trades only on DEX A.
        vm.expectRevert(reason("PortfolioTrading: NO_ROUTE"));
        module.quoteRebalance(set, address(routers[1]), address(weth), 1e15, address(far));
        vm.expectRevert(reason("PortfolioTrading: NO_ROUTE"));
        module.quoteRebalance(set, bob, address(weth), 1e15, address(tok));
    }

    /// The deploy's portfolio-routes step: Set's adapter on DEX B's router under its own name, so a
    /// manager can rebalance on whichever DEX quotes better. The trade must move DEX B's pools only.
    function test_ManagerRebalancesOnTheSecondDexThroughItsOwnAdapter() public {
        address adapterB =
            deployArtifact(string.concat(SET, "UniswapV2ExchangeAdapter.json"), abi.encode(address(routers[1])));
        registry.addIntegration(address(tradeModule), "UniswapV2ExchangeAdapter2", adapterB);
        uint256 wethUnit = uint256(set.getDefaultPositionRealUnit(address(weth)));
        (address[] memory path,, uint256 receiveUnit, bytes memory data) =
            module.quoteRebalance(set, address(routers[1]), address(weth), wethUnit / 2, address(tok));
        address firstPoolB = factories[1].getPair(path[0], path[1]);
        address firstPoolA = factories[0].getPair(path[0], path[1]);
        uint256 wethInB = IERC20(address(weth)).balanceOf(firstPoolB);
        uint256 wethInA = IERC20(address(weth)).balanceOf(firstPoolA);

        vm.prank(manager);
        tradeModule.trade(
            address(set), "UniswapV2ExchangeAdapter2", address(weth), wethUnit / 2, address(tok), receiveUnit * 99 / 100, data
        );

        assertGt(IERC20(address(weth)).balanceOf(firstPoolB), wethInB, "DEX B's pool took the WETH");
        assertEq(IERC20(address(weth)).balanceOf(firstPoolA), wethInA, "DEX A's pool untouched");
        assertGe(uint256(set.getDefaultPositionRealUnit(address(tok))), receiveUnit * 99 / 100, "NAGI unit");
        assertEq(uint256(set.getDefaultPositionRealUnit(address(weth))), wethUnit - wethUnit / 2, "half the WETH");
    }

    function test_AdapterIsRegisteredForTheTradeModule() public view {
        assertEq(registry.getIntegrationAdapter(address(tradeModule), ADAPTER_NAME), adapter, "adapter");
        assertTrue(registry.isValidIntegration(address(tradeModule), ADAPTER_NAME), "valid");
        assertEq(set.moduleStates(address(tradeModule)), 2, "trade module ready");
        assertEq(IERC20(address(weth)).balanceOf(address(tradeModule)), 0, "trade module holds nothing");
    }
}
