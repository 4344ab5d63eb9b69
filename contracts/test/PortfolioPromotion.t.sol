// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {PortfolioFixture} from "./portfolios/PortfolioFixture.sol";
import {ISetToken} from "../src/portfolios/ISetProtocol.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {IERC20Errors} from "@openzeppelin/contracts/interfaces/draft-IERC6093.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {SofiToken} from "../src/SofiToken.sol";
import {IPortfolioRegistry, PortfolioPromotion} from "../src/promotion/PortfolioPromotion.sol";

/// PortfolioPromotion on a real factory portfolio (Set Protocol SetToken) paid in SOFI.
contract PortfolioPromotionTest is PortfolioFixture {
    event Promoted(address indexed portfolio, address indexed payer, uint256 amount, uint256 endAt);
    event Withdrawn(address indexed to, uint256 amount);

    SofiToken internal sofi;
    PortfolioPromotion internal promotion;
    ISetToken internal set;
    uint256 internal constant T0 = 1_800_000_000;

    function setUp() public override {
        super.setUp();
        vm.warp(T0);
        sofi = new SofiToken(owner);
        promotion = new PortfolioPromotion(owner, IERC20(address(sofi)), IPortfolioRegistry(address(factory)));
        (address[] memory comps, uint256[] memory bps) = two(address(weth), 6_000, address(usdt));
        set = create(comps, bps, 100e18);
        vm.startPrank(owner);
        sofi.mint(manager, 1e30);
        sofi.mint(alice, 1e30);
        vm.stopPrank();
        vm.prank(manager);
        sofi.approve(address(promotion), type(uint256).max);
        vm.prank(alice);
        sofi.approve(address(promotion), type(uint256).max);
    }

    function _promote(uint256 amount) internal returns (uint256) {
        vm.prank(manager);
        return promotion.promote(address(set), amount);
    }

    // ------------------------------------------------------------------ promote

    function test_OneHundredSofiBuysOneHourFromNow() public {
        uint256 before = sofi.balanceOf(manager);
        vm.expectEmit(true, true, false, true, address(promotion));
        emit Promoted(address(set), manager, 100e18, T0 + 3600);
        uint256 endAt = _promote(100e18);
        assertEq(endAt, T0 + 3600, "returned end");
        assertEq(promotion.promoteEndAt(address(set)), T0 + 3600, "stored end");
        assertEq(sofi.balanceOf(manager), before - 100e18, "SOFI pulled from the manager");
        assertEq(sofi.balanceOf(address(promotion)), 100e18, "SOFI held by the promotion");
        assertTrue(promotion.isPromoted(address(set)), "promoted now");
    }

    function test_ThreeDecimalAmountsBuyTheirSecondsRoundedDown() public {
        // 0.028 SOFI = 1.008 s -> 1 s; 1.5 SOFI = 54 s; 12.345 SOFI = 444.42 s -> 444 s
        assertEq(promotion.secondsFor(0.028e18), 1, "0.028 SOFI");
        assertEq(promotion.secondsFor(1.5e18), 54, "1.5 SOFI");
        assertEq(promotion.secondsFor(12.345e18), 444, "12.345 SOFI");
        assertEq(_promote(12.345e18), T0 + 444, "end after 12.345 SOFI");
    }

    function test_ConsecutivePromotionsAddUp() public {
        _promote(100e18);
        vm.warp(T0 + 1000);
        uint256 endAt = _promote(200e18);
        assertEq(endAt, T0 + 3 * 3600, "second payment extends the running promotion");
    }

    function test_ExpiredPromotionRestartsFromNow() public {
        _promote(100e18);
        vm.warp(T0 + 3600);
        assertFalse(promotion.isPromoted(address(set)), "ended at its end time");
        vm.warp(T0 + 10_000);
        assertEq(_promote(50e18), T0 + 10_000 + 1800, "restarts from now");
    }

    function test_RevertsWhenTheAmountBuysNoSecond() public {
        // 100e18 / 3600 = 27777777777777777.7…: one base unit less than a second's worth buys nothing
        vm.prank(manager);
        vm.expectRevert(abi.encodeWithSelector(PortfolioPromotion.AmountTooSmall.selector, 27777777777777777));
        promotion.promote(address(set), 27777777777777777);
        vm.prank(manager);
        vm.expectRevert(abi.encodeWithSelector(PortfolioPromotion.AmountTooSmall.selector, 0));
        promotion.promote(address(set), 0);
        assertEq(_promote(27777777777777778), T0 + 1, "the smallest amount that buys a second");
    }

    function test_RevertsForAnyoneButTheManager() public {
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(PortfolioPromotion.NotManager.selector, address(set), alice));
        promotion.promote(address(set), 100e18);
        assertEq(promotion.promoteEndAt(address(set)), 0, "unchanged");
        assertEq(sofi.balanceOf(address(promotion)), 0, "nothing pulled");
    }

    function test_TheNewManagerPromotesAfterAHandOver() public {
        vm.prank(manager);
        set.setManager(alice);
        vm.prank(manager);
        vm.expectRevert(abi.encodeWithSelector(PortfolioPromotion.NotManager.selector, address(set), manager));
        promotion.promote(address(set), 100e18);
        vm.prank(alice);
        assertEq(promotion.promote(address(set), 100e18), T0 + 3600, "new manager promotes");
    }

    function test_RevertsForASetTheFactoryDidNotCreate() public {
        // a real SetToken managed by `manager`, created on the controller's creator directly
        address[] memory comps = new address[](1);
        comps[0] = address(usdt);
        int256[] memory units = new int256[](1);
        units[0] = 1e6;
        address[] memory modules_ = new address[](1);
        modules_[0] = address(issuance);
        address foreign = creator.create(comps, units, modules_, manager, "Foreign", "FRGN");
        vm.prank(manager);
        vm.expectRevert(abi.encodeWithSelector(PortfolioPromotion.NotPortfolio.selector, foreign));
        promotion.promote(foreign, 100e18);
        vm.prank(manager);
        vm.expectRevert(abi.encodeWithSelector(PortfolioPromotion.NotPortfolio.selector, alice));
        promotion.promote(alice, 100e18);
    }

    function test_RevertsWithoutAllowanceOrBalance() public {
        vm.prank(manager);
        sofi.approve(address(promotion), 99e18);
        vm.prank(manager);
        vm.expectRevert(
            abi.encodeWithSelector(
                IERC20Errors.ERC20InsufficientAllowance.selector, address(promotion), 99e18, 100e18
            )
        );
        promotion.promote(address(set), 100e18);
        assertEq(promotion.promoteEndAt(address(set)), 0, "a failed payment buys nothing");

        address poor = makeAddr("poor");
        vm.prank(manager);
        set.setManager(poor);
        vm.prank(poor);
        sofi.approve(address(promotion), type(uint256).max);
        vm.prank(poor);
        vm.expectRevert(abi.encodeWithSelector(IERC20Errors.ERC20InsufficientBalance.selector, poor, 0, 100e18));
        promotion.promote(address(set), 100e18);
    }

    function test_ConstructorRejectsZeroAddresses() public {
        vm.expectRevert(PortfolioPromotion.ZeroAddress.selector);
        new PortfolioPromotion(owner, IERC20(address(0)), IPortfolioRegistry(address(factory)));
        vm.expectRevert(PortfolioPromotion.ZeroAddress.selector);
        new PortfolioPromotion(owner, IERC20(address(sofi)), IPortfolioRegistry(address(0)));
        assertEq(address(promotion.sofi()), address(sofi), "sofi");
        assertEq(address(promotion.factory()), address(factory), "factory");
        assertEq(promotion.owner(), owner, "owner");
    }

    // ------------------------------------------------------------------ withdraw

    function test_OwnerWithdrawsTheCollectedSofi() public {
        _promote(300e18);
        address treasury_ = makeAddr("promotionTreasury");
        vm.expectEmit(true, false, false, true, address(promotion));
        emit Withdrawn(treasury_, 120e18);
        vm.prank(owner);
        promotion.withdraw(treasury_, 120e18);
        assertEq(sofi.balanceOf(treasury_), 120e18, "sent");
        assertEq(sofi.balanceOf(address(promotion)), 180e18, "rest kept");
        assertEq(promotion.promoteEndAt(address(set)), T0 + 3 * 3600, "promotion unaffected");
    }

    function test_OnlyTheOwnerWithdraws() public {
        _promote(100e18);
        vm.prank(manager);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, manager));
        promotion.withdraw(manager, 100e18);
        assertEq(sofi.balanceOf(address(promotion)), 100e18, "kept");
    }

    function test_WithdrawRejectsZeroAddressAndMoreThanHeld() public {
        _promote(100e18);
        vm.prank(owner);
        vm.expectRevert(PortfolioPromotion.ZeroAddress.selector);
        promotion.withdraw(address(0), 1);
        vm.prank(owner);
        vm.expectRevert(
            abi.encodeWithSelector(IERC20Errors.ERC20InsufficientBalance.selector, address(promotion), 100e18, 101e18)
        );
        promotion.withdraw(owner, 101e18);
    }

    /// Issue 21 §4: the web app offers the withdraw to `owner()`; after a two-step hand-over that is
    /// the new owner, and only once it accepted.
    function test_OnlyTheAcceptedOwnerWithdrawsAfterAHandOver() public {
        _promote(100e18);
        vm.prank(owner);
        promotion.transferOwnership(alice);
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, alice));
        promotion.withdraw(alice, 1e18);
        vm.prank(alice);
        promotion.acceptOwnership();
        assertEq(promotion.owner(), alice, "alice owns it");
        vm.prank(owner);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, owner));
        promotion.withdraw(owner, 1e18);
        vm.prank(alice);
        promotion.withdraw(alice, 100e18);
        assertEq(sofi.balanceOf(address(promotion)), 0, "all of it withdrawn");
        assertEq(sofi.balanceOf(alice), 1e30 + 100e18, "to the new owner");
    }

    // ------------------------------------------------------------------ fuzz: the end-time math

    function testFuzz_ConsecutivePromotionsAddUp(uint256 a, uint256 b, uint256 gap) public {
        a = bound(a, 27777777777777778, 1e27);
        b = bound(b, 27777777777777778, 1e27);
        uint256 first = _promote(a);
        assertEq(first, T0 + a * 3600 / 100e18, "first end");
        gap = bound(gap, 0, first - T0 - 1); // still running
        vm.warp(T0 + gap);
        uint256 second = _promote(b);
        assertEq(second, first + b * 3600 / 100e18, "second payment adds to the first end");
        assertEq(sofi.balanceOf(address(promotion)), a + b, "both paid");
    }

    function testFuzz_ExpiredPromotionRestartsFromNow(uint256 a, uint256 b, uint256 late) public {
        a = bound(a, 27777777777777778, 1e24);
        b = bound(b, 27777777777777778, 1e24);
        uint256 first = _promote(a);
        late = bound(late, 0, 365 days);
        vm.warp(first + late); // ended (at its end time or later)
        assertFalse(promotion.isPromoted(address(set)), "ended");
        assertEq(_promote(b), first + late + b * 3600 / 100e18, "restarts from now");
    }

    function testFuzz_SecondsAreRoundedDownAndNeverOverpaid(uint256 amount) public view {
        amount = bound(amount, 0, 1e30);
        uint256 s = promotion.secondsFor(amount);
        assertLe(s * 100e18, amount * 3600, "never more time than paid for");
        assertGt((s + 1) * 100e18, amount * 3600, "less than a second lost");
    }
}
