// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AggregatorFixture} from "../aggregator/AggregatorFixture.sol";
import {IERC20Metadata} from "@openzeppelin/contracts/token/ERC20/extensions/IERC20Metadata.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SofiAggregator} from "../../src/aggregator/SofiAggregator.sol";
import {
    IBasicIssuanceModule,
    IController,
    IIntegrationRegistry,
    ISetToken,
    ISetTokenCreator,
    IStreamingFeeModule,
    ITradeModule
} from "../../src/portfolios/ISetProtocol.sol";
import {PortfolioFactory} from "../../src/portfolios/PortfolioFactory.sol";
import {PortfolioTradingModule} from "../../src/portfolios/PortfolioTradingModule.sol";

/// Set Protocol v2 from the vendored npm artifacts (Controller, SetTokenCreator, IntegrationRegistry,
/// BasicIssuanceModule, StreamingFeeModule, TradeModule, UniswapV2ExchangeAdapter on DEX A) plus our
/// factory and trading module, on top of the aggregator fixture's two Uniswap V2 DEXes.
///
/// USD prices implied by DEX A's pools: WETH 3000, USDT/USDC/DAI 1, WBTC 60000, NAGI (tok) 0.6, FAR 0.5.
abstract contract PortfolioFixture is AggregatorFixture {
    string internal constant SET = "./vendor/set-protocol-v2/";
    string internal constant ADAPTER_NAME = "UniswapV2ExchangeAdapter";

    IController internal controller;
    ISetTokenCreator internal creator;
    IIntegrationRegistry internal registry;
    IBasicIssuanceModule internal issuance;
    IStreamingFeeModule internal streaming;
    ITradeModule internal tradeModule;
    address internal adapter;
    PortfolioFactory internal factory;
    PortfolioTradingModule internal module;

    address internal manager = makeAddr("manager");
    address internal treasury = makeAddr("treasury");
    address internal exitFeeTo = makeAddr("exitFeeTo");
    address internal protocolFeeTo = makeAddr("protocolFeeTo");

    mapping(address token => uint256) internal usd;

    function setUp() public virtual override {
        super.setUp();
        controller = IController(deployArtifact(string.concat(SET, "Controller.json"), abi.encode(protocolFeeTo)));
        bytes memory c = abi.encode(address(controller));
        creator = ISetTokenCreator(deployArtifact(string.concat(SET, "SetTokenCreator.json"), c));
        registry = IIntegrationRegistry(deployArtifact(string.concat(SET, "IntegrationRegistry.json"), c));
        issuance = IBasicIssuanceModule(deployArtifact(string.concat(SET, "BasicIssuanceModule.json"), c));
        streaming = IStreamingFeeModule(deployArtifact(string.concat(SET, "StreamingFeeModule.json"), c));
        tradeModule = ITradeModule(deployArtifact(string.concat(SET, "TradeModule.json"), c));
        adapter = deployArtifact(string.concat(SET, "UniswapV2ExchangeAdapter.json"), abi.encode(address(routers[0])));
        module = new PortfolioTradingModule(
            owner, controller, issuance, SofiAggregator(address(agg)), address(weth), treasury
        );

        address[] memory factories_ = new address[](1);
        factories_[0] = address(creator);
        address[] memory modules_ = new address[](4);
        modules_[0] = address(issuance);
        modules_[1] = address(streaming);
        modules_[2] = address(tradeModule);
        modules_[3] = address(module);
        address[] memory resources = new address[](1);
        resources[0] = address(registry);
        uint256[] memory ids = new uint256[](1);
        controller.initialize(factories_, modules_, resources, ids);
        registry.addIntegration(address(tradeModule), ADAPTER_NAME, adapter);

        factory = new PortfolioFactory(owner, creator, issuance, tradeModule);
        address[] memory allowed = new address[](7);
        allowed[0] = address(weth);
        allowed[1] = address(usdt);
        allowed[2] = address(usdc);
        allowed[3] = address(dai);
        allowed[4] = address(wbtc);
        allowed[5] = address(tok);
        allowed[6] = address(far);
        vm.prank(owner);
        factory.setAllowedTokens(allowed, true);

        usd[address(weth)] = 3_000e18;
        usd[address(usdt)] = 1e18;
        usd[address(usdc)] = 1e18;
        usd[address(dai)] = 1e18;
        usd[address(wbtc)] = 60_000e18;
        usd[address(tok)] = 0.6e18;
        usd[address(far)] = 0.5e18;
    }

    // ------------------------------------------------------------------ portfolios

    function params(address[] memory comps, uint256[] memory bps, uint256 startPrice)
        internal
        view
        returns (PortfolioFactory.CreateParams memory p)
    {
        uint256[] memory prices = new uint256[](comps.length);
        for (uint256 i = 0; i < comps.length; ++i) {
            prices[i] = usd[comps[i]];
        }
        address[] memory modules_ = new address[](2);
        modules_[0] = address(issuance);
        modules_[1] = address(tradeModule);
        p = PortfolioFactory.CreateParams({
            components: comps,
            allocations: bps,
            prices: prices,
            startPrice: startPrice,
            modules: modules_,
            manager: manager,
            name: "Blue Chips",
            symbol: "BLUE"
        });
    }

    function create(address[] memory comps, uint256[] memory bps, uint256 startPrice) internal returns (ISetToken) {
        return ISetToken(factory.create(params(comps, bps, startPrice)));
    }

    /// A portfolio with the trading module added, initialised (exit fee 1 % to exitFeeTo) and enabled.
    function createTradable(address[] memory comps, uint256[] memory bps, uint256 startPrice)
        internal
        returns (ISetToken set)
    {
        set = create(comps, bps, startPrice);
        vm.startPrank(manager);
        set.addModule(address(module));
        module.initialize(set, 100, exitFeeTo);
        module.setTradingEnabled(set, true);
        vm.stopPrank();
    }

    /// $100 start: 40 % WETH, 30 % WBTC, 20 % NAGI, 10 % USDT.
    function mixed() internal view returns (address[] memory comps, uint256[] memory bps) {
        comps = new address[](4);
        comps[0] = address(weth);
        comps[1] = address(wbtc);
        comps[2] = address(tok);
        comps[3] = address(usdt);
        bps = new uint256[](4);
        bps[0] = 4_000;
        bps[1] = 3_000;
        bps[2] = 2_000;
        bps[3] = 1_000;
    }

    function two(address a, uint256 bpsA, address b) internal pure returns (address[] memory comps, uint256[] memory bps) {
        comps = new address[](2);
        comps[0] = a;
        comps[1] = b;
        bps = new uint256[](2);
        bps[0] = bpsA;
        bps[1] = 10_000 - bpsA;
    }

    /// USD value (18 decimals) of `quantity` of a set at the fixture's prices, from its real units.
    function setValue(ISetToken set, uint256 quantity) internal view returns (uint256 value) {
        address[] memory comps = set.getComponents();
        for (uint256 i = 0; i < comps.length; ++i) {
            // forge-lint: disable-next-line(unsafe-typecast) -- default position units are positive
            uint256 unit = uint256(set.getDefaultPositionRealUnit(comps[i]));
            uint256 d = IERC20Metadata(comps[i]).decimals();
            value += unit * quantity / 1e18 * usd[comps[i]] / 10 ** d;
        }
    }

    // ------------------------------------------------------------------ trading helpers

    /// Quoted buy legs with `slippageBps` added to every leg limit; the total maximum with the fee.
    function buyLegs(ISetToken set, uint256 quantity, address tokenIn, uint256 slippageBps)
        internal
        view
        returns (PortfolioTradingModule.Leg[] memory legs, uint256 maxIn)
    {
        uint256 amountIn;
        uint256 fee;
        (legs, amountIn, fee) = module.quoteBuy(set, quantity, tokenIn);
        for (uint256 i = 0; i < legs.length; ++i) {
            legs[i].limit = legs[i].limit * (10_000 + slippageBps) / 10_000;
        }
        maxIn = (amountIn + fee) * (10_000 + slippageBps) / 10_000;
    }

    /// Quoted sell legs with `slippageBps` taken off every leg minimum; the total minimum after fees.
    function sellLegs(ISetToken set, uint256 quantity, address tokenOut, uint256 slippageBps)
        internal
        view
        returns (PortfolioTradingModule.Leg[] memory legs, uint256 minOut)
    {
        uint256 amountOut;
        (legs, amountOut,,) = module.quoteSell(set, quantity, tokenOut);
        for (uint256 i = 0; i < legs.length; ++i) {
            legs[i].limit = legs[i].limit * (10_000 - slippageBps) / 10_000;
        }
        minOut = amountOut * (10_000 - slippageBps) / 10_000;
    }

    function buyETH(address who, ISetToken set, uint256 quantity) internal returns (uint256 paid) {
        (PortfolioTradingModule.Leg[] memory legs, uint256 maxIn) = buyLegs(set, quantity, address(0), 1_000);
        vm.deal(who, who.balance + maxIn);
        uint256 before = who.balance;
        vm.prank(who);
        module.buyExactSetWithETH{value: maxIn}(set, quantity, legs, DEADLINE);
        paid = before - who.balance;
    }

    function sellETH(address who, ISetToken set, uint256 quantity) internal returns (uint256 received) {
        (PortfolioTradingModule.Leg[] memory legs, uint256 minOut) = sellLegs(set, quantity, address(0), 1_000);
        uint256 before = who.balance;
        vm.startPrank(who);
        set.approve(address(module), quantity);
        module.sellExactSetForETH(set, quantity, minOut, legs, DEADLINE);
        vm.stopPrank();
        received = who.balance - before;
    }

    /// Nothing of any fixture token, the set or ETH stays in the trading module.
    function assertModuleEmpty(ISetToken set) internal view {
        address[] memory t = allTokens();
        for (uint256 i = 0; i < t.length; ++i) {
            assertEq(IERC20(t[i]).balanceOf(address(module)), 0, "module holds a token");
        }
        assertEq(set.balanceOf(address(module)), 0, "module holds portfolio tokens");
        assertEq(address(module).balance, 0, "module holds ETH");
    }
}
