// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Test} from "./Base.sol";
import {SofiConverter} from "../src/convert/SofiConverter.sol";
import {SofiToken} from "../src/SofiToken.sol";
import {TestToken} from "../src/TestToken.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {IERC20Errors} from "@openzeppelin/contracts/interfaces/draft-IERC6093.sol";
import {ReentrancyGuard} from "@openzeppelin/contracts/utils/ReentrancyGuard.sol";

/// @dev A RAI whose transferFrom calls back into the converter (a hostile token hook).
contract ReentrantRai is ERC20 {
    SofiConverter public target;
    bool public armed;

    constructor() ERC20("Reentrant RAI", "RAI") {}

    function mint(address to, uint256 amount) external {
        _mint(to, amount);
    }

    function arm(SofiConverter target_) external {
        target = target_;
        armed = true;
    }

    function transferFrom(address from, address to, uint256 value) public override returns (bool) {
        if (armed) {
            armed = false;
            target.convert(1);
        }
        return super.transferFrom(from, to, value);
    }
}

/// @dev A RAI that keeps 1 % of every transfer (a fee-on-transfer token).
contract FeeRai is ERC20 {
    constructor() ERC20("Fee RAI", "RAI") {}

    function mint(address to, uint256 amount) external {
        _mint(to, amount);
    }

    function _update(address from, address to, uint256 value) internal override {
        if (from == address(0) || to == address(0)) return super._update(from, to, value);
        uint256 fee = value / 100;
        super._update(from, address(0xFEE), fee);
        super._update(from, to, value - fee);
    }
}

contract SofiConverterFixture is Test {
    event Converted(address indexed account, uint256 amount);
    event Deposited(address indexed from, uint256 amount);
    event SofiWithdrawn(address indexed to, uint256 amount);
    event RaiWithdrawn(address indexed to, uint256 amount);

    uint256 internal constant RESERVE = 1_000_000 ether;
    /// Spec 001 §9: the conversion's approval amount, 1e20 base units.
    uint256 internal constant APPROVAL = 1e20;

    address internal owner = makeAddr("owner");
    address internal alice = makeAddr("alice");
    address internal bob = makeAddr("bob");
    TestToken internal rai;
    SofiToken internal sofi;
    SofiConverter internal conv;

    function setUp() public virtual {
        rai = new TestToken("Rai Finance", "RAI", 18, owner);
        sofi = new SofiToken(owner);
        conv = new SofiConverter(owner, IERC20(address(rai)), IERC20(address(sofi)));
        vm.startPrank(owner);
        sofi.mint(owner, RESERVE);
        sofi.approve(address(conv), RESERVE);
        conv.deposit(RESERVE);
        rai.mint(alice, 10_000_000 ether);
        rai.mint(bob, 10_000_000 ether);
        vm.stopPrank();
    }

    function _convert(address who, uint256 amount) internal returns (uint256 out) {
        vm.startPrank(who);
        rai.approve(address(conv), amount);
        out = conv.convert(amount);
        vm.stopPrank();
    }
}

contract SofiConverterTest is SofiConverterFixture {
    function test_Constructor() public view {
        assertEq(address(conv.rai()), address(rai), "rai");
        assertEq(address(conv.sofi()), address(sofi), "sofi");
        assertEq(conv.owner(), owner, "owner");
        assertEq(conv.reserve(), RESERVE, "reserve");
        assertEq(conv.totalConverted(), 0, "totalConverted");
    }

    function test_ConstructorRejectsZeroAndSameTokens() public {
        vm.expectRevert(SofiConverter.ZeroAddress.selector);
        new SofiConverter(owner, IERC20(address(0)), IERC20(address(sofi)));
        vm.expectRevert(SofiConverter.ZeroAddress.selector);
        new SofiConverter(owner, IERC20(address(rai)), IERC20(address(0)));
        vm.expectRevert(SofiConverter.SameToken.selector);
        new SofiConverter(owner, IERC20(address(rai)), IERC20(address(rai)));
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableInvalidOwner.selector, address(0)));
        new SofiConverter(address(0), IERC20(address(rai)), IERC20(address(sofi)));
    }

    function test_ConvertOneForOne() public {
        uint256 raiBefore = rai.balanceOf(alice);
        vm.startPrank(alice);
        rai.approve(address(conv), APPROVAL);
        vm.expectEmit(true, false, false, true, address(conv));
        emit Converted(alice, 12.5 ether);
        uint256 out = conv.convert(12.5 ether);
        vm.stopPrank();
        assertEq(out, 12.5 ether, "returned");
        assertEq(sofi.balanceOf(alice), 12.5 ether, "alice SOFI");
        assertEq(rai.balanceOf(alice), raiBefore - 12.5 ether, "alice RAI");
        assertEq(rai.balanceOf(address(conv)), 12.5 ether, "converter RAI");
        assertEq(sofi.balanceOf(address(conv)), RESERVE - 12.5 ether, "converter SOFI");
        assertEq(conv.reserve(), RESERVE - 12.5 ether, "reserve");
        assertEq(conv.totalConverted(), 12.5 ether, "totalConverted");
        // The 1e20 approval covers further conversions up to 100 RAI in all.
        assertEq(rai.allowance(alice, address(conv)), APPROVAL - 12.5 ether, "allowance left");
    }

    function test_ConvertOneBaseUnit() public {
        assertEq(_convert(alice, 1), 1, "one wei");
        assertEq(sofi.balanceOf(alice), 1, "alice SOFI");
    }

    function test_ConvertTheWholeReserve() public {
        _convert(alice, RESERVE);
        assertEq(conv.reserve(), 0, "reserve empty");
        assertEq(sofi.balanceOf(address(conv)), 0, "no SOFI left");
        vm.startPrank(bob);
        rai.approve(address(conv), 1);
        vm.expectRevert(abi.encodeWithSelector(SofiConverter.InsufficientReserve.selector, 1, 0));
        conv.convert(1);
        vm.stopPrank();
    }

    function test_RevertsOnZeroAmount() public {
        vm.prank(alice);
        vm.expectRevert(SofiConverter.ZeroAmount.selector);
        conv.convert(0);
    }

    function test_RevertsAboveTheReserve() public {
        vm.startPrank(alice);
        rai.approve(address(conv), RESERVE + 1);
        vm.expectRevert(abi.encodeWithSelector(SofiConverter.InsufficientReserve.selector, RESERVE + 1, RESERVE));
        conv.convert(RESERVE + 1);
        vm.stopPrank();
        assertEq(rai.balanceOf(alice), 10_000_000 ether, "nothing taken");
    }

    function test_RevertsWithoutAllowance() public {
        vm.startPrank(alice);
        rai.approve(address(conv), 1 ether - 1);
        vm.expectRevert(
            abi.encodeWithSelector(
                IERC20Errors.ERC20InsufficientAllowance.selector, address(conv), 1 ether - 1, 1 ether
            )
        );
        conv.convert(1 ether);
        vm.stopPrank();
    }

    function test_RevertsWithoutRaiBalance() public {
        address poor = makeAddr("poor");
        vm.startPrank(poor);
        rai.approve(address(conv), 1 ether);
        vm.expectRevert(abi.encodeWithSelector(IERC20Errors.ERC20InsufficientBalance.selector, poor, 0, 1 ether));
        conv.convert(1 ether);
        vm.stopPrank();
        assertEq(conv.reserve(), RESERVE, "reserve unchanged");
    }

    function test_DepositTopsUp() public {
        vm.startPrank(owner);
        sofi.mint(owner, 500 ether);
        sofi.approve(address(conv), 500 ether);
        vm.expectEmit(true, false, false, true, address(conv));
        emit Deposited(owner, 500 ether);
        conv.deposit(500 ether);
        vm.stopPrank();
        assertEq(conv.reserve(), RESERVE + 500 ether, "reserve");
        assertEq(sofi.balanceOf(address(conv)), RESERVE + 500 ether, "balance");
    }

    function test_DepositOwnerOnlyAndNonZero() public {
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, alice));
        conv.deposit(1);
        vm.prank(owner);
        vm.expectRevert(SofiConverter.ZeroAmount.selector);
        conv.deposit(0);
    }

    function test_WithdrawSofi() public {
        _convert(alice, 100 ether);
        vm.prank(owner);
        vm.expectEmit(true, false, false, true, address(conv));
        emit SofiWithdrawn(bob, 1000 ether);
        conv.withdrawSofi(bob, 1000 ether);
        assertEq(sofi.balanceOf(bob), 1000 ether, "bob SOFI");
        assertEq(conv.reserve(), RESERVE - 1100 ether, "reserve");
        // All that is left.
        vm.prank(owner);
        conv.withdrawSofi(owner, RESERVE - 1100 ether);
        assertEq(conv.reserve(), 0, "reserve empty");
    }

    function test_WithdrawSofiTakesStraySofiFirst() public {
        vm.prank(owner);
        sofi.mint(address(conv), 7 ether); // a plain transfer, not a deposit
        assertEq(conv.reserve(), RESERVE, "stray SOFI is not for sale");
        vm.prank(owner);
        conv.withdrawSofi(owner, 5 ether);
        assertEq(conv.reserve(), RESERVE, "reserve untouched");
        vm.prank(owner);
        conv.withdrawSofi(owner, 5 ether);
        assertEq(conv.reserve(), RESERVE - 3 ether, "2 stray, then 3 from the reserve");
    }

    function test_WithdrawSofiReverts() public {
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, alice));
        conv.withdrawSofi(alice, 1);
        vm.startPrank(owner);
        vm.expectRevert(SofiConverter.ZeroAddress.selector);
        conv.withdrawSofi(address(0), 1);
        vm.expectRevert(SofiConverter.ZeroAmount.selector);
        conv.withdrawSofi(owner, 0);
        vm.expectRevert(abi.encodeWithSelector(SofiConverter.InsufficientReserve.selector, RESERVE + 1, RESERVE));
        conv.withdrawSofi(owner, RESERVE + 1);
        vm.stopPrank();
    }

    function test_WithdrawRai() public {
        _convert(alice, 40 ether);
        vm.prank(owner);
        vm.expectEmit(true, false, false, true, address(conv));
        emit RaiWithdrawn(bob, 30 ether);
        conv.withdrawRai(bob, 30 ether);
        assertEq(rai.balanceOf(address(conv)), 10 ether, "RAI left");
        assertEq(rai.balanceOf(bob), 10_000_000 ether + 30 ether, "bob RAI");
        assertEq(conv.reserve(), RESERVE - 40 ether, "reserve unchanged by RAI withdrawals");
    }

    function test_WithdrawRaiReverts() public {
        _convert(alice, 1 ether);
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, alice));
        conv.withdrawRai(alice, 1);
        vm.startPrank(owner);
        vm.expectRevert(SofiConverter.ZeroAddress.selector);
        conv.withdrawRai(address(0), 1);
        vm.expectRevert(SofiConverter.ZeroAmount.selector);
        conv.withdrawRai(owner, 0);
        vm.expectRevert(
            abi.encodeWithSelector(IERC20Errors.ERC20InsufficientBalance.selector, address(conv), 1 ether, 2 ether)
        );
        conv.withdrawRai(owner, 2 ether);
        vm.stopPrank();
    }

    function test_OwnershipIsTwoStep() public {
        vm.prank(owner);
        conv.transferOwnership(bob);
        assertEq(conv.owner(), owner, "pending only");
        vm.prank(bob);
        conv.acceptOwnership();
        assertEq(conv.owner(), bob, "accepted");
        vm.prank(owner);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, owner));
        conv.withdrawSofi(owner, 1);
    }

    function test_ReentrantConvertReverts() public {
        ReentrantRai bad = new ReentrantRai();
        SofiConverter c2 = new SofiConverter(owner, IERC20(address(bad)), IERC20(address(sofi)));
        vm.startPrank(owner);
        sofi.mint(owner, 100 ether);
        sofi.approve(address(c2), 100 ether);
        c2.deposit(100 ether);
        vm.stopPrank();
        bad.mint(alice, 10 ether);
        bad.arm(c2);
        vm.startPrank(alice);
        bad.approve(address(c2), 10 ether);
        vm.expectRevert(ReentrancyGuard.ReentrancyGuardReentrantCall.selector);
        c2.convert(5 ether);
        vm.stopPrank();
        assertEq(c2.reserve(), 100 ether, "reserve unchanged");
        assertEq(sofi.balanceOf(alice), 0, "nothing paid");
    }

    function test_FeeOnTransferRaiPaysWhatArrived() public {
        FeeRai fee = new FeeRai();
        SofiConverter c2 = new SofiConverter(owner, IERC20(address(fee)), IERC20(address(sofi)));
        vm.startPrank(owner);
        sofi.mint(owner, 100 ether);
        sofi.approve(address(c2), 100 ether);
        c2.deposit(100 ether);
        vm.stopPrank();
        fee.mint(alice, 10 ether);
        vm.startPrank(alice);
        fee.approve(address(c2), 10 ether);
        uint256 out = c2.convert(10 ether);
        vm.stopPrank();
        assertEq(out, 9.9 ether, "1 % kept by the token");
        assertEq(sofi.balanceOf(alice), 9.9 ether, "alice SOFI");
        assertEq(c2.reserve(), 100 ether - 9.9 ether, "reserve");
        assertEq(fee.balanceOf(address(c2)), 9.9 ether, "RAI held");
    }
}

contract SofiConverterFuzzTest is SofiConverterFixture {
    /// SOFI out equals RAI in, and the reserve falls by exactly that, for any amount within it.
    function testFuzz_ConvertOneForOne(uint256 amount, bool asBob) public {
        amount = bound(amount, 1, RESERVE);
        address who = asBob ? bob : alice;
        uint256 raiBefore = rai.balanceOf(who);
        uint256 sofiBefore = sofi.balanceOf(who);
        uint256 out = _convert(who, amount);
        assertEq(out, amount, "returned");
        assertEq(raiBefore - rai.balanceOf(who), amount, "RAI in");
        assertEq(sofi.balanceOf(who) - sofiBefore, amount, "SOFI out");
        assertEq(conv.reserve(), RESERVE - amount, "reserve");
        assertEq(sofi.balanceOf(address(conv)), conv.reserve(), "balance == reserve");
        assertEq(rai.balanceOf(address(conv)), conv.totalConverted(), "RAI held == converted");
    }

    /// A sequence of conversions, deposits and withdrawals keeps the books: reserve + all SOFI paid out
    /// + SOFI withdrawn == all SOFI deposited, and the SOFI balance never falls below the reserve.
    function testFuzz_ReserveAccounting(uint256[6] memory amounts, uint256 ops) public {
        uint256 deposited = RESERVE;
        uint256 paid;
        uint256 withdrawn;
        for (uint256 i = 0; i < amounts.length; ++i) {
            uint256 op = (ops >> (i * 2)) & 3;
            uint256 r = conv.reserve();
            if (op == 0 || op == 1) {
                if (r == 0) continue;
                uint256 a = bound(amounts[i], 1, r);
                paid += _convert(op == 0 ? alice : bob, a);
            } else if (op == 2) {
                uint256 a = bound(amounts[i], 1, 1_000_000 ether);
                vm.startPrank(owner);
                sofi.mint(owner, a);
                sofi.approve(address(conv), a);
                conv.deposit(a);
                vm.stopPrank();
                deposited += a;
            } else {
                if (r == 0) continue;
                uint256 a = bound(amounts[i], 1, r);
                vm.prank(owner);
                conv.withdrawSofi(owner, a);
                withdrawn += a;
            }
            assertEq(conv.reserve() + paid + withdrawn, deposited, "books balance");
            assertEq(sofi.balanceOf(address(conv)), conv.reserve(), "balance == reserve");
            assertEq(conv.totalConverted(), paid, "totalConverted == paid");
            assertEq(rai.balanceOf(address(conv)), paid, "RAI held == SOFI paid");
        }
    }
}
