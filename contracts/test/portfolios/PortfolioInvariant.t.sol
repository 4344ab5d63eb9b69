// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Test} from "../Base.sol";
import {PortfolioFixture} from "./PortfolioFixture.sol";
import {ISetToken} from "../../src/portfolios/ISetProtocol.sol";
import {PortfolioTradingModule} from "../../src/portfolios/PortfolioTradingModule.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";

interface IRouterQuotes {
    function getAmountsIn(uint256 amountOut, address[] calldata path) external view returns (uint256[] memory);
    function getAmountsOut(uint256 amountIn, address[] calldata path) external view returns (uint256[] memory);
}

/// Random buys and sells (ETH and USDT, 10 % slippage) by three actors. Legs take fixed routes on
/// DEX A (direct, or through WETH), quoted with the router: cheaper than the module's aggregator
/// quotes, which the other tests cover, so the invariant runs stay fast.
contract PortfolioHandler is Test {
    PortfolioTradingModule public immutable module;
    ISetToken public immutable set;
    IERC20 public immutable usdt;
    address public immutable weth;
    address public immutable router;
    address[3] public actors;
    uint256 public trades;

    constructor(PortfolioTradingModule module_, ISetToken set_, IERC20 usdt_, address weth_, address router_) {
        module = module_;
        set = set_;
        usdt = usdt_;
        weth = weth_;
        router = router_;
        for (uint256 i = 0; i < 3; ++i) {
            // forge-lint: disable-next-line(unsafe-typecast) -- a small loop index: fits in 160 bits
            actors[i] = address(uint160(0xB000 + i));
        }
    }

    function _path(address from, address to) internal view returns (address[] memory p) {
        if (from == weth || to == weth) {
            p = new address[](2);
            p[0] = from;
            p[1] = to;
        } else {
            p = new address[](3);
            p[0] = from;
            p[1] = weth;
            p[2] = to;
        }
    }

    function buy(uint256 actorSeed, uint256 quantity, bool withToken) external {
        address actor = actors[actorSeed % 3];
        quantity = bound(quantity, 1e15, 5e18);
        address input = withToken ? address(usdt) : weth;
        address[] memory comps = set.getComponents();
        PortfolioTradingModule.Leg[] memory legs = new PortfolioTradingModule.Leg[](comps.length);
        uint256 total;
        for (uint256 i = 0; i < comps.length; ++i) {
            // forge-lint: disable-next-line(unsafe-typecast) -- default position units are positive
            uint256 amount = (uint256(set.getDefaultPositionRealUnit(comps[i])) * quantity + 1e18 - 1) / 1e18;
            if (comps[i] == input) {
                legs[i].limit = amount;
            } else {
                legs[i].router = router;
                legs[i].path = _path(input, comps[i]);
                legs[i].limit = IRouterQuotes(router).getAmountsIn(amount, legs[i].path)[0] * 11 / 10;
            }
            total += legs[i].limit;
        }
        uint256 maxIn = total * 1_003 / 1_000;
        vm.startPrank(actor);
        if (withToken) {
            usdt.approve(address(module), maxIn);
            module.buyExactSetWithToken(set, quantity, usdt, maxIn, legs, block.timestamp);
        } else {
            vm.deal(actor, maxIn);
            module.buyExactSetWithETH{value: maxIn}(set, quantity, legs, block.timestamp);
        }
        vm.stopPrank();
        ++trades;
    }

    function sell(uint256 actorSeed, uint256 share, bool forToken) external {
        address actor = actors[actorSeed % 3];
        uint256 held = set.balanceOf(actor);
        if (held == 0) return;
        uint256 quantity = bound(share, 1, held);
        address output = forToken ? address(usdt) : weth;
        address[] memory comps = set.getComponents();
        PortfolioTradingModule.Leg[] memory legs = new PortfolioTradingModule.Leg[](comps.length);
        for (uint256 i = 0; i < comps.length; ++i) {
            // forge-lint: disable-next-line(unsafe-typecast) -- default position units are positive
            uint256 amount = uint256(set.getDefaultPositionRealUnit(comps[i])) * quantity / 1e18;
            if (comps[i] == output || amount == 0) continue;
            address[] memory p = _path(comps[i], output);
            uint256[] memory out = IRouterQuotes(router).getAmountsOut(amount, p);
            // Dust that no pool pays for is taken in kind (a leg without a router).
            if (out[out.length - 1] == 0) continue;
            legs[i] = PortfolioTradingModule.Leg({router: router, path: p, limit: out[out.length - 1] * 9 / 10});
        }
        vm.startPrank(actor);
        set.approve(address(module), quantity);
        if (forToken) {
            module.sellExactSetForToken(set, quantity, usdt, 0, legs, block.timestamp);
        } else {
            module.sellExactSetForETH(set, quantity, 0, legs, block.timestamp);
        }
        vm.stopPrank();
        ++trades;
    }
}

contract PortfolioInvariantTest is PortfolioFixture {
    PortfolioHandler internal handler;
    ISetToken internal set;

    function setUp() public override {
        super.setUp();
        (address[] memory comps, uint256[] memory bps) = mixed();
        set = createTradable(comps, bps, 100e18);
        handler = new PortfolioHandler(module, set, IERC20(address(usdt)), address(weth), address(routers[0]));
        for (uint256 a = 0; a < 3; ++a) {
            give(address(usdt), handler.actors(a), 100_000e18);
        }
    }

    function targetContracts() public view returns (address[] memory targets) {
        targets = new address[](1);
        targets[0] = address(handler);
    }

    /// The trading module holds no tokens, portfolio tokens or ETH between calls, and every
    /// portfolio token in circulation is backed by its components. (One invariant: each runs its
    /// own campaign of trades, and these are the suite's slowest calls.)
    function invariant_ModuleHoldsNothingAndSetIsBacked() public view {
        assertModuleEmpty(set);
        address[] memory comps = set.getComponents();
        uint256 supply = set.totalSupply();
        for (uint256 i = 0; i < comps.length; ++i) {
            // forge-lint: disable-next-line(unsafe-typecast) -- default position units are positive
            uint256 unit = uint256(set.getDefaultPositionRealUnit(comps[i]));
            assertGe(IERC20(comps[i]).balanceOf(address(set)), unit * supply / 1e18, "backing");
        }
    }

    function afterInvariant() public view {
        assertGt(handler.trades(), 0, "some trades happened");
    }
}
