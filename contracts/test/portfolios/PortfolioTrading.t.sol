// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {PortfolioFixture} from "./PortfolioFixture.sol";
import {ISetToken, IStreamingFeeModule} from "../../src/portfolios/ISetProtocol.sol";
import {PortfolioTradingModule} from "../../src/portfolios/PortfolioTradingModule.sol";
import {SofiAggregator} from "../../src/aggregator/SofiAggregator.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

/// Pretends to be a portfolio managed by its deployer, but the controller does not know it.
contract FakeSet {
    address public immutable manager = msg.sender;
}

/// A buyer or seller contract whose ETH receipt re-enters the trading module.
contract Reenterer {
    PortfolioTradingModule internal immutable module;
    ISetToken internal immutable set;
    uint256 internal mode; // 1 buy again, 2 sell again
    PortfolioTradingModule.Leg[] internal noLegs;
    bytes public innerError;

    constructor(PortfolioTradingModule module_, ISetToken set_) {
        module = module_;
        set = set_;
    }

    function buy(uint256 quantity, PortfolioTradingModule.Leg[] calldata legs, uint256 reenter) external payable {
        mode = reenter;
        module.buyExactSetWithETH{value: msg.value}(set, quantity, legs, type(uint40).max);
    }

    function sell(uint256 quantity, uint256 minOut, PortfolioTradingModule.Leg[] calldata legs, uint256 reenter)
        external
    {
        mode = reenter;
        set.approve(address(module), quantity);
        module.sellExactSetForETH(set, quantity, minOut, legs, type(uint40).max);
    }

    receive() external payable {
        if (mode == 1) {
            try module.buyExactSetWithETH{value: msg.value}(set, 1e18, noLegs, type(uint40).max) {}
            catch (bytes memory err) {
                innerError = err;
                revert("reentered");
            }
        } else if (mode == 2) {
            try module.sellExactSetForETH(set, 1, 0, noLegs, type(uint40).max) {}
            catch (bytes memory err) {
                innerError = err;
                revert("reentered");
            }
        }
    }
}

contract PortfolioTradingTest is PortfolioFixture {
    ISetToken internal set;

    function setUp() public override {
        super.setUp();
        (address[] memory comps, uint256[] memory bps) = mixed();
        set = createTradable(comps, bps, 100e18);
    }

    // ------------------------------------------------------------------ module states

    function test_ManagerMovesTheStateFrom0To2() public {
        (address[] memory comps, uint256[] memory bps) = mixed();
        ISetToken s = create(comps, bps, 100e18);
        assertEq(module.moduleState(s), 0, "not added");
        vm.prank(manager);
        s.addModule(address(module));
        assertEq(module.moduleState(s), 1, "added");
        vm.expectEmit(true, true, false, true, address(module));
        emit PortfolioTradingModule.ModuleInitialized(address(s), manager, 250, exitFeeTo);
        vm.prank(manager);
        module.initialize(s, 250, exitFeeTo);
        assertEq(module.moduleState(s), 2, "ready");
        PortfolioTradingModule.PortfolioConfig memory c = module.getConfig(s);
        assertTrue(c.initialized, "initialized");
        assertFalse(c.tradingEnabled, "not yet enabled");
        assertEq(c.exitFeeBps, 250, "exit fee");
        assertEq(c.exitFeeRecipient, exitFeeTo, "exit fee recipient");
        assertFalse(module.canTrade(s, alice), "alice cannot trade");
        assertTrue(module.canTrade(s, manager), "the manager can");
        vm.expectEmit(true, false, false, true, address(module));
        emit PortfolioTradingModule.TradingEnabled(address(s), true);
        vm.prank(manager);
        module.setTradingEnabled(s, true);
        assertTrue(module.isTradingEnabled(s), "enabled");
        assertTrue(module.canTrade(s, alice), "alice can trade");
    }

    function test_RevertWhen_NotManagerInitializes() public {
        (address[] memory comps, uint256[] memory bps) = mixed();
        ISetToken s = create(comps, bps, 100e18);
        vm.prank(manager);
        s.addModule(address(module));
        vm.expectRevert(PortfolioTradingModule.NotManager.selector);
        vm.prank(alice);
        module.initialize(s, 0, alice);
    }

    function test_RevertWhen_InitializeBeforeAdd() public {
        (address[] memory comps, uint256[] memory bps) = mixed();
        ISetToken s = create(comps, bps, 100e18);
        vm.expectRevert(PortfolioTradingModule.NotPendingModule.selector);
        vm.prank(manager);
        module.initialize(s, 0, manager);
    }

    function test_RevertWhen_InitializeTwice() public {
        vm.expectRevert(PortfolioTradingModule.NotPendingModule.selector);
        vm.prank(manager);
        module.initialize(set, 0, manager);
    }

    function test_RevertWhen_InitializeAFakeSet() public {
        FakeSet fake = new FakeSet();
        vm.expectRevert(PortfolioTradingModule.InvalidSet.selector);
        module.initialize(ISetToken(address(fake)), 0, manager);
    }

    function test_RevertWhen_InitializeWithoutIssuance() public {
        // A set made straight through SetTokenCreator: BasicIssuanceModule left pending.
        address[] memory comps = new address[](1);
        comps[0] = address(usdt);
        int256[] memory units = new int256[](1);
        units[0] = 1e18;
        address[] memory mods = new address[](2);
        mods[0] = address(issuance);
        mods[1] = address(module);
        ISetToken s = ISetToken(creator.create(comps, units, mods, manager, "Raw", "RAW"));
        vm.expectRevert(PortfolioTradingModule.IssuanceNotInitialized.selector);
        vm.prank(manager);
        module.initialize(s, 0, manager);
    }

    function test_RevertWhen_ExitFeeTooHighOrNoRecipient() public {
        (address[] memory comps, uint256[] memory bps) = mixed();
        ISetToken s = create(comps, bps, 100e18);
        vm.startPrank(manager);
        s.addModule(address(module));
        vm.expectRevert(abi.encodeWithSelector(PortfolioTradingModule.ExitFeeTooHigh.selector, 501));
        module.initialize(s, 501, manager);
        vm.expectRevert(PortfolioTradingModule.ZeroAddress.selector);
        module.initialize(s, 0, address(0));
        module.initialize(s, 500, manager);
        vm.expectRevert(abi.encodeWithSelector(PortfolioTradingModule.ExitFeeTooHigh.selector, 501));
        module.setExitFee(s, 501, manager);
        vm.stopPrank();
    }

    function test_ManagerSetsTheExitFee() public {
        vm.expectEmit(true, false, false, true, address(module));
        emit PortfolioTradingModule.ExitFeeSet(address(set), 30, alice);
        vm.prank(manager);
        module.setExitFee(set, 30, alice);
        assertEq(module.getConfig(set).exitFeeBps, 30, "fee");
        assertEq(module.getConfig(set).exitFeeRecipient, alice, "recipient");
    }

    /// Issue 21 §4: the manage page changes the fee after initialising; the contract's refusals it
    /// shows leave the fee as it was.
    function test_RevertWhen_SetExitFeeToTheZeroAddressOrAboveTheBound() public {
        vm.startPrank(manager);
        vm.expectRevert(PortfolioTradingModule.ZeroAddress.selector);
        module.setExitFee(set, 50, address(0));
        vm.expectRevert(abi.encodeWithSelector(PortfolioTradingModule.ExitFeeTooHigh.selector, 501));
        module.setExitFee(set, 501, alice);
        vm.stopPrank();
        assertEq(module.getConfig(set).exitFeeBps, 100, "fee kept");
        assertEq(module.getConfig(set).exitFeeRecipient, exitFeeTo, "recipient kept");
        uint256 bound = module.MAX_EXIT_FEE_BPS();
        vm.prank(manager);
        module.setExitFee(set, bound, alice);
        assertEq(module.getConfig(set).exitFeeBps, 500, "the bound itself is allowed");
    }

    /// Issue 21 §4: a changed exit fee is what the next sale pays, to the new recipient.
    function test_AChangedExitFeeIsWhatTheNextSalePays() public {
        buyETH(alice, set, 2e18);
        vm.prank(manager);
        module.setExitFee(set, 250, bob);
        (PortfolioTradingModule.Leg[] memory legs, uint256 minOut) = sellLegs(set, 1e18, address(0), 100);
        (,, uint256 tradeFee, uint256 quotedExit) = module.quoteSell(set, 1e18, address(0));
        uint256 before = alice.balance;
        vm.startPrank(alice);
        set.approve(address(module), 1e18);
        module.sellExactSetForETH(set, 1e18, minOut, legs, DEADLINE);
        vm.stopPrank();
        uint256 net = alice.balance - before;
        uint256 exitFee = IERC20(address(weth)).balanceOf(bob);
        assertEq(IERC20(address(weth)).balanceOf(exitFeeTo), 0, "the old recipient gets nothing");
        assertEq(exitFee, (net + exitFee + tradeFee) * 250 / 10_000, "2.5 % of the gross");
        assertEq(exitFee, quotedExit, "as quoted");

        // and a fee set to 0 charges none
        vm.prank(manager);
        module.setExitFee(set, 0, bob);
        (legs, minOut) = sellLegs(set, 1e18, address(0), 100);
        vm.startPrank(alice);
        set.approve(address(module), 1e18);
        module.sellExactSetForETH(set, 1e18, minOut, legs, DEADLINE);
        vm.stopPrank();
        assertEq(IERC20(address(weth)).balanceOf(bob), exitFee, "no exit fee at 0");
    }

    function test_RevertWhen_NotManagerManages() public {
        vm.startPrank(alice);
        vm.expectRevert(PortfolioTradingModule.NotManager.selector);
        module.setTradingEnabled(set, false);
        vm.expectRevert(PortfolioTradingModule.NotManager.selector);
        module.setExitFee(set, 0, alice);
        vm.stopPrank();
    }

    function test_RevertWhen_ConfiguringBeforeInitialize() public {
        (address[] memory comps, uint256[] memory bps) = mixed();
        ISetToken s = create(comps, bps, 100e18);
        vm.startPrank(manager);
        vm.expectRevert(PortfolioTradingModule.NotInitialized.selector);
        module.setTradingEnabled(s, true);
        vm.expectRevert(PortfolioTradingModule.NotInitialized.selector);
        module.setExitFee(s, 0, manager);
        vm.stopPrank();
    }

    function test_RemovingTheModuleForgetsThePortfolio() public {
        vm.expectEmit(true, false, false, false, address(module));
        emit PortfolioTradingModule.ModuleRemoved(address(set));
        vm.prank(manager);
        set.removeModule(address(module));
        assertEq(module.moduleState(set), 0, "state 0 again");
        assertFalse(module.getConfig(set).initialized, "forgotten");
        (PortfolioTradingModule.Leg[] memory legs,) = buyLegs(set, 1e18, address(0), 1_000);
        vm.deal(manager, 1 ether);
        vm.expectRevert(reason("Not enabled to trading"));
        vm.prank(manager);
        module.buyExactSetWithETH{value: 1 ether}(set, 1e18, legs, DEADLINE);
    }

    function test_RevertWhen_RemoveModuleIsCalledByAnyoneElse() public {
        vm.expectRevert(PortfolioTradingModule.NotInitialized.selector);
        vm.prank(alice);
        module.removeModule();
    }

    // ------------------------------------------------------------------ who may trade

    function test_RevertWhen_NonManagerTradesBeforeEnabled() public {
        vm.prank(manager);
        module.setTradingEnabled(set, false);
        (PortfolioTradingModule.Leg[] memory legs, uint256 maxIn) = buyLegs(set, 1e18, address(0), 1_000);
        vm.deal(alice, maxIn);
        vm.expectRevert(reason("Not enabled to trading"));
        vm.prank(alice);
        module.buyExactSetWithETH{value: maxIn}(set, 1e18, legs, DEADLINE);

        // The manager trades before enabling.
        buyETH(manager, set, 1e18);
        assertEq(set.balanceOf(manager), 1e18, "manager bought");
        vm.prank(manager);
        assertTrue(set.transfer(alice, 1e18), "give alice a set");
        (PortfolioTradingModule.Leg[] memory sLegs,) = sellLegs(set, 1e18, address(0), 1_000);
        vm.startPrank(alice);
        set.approve(address(module), 1e18);
        vm.expectRevert(reason("Not enabled to trading"));
        module.sellExactSetForETH(set, 1e18, 0, sLegs, DEADLINE);
        vm.expectRevert(reason("Not enabled to trading"));
        module.sellExactSetForToken(set, 1e18, IERC20(address(usdt)), 0, sLegs, DEADLINE);
        vm.expectRevert(reason("Not enabled to trading"));
        module.buyExactSetWithToken(set, 1e18, IERC20(address(usdt)), 0, sLegs, DEADLINE);
        vm.stopPrank();
    }

    function test_RevertWhen_PortfolioWithoutTheModule() public {
        (address[] memory comps, uint256[] memory bps) = mixed();
        ISetToken s = create(comps, bps, 100e18);
        vm.expectRevert(reason("Not enabled to trading"));
        vm.prank(manager);
        module.buyExactSetWithETH(s, 1e18, new PortfolioTradingModule.Leg[](0), DEADLINE);
    }

    // ------------------------------------------------------------------ buy

    function test_BuyWithETH() public {
        uint256 quantity = 2.5e18;
        (PortfolioTradingModule.Leg[] memory legs, uint256 amountIn, uint256 fee) =
            module.quoteBuy(set, quantity, address(0));
        assertEq(fee, amountIn * 30 / 10_000, "quoted fee");
        assertEq(legs[0].path.length, 0, "WETH is not swapped");
        uint256 maxIn = (amountIn + fee) * 11 / 10;
        vm.deal(alice, maxIn);
        vm.expectEmit(true, true, true, true, address(module));
        emit PortfolioTradingModule.PortfolioBought(address(set), alice, address(0), quantity, amountIn + fee, fee);
        vm.prank(alice);
        module.buyExactSetWithETH{value: maxIn}(set, quantity, legs, DEADLINE);
        assertEq(set.balanceOf(alice), quantity, "bought exactly");
        assertEq(alice.balance, maxIn - amountIn - fee, "unspent ETH refunded");
        assertEq(IERC20(address(weth)).balanceOf(treasury), fee, "trade fee in WETH");
        // About $250 of components for 2.5 sets of $100 (within 2 %: pool fees, the second DEX's prices).
        assertGt(amountIn * 3000, 245e18, "about the value");
        assertLt(amountIn * 3000, 255e18, "about the value");
        assertModuleEmpty(set);
    }

    function test_BuyWithToken() public {
        uint256 quantity = 1e18;
        (PortfolioTradingModule.Leg[] memory legs, uint256 maxIn) = buyLegs(set, quantity, address(usdt), 100);
        assertEq(legs[3].path.length, 0, "USDT is not swapped");
        assertEq(legs[3].limit, 10.1e18, "USDT share taken as is");
        give(address(usdt), alice, maxIn);
        vm.startPrank(alice);
        usdt.approve(address(module), maxIn);
        vm.recordLogs();
        module.buyExactSetWithToken(set, quantity, IERC20(address(usdt)), maxIn, legs, DEADLINE);
        vm.stopPrank();
        uint256 paid = maxIn - usdt.balanceOf(alice);
        uint256 fee = usdt.balanceOf(treasury);
        assertEq(set.balanceOf(alice), quantity, "bought");
        assertEq(fee, (paid - fee) * 30 / 10_000, "0.30 % of what the components cost");
        assertGt(paid, 99e18, "about $100");
        assertLt(paid, 102e18, "about $100");
        assertModuleEmpty(set);
    }

    function test_BuyPullsExactlyWhatIssuanceNeeds() public {
        // Units round up on issue: an odd quantity still issues.
        buyETH(alice, set, 1);
        buyETH(alice, set, 333_333_333_333_333_333);
        assertEq(set.balanceOf(alice), 333_333_333_333_333_334, "both issued");
        assertModuleEmpty(set);
    }

    function test_RevertWhen_BuyQuantityZero() public {
        vm.expectRevert(reason("PortfolioTrading: ZERO_QUANTITY"));
        vm.prank(alice);
        module.buyExactSetWithETH(set, 0, new PortfolioTradingModule.Leg[](4), DEADLINE);
    }

    // ------------------------------------------------------------------ bounds

    function test_RevertWhen_BuyTotalAboveTheMaximum() public {
        (PortfolioTradingModule.Leg[] memory legs, uint256 amountIn, uint256 fee) =
            module.quoteBuy(set, 1e18, address(0));
        uint256 maxIn = amountIn + fee - 1;
        vm.deal(alice, maxIn);
        vm.expectRevert(reason("PortfolioTrading: EXCESSIVE_INPUT_AMOUNT"));
        vm.prank(alice);
        module.buyExactSetWithETH{value: maxIn}(set, 1e18, legs, DEADLINE);

        give(address(weth), alice, maxIn);
        vm.startPrank(alice);
        weth.approve(address(module), maxIn);
        vm.expectRevert(reason("PortfolioTrading: EXCESSIVE_INPUT_AMOUNT"));
        module.buyExactSetWithToken(set, 1e18, IERC20(address(weth)), maxIn, legs, DEADLINE);
        vm.stopPrank();

        // The exact quote passes.
        vm.deal(alice, amountIn + fee);
        vm.prank(alice);
        module.buyExactSetWithETH{value: amountIn + fee}(set, 1e18, legs, DEADLINE);
        assertEq(alice.balance, 0, "spent exactly the quote");
    }

    function test_RevertWhen_BuyLegAboveItsMaximum() public {
        (PortfolioTradingModule.Leg[] memory legs, uint256 maxIn) = buyLegs(set, 1e18, address(0), 0);
        legs[2].limit -= 1;
        vm.deal(alice, maxIn * 2);
        vm.expectRevert(reason("UniswapV2Router: EXCESSIVE_INPUT_AMOUNT"));
        vm.prank(alice);
        module.buyExactSetWithETH{value: maxIn * 2}(set, 1e18, legs, DEADLINE);
    }

    function test_RevertWhen_PriceMovesAgainstABuyBeyondTheSlippage() public {
        (PortfolioTradingModule.Leg[] memory legs, uint256 maxIn) = buyLegs(set, 100e18, address(0), 100);
        // Someone buys NAGI on both DEXes first (a sandwich's front leg).
        _pushPrice(address(weth), address(tok), 100e18);
        vm.deal(alice, maxIn);
        vm.expectRevert(reason("UniswapV2Router: EXCESSIVE_INPUT_AMOUNT"));
        vm.prank(alice);
        module.buyExactSetWithETH{value: maxIn}(set, 100e18, legs, DEADLINE);
    }

    function test_RevertWhen_SellTotalBelowTheMinimum() public {
        buyETH(alice, set, 1e18);
        (PortfolioTradingModule.Leg[] memory legs, uint256 minOut) = sellLegs(set, 1e18, address(0), 100);
        vm.startPrank(alice);
        set.approve(address(module), 1e18);
        vm.expectRevert(reason("PortfolioTrading: INSUFFICIENT_OUTPUT_AMOUNT"));
        module.sellExactSetForETH(set, 1e18, minOut * 2, legs, DEADLINE);
        uint256 before = alice.balance;
        module.sellExactSetForETH(set, 1e18, minOut, legs, DEADLINE);
        vm.stopPrank();
        assertGe(alice.balance - before, minOut, "at least the minimum");
    }

    function test_RevertWhen_SellLegBelowItsMinimum() public {
        buyETH(alice, set, 1e18);
        (PortfolioTradingModule.Leg[] memory legs,) = sellLegs(set, 1e18, address(0), 0);
        legs[1].limit += 1;
        vm.startPrank(alice);
        set.approve(address(module), 1e18);
        vm.expectRevert(reason("UniswapV2Router: INSUFFICIENT_OUTPUT_AMOUNT"));
        module.sellExactSetForETH(set, 1e18, 0, legs, DEADLINE);
        vm.stopPrank();
    }

    function test_RevertWhen_PriceMovesAgainstASellBeyondTheSlippage() public {
        buyETH(alice, set, 50e18);
        (PortfolioTradingModule.Leg[] memory legs, uint256 minOut) = sellLegs(set, 50e18, address(0), 100);
        _pushPrice(address(tok), address(weth), 200_000e18);
        vm.startPrank(alice);
        set.approve(address(module), 50e18);
        vm.expectRevert(reason("UniswapV2Router: INSUFFICIENT_OUTPUT_AMOUNT"));
        module.sellExactSetForETH(set, 50e18, minOut, legs, DEADLINE);
        vm.stopPrank();
    }

    function test_RevertWhen_DeadlinePassed() public {
        (PortfolioTradingModule.Leg[] memory legs, uint256 maxIn) = buyLegs(set, 1e18, address(0), 1_000);
        vm.deal(alice, maxIn);
        vm.startPrank(alice);
        vm.expectRevert(reason("PortfolioTrading: EXPIRED"));
        module.buyExactSetWithETH{value: maxIn}(set, 1e18, legs, block.timestamp - 1);
        vm.expectRevert(reason("PortfolioTrading: EXPIRED"));
        module.buyExactSetWithToken(set, 1e18, IERC20(address(usdt)), 0, legs, block.timestamp - 1);
        vm.expectRevert(reason("PortfolioTrading: EXPIRED"));
        module.sellExactSetForETH(set, 1e18, 0, legs, block.timestamp - 1);
        vm.expectRevert(reason("PortfolioTrading: EXPIRED"));
        module.sellExactSetForToken(set, 1e18, IERC20(address(usdt)), 0, legs, block.timestamp - 1);
        // The deadline itself is still valid.
        module.buyExactSetWithETH{value: maxIn}(set, 1e18, legs, block.timestamp);
        vm.stopPrank();
    }

    function test_RevertWhen_LegsDoNotMatchTheComponents() public {
        (PortfolioTradingModule.Leg[] memory legs, uint256 maxIn) = buyLegs(set, 1e18, address(0), 1_000);
        vm.deal(alice, maxIn * 10);
        vm.startPrank(alice);

        PortfolioTradingModule.Leg[] memory short = new PortfolioTradingModule.Leg[](3);
        vm.expectRevert(reason("PortfolioTrading: LEGS_LENGTH"));
        module.buyExactSetWithETH{value: maxIn}(set, 1e18, short, DEADLINE);

        address savedRouter = legs[1].router;
        address[] memory savedPath = legs[1].path;
        legs[1].router = bob;
        vm.expectRevert(reason("PortfolioTrading: UNKNOWN_ROUTER"));
        module.buyExactSetWithETH{value: maxIn}(set, 1e18, legs, DEADLINE);
        legs[1].router = savedRouter;

        legs[1].path = path2(address(usdt), address(wbtc)); // does not start with the input
        vm.expectRevert(reason("PortfolioTrading: INVALID_PATH"));
        module.buyExactSetWithETH{value: maxIn}(set, 1e18, legs, DEADLINE);

        legs[1].path = path2(address(weth), address(tok)); // does not end with the component
        vm.expectRevert(reason("PortfolioTrading: INVALID_PATH"));
        module.buyExactSetWithETH{value: maxIn}(set, 1e18, legs, DEADLINE);

        address[] memory five = new address[](5); // four hops
        five[0] = address(weth);
        five[1] = address(usdt);
        five[2] = address(usdc);
        five[3] = address(weth);
        five[4] = address(wbtc);
        legs[1].path = five;
        vm.expectRevert(reason("PortfolioTrading: INVALID_PATH"));
        module.buyExactSetWithETH{value: maxIn}(set, 1e18, legs, DEADLINE);

        legs[1].path = new address[](1);
        legs[1].path[0] = address(wbtc);
        vm.expectRevert(reason("PortfolioTrading: INVALID_PATH"));
        module.buyExactSetWithETH{value: maxIn}(set, 1e18, legs, DEADLINE);
        legs[1].path = savedPath;

        legs[0].path = path2(address(weth), address(weth)); // WETH needs no swap
        vm.expectRevert(reason("PortfolioTrading: INVALID_PATH"));
        module.buyExactSetWithETH{value: maxIn}(set, 1e18, legs, DEADLINE);
        vm.stopPrank();
    }

    function test_RevertWhen_SellLegsDoNotMatch() public {
        buyETH(alice, set, 1e18);
        (PortfolioTradingModule.Leg[] memory legs,) = sellLegs(set, 1e18, address(usdt), 1_000);
        vm.startPrank(alice);
        set.approve(address(module), 1e18);
        vm.expectRevert(reason("PortfolioTrading: LEGS_LENGTH"));
        module.sellExactSetForToken(set, 1e18, IERC20(address(usdt)), 0, new PortfolioTradingModule.Leg[](2), DEADLINE);
        legs[3].path = path2(address(usdt), address(usdt)); // USDT is the output: no swap
        vm.expectRevert(reason("PortfolioTrading: INVALID_PATH"));
        module.sellExactSetForToken(set, 1e18, IERC20(address(usdt)), 0, legs, DEADLINE);
        legs[3].path = new address[](0);
        legs[2].path = path2(address(tok), address(weth)); // ends in WETH, not USDT
        vm.expectRevert(reason("PortfolioTrading: INVALID_PATH"));
        module.sellExactSetForToken(set, 1e18, IERC20(address(usdt)), 0, legs, DEADLINE);
        vm.expectRevert(reason("PortfolioTrading: ZERO_QUANTITY"));
        module.sellExactSetForToken(set, 0, IERC20(address(usdt)), 0, legs, DEADLINE);
        vm.stopPrank();
    }

    // ------------------------------------------------------------------ sell

    function test_SellForETHPaysBothFees() public {
        buyETH(alice, set, 3e18);
        (PortfolioTradingModule.Leg[] memory legs, uint256 minOut) = sellLegs(set, 2e18, address(0), 100);
        uint256 treasuryBefore = IERC20(address(weth)).balanceOf(treasury);
        uint256 before = alice.balance;
        vm.startPrank(alice);
        set.approve(address(module), 2e18);
        module.sellExactSetForETH(set, 2e18, minOut, legs, DEADLINE);
        vm.stopPrank();
        uint256 net = alice.balance - before;
        uint256 tradeFee = IERC20(address(weth)).balanceOf(treasury) - treasuryBefore;
        uint256 exitFee = IERC20(address(weth)).balanceOf(exitFeeTo);
        uint256 gross = net + tradeFee + exitFee;
        assertEq(set.balanceOf(alice), 1e18, "one set left");
        assertGe(net, minOut, "at least the minimum");
        assertEq(tradeFee, gross * 30 / 10_000, "0.30 % trade fee");
        assertEq(exitFee, gross * 100 / 10_000, "1 % exit fee");
        assertModuleEmpty(set);
    }

    function test_SellEventCarriesTheAmounts() public {
        // One component besides WETH: the quote is exact (no two legs share a pool).
        (address[] memory comps, uint256[] memory bps) = two(address(weth), 5_000, address(wbtc));
        ISetToken s = createTradable(comps, bps, 100e18);
        buyETH(alice, s, 1e18);
        (PortfolioTradingModule.Leg[] memory legs, uint256 amountOut, uint256 tradeFee, uint256 exitFee) =
            module.quoteSell(s, 1e18, address(0));
        uint256 before = alice.balance;
        vm.startPrank(alice);
        s.approve(address(module), 1e18);
        vm.expectEmit(true, true, true, true, address(module));
        emit PortfolioTradingModule.PortfolioSold(address(s), alice, address(0), 1e18, amountOut, tradeFee, exitFee);
        module.sellExactSetForETH(s, 1e18, amountOut, legs, DEADLINE);
        vm.stopPrank();
        assertEq(alice.balance - before, amountOut, "the exact quote");
    }

    function test_SellForToken() public {
        buyETH(alice, set, 1e18);
        (PortfolioTradingModule.Leg[] memory legs, uint256 minOut) = sellLegs(set, 1e18, address(usdt), 100);
        vm.startPrank(alice);
        set.approve(address(module), 1e18);
        module.sellExactSetForToken(set, 1e18, IERC20(address(usdt)), minOut, legs, DEADLINE);
        vm.stopPrank();
        uint256 net = usdt.balanceOf(alice);
        uint256 gross = net + usdt.balanceOf(treasury) + usdt.balanceOf(exitFeeTo);
        assertGe(net, minOut, "at least the minimum");
        assertEq(usdt.balanceOf(treasury), gross * 30 / 10_000, "trade fee in USDT");
        assertEq(usdt.balanceOf(exitFeeTo), gross * 100 / 10_000, "exit fee in USDT");
        // About $100 less pool fees and 1.3 % of fees.
        assertGt(net, 97e18, "about the value");
        assertLt(net, 100e18, "below the value");
        assertModuleEmpty(set);
    }

    function test_DustSalePaysUnpricedComponentsInKind() public {
        buyETH(alice, set, 1e18);
        uint256 quantity = 18; // a few base units of each component
        (PortfolioTradingModule.Leg[] memory legs, uint256 amountOut,,) = module.quoteSell(set, quantity, address(0));
        uint256 inKind;
        for (uint256 i = 0; i < legs.length; ++i) {
            if (legs[i].router == address(0) && set.getComponents()[i] != address(weth) && legs[i].path.length == 0) {
                ++inKind;
            }
        }
        assertGt(inKind, 0, "some component is paid in kind");
        uint256 usdtBefore = usdt.balanceOf(alice);
        vm.startPrank(alice);
        set.approve(address(module), quantity);
        module.sellExactSetForETH(set, quantity, amountOut, legs, DEADLINE);
        vm.stopPrank();
        assertGt(usdt.balanceOf(alice) + tok.balanceOf(alice), usdtBefore, "components received in kind");
        assertModuleEmpty(set);

        // A leg with a path but no router is refused.
        legs[1].path = path2(address(wbtc), address(weth));
        legs[1].router = address(0);
        vm.startPrank(alice);
        set.approve(address(module), 1e17);
        vm.expectRevert(reason("PortfolioTrading: INVALID_PATH"));
        module.sellExactSetForETH(set, 1e17, 0, legs, DEADLINE);
        vm.stopPrank();
    }

    function test_RevertWhen_SellWithoutApproval() public {
        buyETH(alice, set, 1e18);
        (PortfolioTradingModule.Leg[] memory legs,) = sellLegs(set, 1e18, address(0), 1_000);
        vm.expectRevert(reason("ERC20: transfer amount exceeds allowance"));
        vm.prank(alice);
        module.sellExactSetForETH(set, 1e18, 0, legs, DEADLINE);
    }

    // ------------------------------------------------------------------ routes through the aggregator

    function test_QuotesPickTheAggregatorsBestRouter() public view {
        (address[] memory comps, uint256[] memory amounts) = issuance.getRequiredComponentUnitsForIssue(address(set), 1e18);
        (PortfolioTradingModule.Leg[] memory legs,,) = module.quoteBuy(set, 1e18, address(0));
        for (uint256 i = 1; i < legs.length; ++i) {
            assertTrue(agg.isRouter(legs[i].router), "a registered router");
            assertEq(legs[i].path[0], address(weth), "from WETH");
            assertEq(legs[i].path[legs[i].path.length - 1], comps[i], "to the component");
            // No router is cheaper over the path the aggregator found best on it.
            (address[] memory rs,, address[][] memory paths) = agg.getUniV2Routers(amounts[i], comps[i], address(weth));
            for (uint256 r = 0; r < rs.length; ++r) {
                uint256 cost = _amountIn(rs[r], amounts[i], _reverse(paths[r]));
                if (cost != 0) assertLe(legs[i].limit, cost, "cheapest router");
            }
            assertEq(legs[i].limit, _amountIn(legs[i].router, amounts[i], legs[i].path), "exact input");
        }
        (PortfolioTradingModule.Leg[] memory s, uint256 out,,) = module.quoteSell(set, 1e18, address(usdt));
        assertGt(out, 0, "quoted");
        assertEq(s[3].path.length, 0, "USDT is the output");
        for (uint256 i = 0; i < 3; ++i) {
            uint256 redeemed = uint256(set.getDefaultPositionRealUnit(comps[i]));
            assertEq(s[i].limit, bruteBest(0, redeemed, comps[i], address(usdt)) > bruteBest(1, redeemed, comps[i], address(usdt))
                ? bruteBest(0, redeemed, comps[i], address(usdt))
                : bruteBest(1, redeemed, comps[i], address(usdt)), "best of both DEXes");
        }
    }

    function test_FarOnlyReachableInThreeHops() public {
        (address[] memory comps, uint256[] memory bps) = two(address(far), 5_000, address(usdt));
        ISetToken s = createTradable(comps, bps, 10e18);
        (PortfolioTradingModule.Leg[] memory legs,,) = module.quoteBuy(s, 1e18, address(0));
        assertEq(legs[0].path.length, 4, "FAR <- DAI <- USDT <- WETH");
        assertEq(legs[0].router, address(routers[0]), "only on DEX A");
        uint256 paid = buyETH(alice, s, 1e18);
        assertGt(paid, 0, "bought");
        uint256 back = sellETH(alice, s, 1e18);
        assertLt(back, paid, "round trip costs");
        assertModuleEmpty(s);
    }

    // ------------------------------------------------------------------ round trips

    /// One DEX: the same pools both ways, so nothing outside the trade can pay the round trip.
    function testFuzz_RoundTripNeverLeaksBeyondFeesAndSlippage(uint256 quantity, bool viaToken) public {
        vm.prank(owner);
        agg.removeRouter(address(routers[1]));
        // From 0.1 set ($10): below, issuance's rounding up (one base unit of each component, e.g.
        // 1 satoshi of WBTC) is a visible share of the trade; it stays in the set for its holders.
        quantity = bound(quantity, 1e17, 20e18);
        (uint256 paid, uint256 back) = _roundTrip(quantity, viaToken);
        assertLt(back, paid, "a round trip never gains");
        // Fees: 0.30 % twice and the 1 % exit fee; pools: 0.30 % per hop each way (at most two hops
        // from USDC), and the price impact of at most 20 sets ($2,000) on pools of millions.
        assertGe(back * 10_000, paid * (10_000 - 60 - 100 - 120 - 20), "leaked more than fees and slippage");
    }

    /// Both DEXes (their prices differ by up to 2 %): the loss stays within the same bound.
    function test_RoundTripAcrossDexesStaysWithinTheBound() public {
        (uint256 paid, uint256 back) = _roundTrip(5e18, false);
        assertGe(back * 10_000, paid * (10_000 - 60 - 100 - 120 - 20), "ETH round trip");
        (paid, back) = _roundTrip(5e18, true);
        assertGe(back * 10_000, paid * (10_000 - 60 - 100 - 120 - 20), "USDC round trip");
    }

    function _roundTrip(uint256 quantity, bool viaToken) internal returns (uint256 paid, uint256 back) {
        if (viaToken) {
            (PortfolioTradingModule.Leg[] memory legs, uint256 maxIn) = buyLegs(set, quantity, address(usdc), 1_000);
            give(address(usdc), alice, maxIn);
            uint256 start = usdc.balanceOf(alice);
            vm.startPrank(alice);
            usdc.approve(address(module), maxIn);
            module.buyExactSetWithToken(set, quantity, IERC20(address(usdc)), maxIn, legs, DEADLINE);
            paid = start - usdc.balanceOf(alice);
            uint256 mid = usdc.balanceOf(alice);
            (PortfolioTradingModule.Leg[] memory sLegs, uint256 minOut) = sellLegs(set, quantity, address(usdc), 1_000);
            set.approve(address(module), quantity);
            module.sellExactSetForToken(set, quantity, IERC20(address(usdc)), minOut, sLegs, DEADLINE);
            vm.stopPrank();
            back = usdc.balanceOf(alice) - mid;
        } else {
            paid = buyETH(alice, set, quantity);
            back = sellETH(alice, set, quantity);
        }
        assertEq(set.balanceOf(alice), 0, "all sold");
        assertModuleEmpty(set);
    }

    function test_SellerKeepsWhatIssuanceHeld() public {
        // One DEX (no arbitrage between two): fees plus what the pools took is what alice lost.
        vm.prank(owner);
        agg.removeRouter(address(routers[1]));
        uint256 paid = buyETH(alice, set, 5e18);
        uint256 treasuryWeth = IERC20(address(weth)).balanceOf(treasury);
        uint256 back = sellETH(alice, set, 5e18);
        uint256 fees = IERC20(address(weth)).balanceOf(treasury) - treasuryWeth + IERC20(address(weth)).balanceOf(exitFeeTo);
        assertGt(fees, 0, "fees paid");
        assertLt(back + fees, paid, "the rest went to the pools");
        assertEq(set.totalSupply(), 0, "all redeemed");
        address[] memory comps = set.getComponents();
        for (uint256 i = 0; i < comps.length; ++i) {
            assertEq(IERC20(comps[i]).balanceOf(address(set)), 0, "nothing left in the set");
        }
    }

    // ------------------------------------------------------------------ streaming fee

    function test_TradingFollowsStreamingFeeUnits() public {
        (address[] memory comps, uint256[] memory bps) = mixed();
        ISetToken s = create(comps, bps, 100e18);
        vm.startPrank(manager);
        s.addModule(address(streaming));
        streaming.initialize(
            address(s),
            IStreamingFeeModule.FeeState({
                feeRecipient: manager,
                maxStreamingFeePercentage: 0.1e18,
                streamingFeePercentage: 0.02e18,
                lastStreamingFeeTimestamp: 0
            })
        );
        s.addModule(address(module));
        module.initialize(s, 0, manager);
        module.setTradingEnabled(s, true);
        vm.stopPrank();
        buyETH(alice, s, 10e18);
        vm.warp(block.timestamp + 365 days);
        streaming.accrueFee(address(s));
        assertGt(s.balanceOf(manager), 0, "streaming fee minted");
        // Units shrank: new buys and sells use the new units exactly.
        buyETH(bob, s, 1e18);
        sellETH(alice, s, 10e18);
        sellETH(bob, s, 1e18);
        assertModuleEmpty(s);
    }

    // ------------------------------------------------------------------ reentrancy

    function test_RevertWhen_RefundReentersABuy() public {
        Reenterer r = new Reenterer(module, set);
        (PortfolioTradingModule.Leg[] memory legs, uint256 maxIn) = buyLegs(set, 1e18, address(0), 1_000);
        vm.deal(address(this), maxIn);
        vm.expectRevert(reason("PortfolioTrading: ETH_TRANSFER_FAILED"));
        r.buy{value: maxIn}(1e18, legs, 1);
    }

    function test_ReentrantCallIsRefusedByTheGuard() public {
        Reenterer r = new Reenterer(module, set);
        (PortfolioTradingModule.Leg[] memory legs, uint256 maxIn) = buyLegs(set, 1e18, address(0), 1_000);
        vm.deal(address(this), maxIn);
        // Without re-entry the contract buys; then its sale proceeds re-enter and fail.
        r.buy{value: maxIn}(1e18, legs, 0);
        assertEq(set.balanceOf(address(r)), 1e18, "bought");
        (PortfolioTradingModule.Leg[] memory sLegs,) = sellLegs(set, 1e18, address(0), 1_000);
        vm.expectRevert(reason("PortfolioTrading: ETH_TRANSFER_FAILED"));
        r.sell(1e18, 0, sLegs, 2);
        // The guard's own error is what the nested call met.
        ReentrancyProbe probe = new ReentrancyProbe(module, set);
        vm.deal(address(this), maxIn);
        probe.run{value: maxIn}(legs);
        assertEq(bytes4(probe.innerError()), probe.guardSelector(), "ReentrancyGuardReentrantCall");
    }

    function test_RevertWhen_ETHSentDirectly() public {
        vm.deal(address(this), 1 ether);
        vm.expectRevert(PortfolioTradingModule.OnlyWeth.selector);
        payable(address(module)).transfer(1 ether);
    }

    // ------------------------------------------------------------------ owner

    function test_OwnerSetsTheFeeRecipient() public {
        vm.expectEmit(true, false, false, false, address(module));
        emit PortfolioTradingModule.FeeRecipientSet(bob);
        vm.prank(owner);
        module.setFeeRecipient(bob);
        assertEq(module.feeRecipient(), bob, "recipient");
        vm.expectRevert(PortfolioTradingModule.ZeroAddress.selector);
        vm.prank(owner);
        module.setFeeRecipient(address(0));
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, alice));
        vm.prank(alice);
        module.setFeeRecipient(alice);
    }

    function test_RevertWhen_ConstructedWithZeroAddresses() public {
        vm.expectRevert(PortfolioTradingModule.ZeroAddress.selector);
        new PortfolioTradingModule(owner, controller, issuance, SofiAggregator(address(agg)), address(weth), address(0));
        vm.expectRevert(PortfolioTradingModule.ZeroAddress.selector);
        new PortfolioTradingModule(owner, controller, issuance, SofiAggregator(address(0)), address(weth), treasury);
    }

    // ------------------------------------------------------------------ helpers

    /// Buys `amountIn` worth of `to` with `from` on both DEXes (moves the price against the next buyer of `to`).
    function _pushPrice(address from, address to, uint256 amountIn) internal {
        for (uint256 d = 0; d < 2; ++d) {
            address[] memory p = path2(from, to);
            if (routerQuote(d, amountIn, p) == 0) continue;
            give(from, address(this), amountIn);
            IERC20(from).approve(address(routers[d]), amountIn);
            (bool ok,) = address(routers[d]).call(
                abi.encodeWithSignature(
                    "swapExactTokensForTokens(uint256,uint256,address[],address,uint256)",
                    amountIn,
                    0,
                    p,
                    address(this),
                    DEADLINE
                )
            );
            require(ok, "push price");
        }
    }

    function _reverse(address[] memory p) internal pure returns (address[] memory r) {
        r = new address[](p.length);
        for (uint256 k = 0; k < p.length; ++k) {
            r[k] = p[p.length - 1 - k];
        }
    }

    /// A router's exact input for `amountOut` over `path`, 0 when it has no such route.
    function _amountIn(address router, uint256 amountOut, address[] memory path) internal view returns (uint256) {
        if (path.length < 2) return 0;
        (bool ok, bytes memory ret) =
            router.staticcall(abi.encodeWithSignature("getAmountsIn(uint256,address[])", amountOut, path));
        if (!ok) return 0;
        uint256[] memory a = abi.decode(ret, (uint256[]));
        return a[0];
    }
}

/// Calls a buy whose refund re-enters, catching the outer failure to expose the inner error.
contract ReentrancyProbe {
    PortfolioTradingModule internal immutable module;
    ISetToken internal immutable set;
    bool internal entered;
    bytes public innerError;

    constructor(PortfolioTradingModule module_, ISetToken set_) {
        module = module_;
        set = set_;
    }

    function guardSelector() external pure returns (bytes4) {
        return bytes4(keccak256("ReentrancyGuardReentrantCall()"));
    }

    function run(PortfolioTradingModule.Leg[] calldata legs) external payable {
        module.buyExactSetWithETH{value: msg.value}(set, 1e18, legs, type(uint40).max);
    }

    receive() external payable {
        if (entered) return;
        entered = true;
        try module.buyExactSetWithETH{value: msg.value}(set, 1e18, new PortfolioTradingModule.Leg[](0), type(uint40).max) {}
        catch (bytes memory err) {
            innerError = err;
        }
    }
}
