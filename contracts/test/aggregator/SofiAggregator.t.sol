// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AggregatorFixture, FeeOnTransferToken} from "./AggregatorFixture.sol";
import {SofiAggregator} from "../../src/aggregator/SofiAggregator.sol";
import {TestToken} from "../../src/TestToken.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {IERC20Errors} from "@openzeppelin/contracts/interfaces/draft-IERC6093.sol";
import {ReentrancyGuard} from "@openzeppelin/contracts/utils/ReentrancyGuard.sol";

/// A router that takes nothing and swaps nothing (registered by a careless owner).
contract LazyRouter {
    address public immutable factory;
    // forge-lint: disable-next-line(screaming-snake-case-immutable)
    address public immutable WETH;

    constructor(address factory_, address weth_) {
        factory = factory_;
        WETH = weth_;
    }

    function getAmountsOut(uint256, address[] calldata path) external pure returns (uint256[] memory amounts) {
        amounts = new uint256[](path.length);
    }

    function swapExactTokensForTokensSupportingFeeOnTransferTokens(
        uint256,
        uint256,
        address[] calldata,
        address,
        uint256
    ) external {}

    function swapExactETHForTokensSupportingFeeOnTransferTokens(uint256, address[] calldata, address, uint256)
        external
        payable
    {}

    function swapExactTokensForETHSupportingFeeOnTransferTokens(
        uint256,
        uint256,
        address[] calldata,
        address,
        uint256
    ) external {}
}

/// A token that calls back into the aggregator when it is pulled.
contract ReentrantToken is ERC20 {
    SofiAggregator public target;
    address public router;

    constructor() ERC20("Reentrant", "REE") {}

    function arm(SofiAggregator target_, address router_) external {
        target = target_;
        router = router_;
        _mint(msg.sender, 1e24);
    }

    function _update(address from, address to, uint256 value) internal override {
        super._update(from, to, value);
        if (address(target) != address(0) && to == address(target)) {
            address[] memory p = new address[](2);
            p[0] = address(this);
            p[1] = address(this);
            target.tradeTokenByExactToken(router, p, 1, 0, from, type(uint256).max);
        }
    }
}

contract SofiAggregatorTest is AggregatorFixture {
    // ------------------------------------------------------------------ setup and owner

    function test_ConstructorRegistersRoutersBasesAndOwner() public view {
        address[] memory rs = agg.getRouters();
        assertEq(rs.length, 2, "two routers");
        assertEq(rs[0], address(routers[0]));
        assertEq(rs[1], address(routers[1]));
        assertTrue(agg.isRouter(address(routers[1])), "isRouter");
        assertFalse(agg.isRouter(alice), "not a router");
        (address f, address w) = agg.routerInfo(address(routers[1]));
        assertEq(f, address(factories[1]), "factory read from the router");
        assertEq(w, address(weth), "weth read from the router");
        assertTrue(pathsEqual(agg.getBases(), bases()), "bases");
        assertEq(agg.owner(), owner, "owner");
    }

    function test_ConstructorEmitsAndValidates() public {
        address[] memory rs = new address[](1);
        rs[0] = address(routers[0]);
        vm.expectEmit(true, false, false, true);
        emit SofiAggregator.RouterAdded(address(routers[0]), address(factories[0]), address(weth));
        new SofiAggregator(owner, rs, bases());

        rs = new address[](2);
        rs[0] = address(routers[0]);
        rs[1] = address(routers[0]);
        vm.expectRevert(abi.encodeWithSelector(SofiAggregator.RouterAlreadyRegistered.selector, address(routers[0])));
        new SofiAggregator(owner, rs, bases());

        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableInvalidOwner.selector, address(0)));
        new SofiAggregator(address(0), new address[](0), new address[](0));
    }

    function test_AddRouter() public {
        address[] memory none = new address[](0);
        SofiAggregator a = new SofiAggregator(owner, none, none);
        vm.expectEmit(true, false, false, true, address(a));
        emit SofiAggregator.RouterAdded(address(routers[1]), address(factories[1]), address(weth));
        vm.prank(owner);
        a.addRouter(address(routers[1]));
        assertEq(a.getRouters().length, 1, "added");
        assertTrue(a.isRouter(address(routers[1])), "registered");
    }

    function test_RevertWhen_AddRouterByNonOwner() public {
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, alice));
        vm.prank(alice);
        agg.addRouter(address(0x1234));
    }

    function test_RevertWhen_AddRouterZero() public {
        vm.expectRevert(SofiAggregator.ZeroAddress.selector);
        vm.prank(owner);
        agg.addRouter(address(0));
    }

    function test_RevertWhen_AddRouterTwice() public {
        vm.expectRevert(abi.encodeWithSelector(SofiAggregator.RouterAlreadyRegistered.selector, address(routers[0])));
        vm.prank(owner);
        agg.addRouter(address(routers[0]));
    }

    function test_RevertWhen_AddRouterIsNotARouter() public {
        // An account without code, a contract without factory(), routers reporting a factory
        // without code or a zero WETH.
        address[4] memory bad = [
            alice,
            address(usdt),
            address(new LazyRouter(bob, address(weth))),
            address(new LazyRouter(address(factories[0]), address(0)))
        ];
        for (uint256 i = 0; i < bad.length; ++i) {
            vm.expectRevert(abi.encodeWithSelector(SofiAggregator.InvalidRouter.selector, bad[i]));
            vm.prank(owner);
            agg.addRouter(bad[i]);
        }
    }

    function test_RemoveRouter() public {
        vm.expectEmit(true, false, false, true, address(agg));
        emit SofiAggregator.RouterRemoved(address(routers[0]));
        vm.prank(owner);
        agg.removeRouter(address(routers[0]));
        address[] memory rs = agg.getRouters();
        assertEq(rs.length, 1, "one left");
        assertEq(rs[0], address(routers[1]), "the other one moved into the hole");
        assertFalse(agg.isRouter(address(routers[0])), "gone");
        (address f,) = agg.routerInfo(address(routers[0]));
        assertEq(f, address(0), "info cleared");

        (address[] memory qr, uint256[] memory out,) = agg.getUniV2Routers(1e18, address(weth), address(usdt));
        assertEq(qr.length, 1, "quotes only the registered router");
        assertEq(qr[0], address(routers[1]));
        assertGt(out[0], 0, "still quotes");

        vm.deal(alice, 1 ether);
        vm.expectRevert(reason("SofiAggregator: UNKNOWN_ROUTER"));
        vm.prank(alice);
        agg.tradeTokenByExactETH{value: 1 ether}(
            address(routers[0]), path2(address(weth), address(usdt)), 0, alice, DEADLINE
        );

        // Removing the last one, then adding back.
        vm.startPrank(owner);
        agg.removeRouter(address(routers[1]));
        assertEq(agg.getRouters().length, 0, "empty");
        agg.addRouter(address(routers[0]));
        vm.stopPrank();
        assertEq(agg.getRouters()[0], address(routers[0]), "re-added");
    }

    function test_RevertWhen_RemoveUnknownRouter() public {
        vm.expectRevert(abi.encodeWithSelector(SofiAggregator.RouterNotRegistered.selector, alice));
        vm.prank(owner);
        agg.removeRouter(alice);
    }

    function test_RevertWhen_RemoveRouterByNonOwner() public {
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, alice));
        vm.prank(alice);
        agg.removeRouter(address(routers[0]));
    }

    function test_SetBases() public {
        address[] memory b = path2(address(dai), address(usdc));
        vm.expectEmit(false, false, false, true, address(agg));
        emit SofiAggregator.BasesSet(b);
        vm.prank(owner);
        agg.setBases(b);
        assertTrue(pathsEqual(agg.getBases(), b), "replaced");
        // Without WETH and USDT as bases, FAR has no route to WETH any more.
        (, uint256[] memory out,) = agg.getUniV2Routers(1e18, address(far), address(weth));
        assertEq(out[0], 0, "no route without the bases");
        vm.prank(owner);
        agg.setBases(new address[](0));
        assertEq(agg.getBases().length, 0, "cleared");
    }

    function test_RevertWhen_SetBasesInvalid() public {
        vm.startPrank(owner);
        vm.expectRevert(SofiAggregator.ZeroAddress.selector);
        agg.setBases(path2(address(dai), address(0)));
        vm.expectRevert(abi.encodeWithSelector(SofiAggregator.DuplicateBase.selector, address(dai)));
        agg.setBases(path3(address(dai), address(usdc), address(dai)));
        address[] memory many = new address[](9);
        for (uint256 i = 0; i < many.length; ++i) {
            // forge-lint: disable-next-line(unsafe-typecast) -- a small loop index: fits in 160 bits
            many[i] = address(uint160(0x100 + i));
        }
        vm.expectRevert(abi.encodeWithSelector(SofiAggregator.TooManyBases.selector, 9, 8));
        agg.setBases(many);
        vm.stopPrank();
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, alice));
        vm.prank(alice);
        agg.setBases(new address[](0));
        assertTrue(pathsEqual(agg.getBases(), bases()), "unchanged");
    }

    function test_RescueTokensAndEth() public {
        give(address(usdt), address(agg), 5e18);
        vm.deal(address(agg), 2 ether); // forced ETH (no receive function)
        vm.expectEmit(true, true, false, true, address(agg));
        emit SofiAggregator.Rescued(address(usdt), bob, 5e18);
        vm.prank(owner);
        agg.rescueTokens(IERC20(address(usdt)), bob, 5e18);
        assertEq(usdt.balanceOf(bob), 5e18, "tokens rescued");
        vm.expectEmit(true, true, false, true, address(agg));
        emit SofiAggregator.Rescued(address(0), bob, 2 ether);
        vm.prank(owner);
        agg.rescueETH(payable(bob), 2 ether);
        assertEq(bob.balance, 2 ether, "eth rescued");
        assertEq(address(agg).balance, 0, "nothing left");
    }

    function test_RevertWhen_RescueInvalid() public {
        give(address(usdt), address(agg), 5e18);
        vm.deal(address(agg), 1 ether);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, alice));
        vm.prank(alice);
        agg.rescueTokens(IERC20(address(usdt)), alice, 1);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, alice));
        vm.prank(alice);
        agg.rescueETH(payable(alice), 1);
        vm.startPrank(owner);
        vm.expectRevert(SofiAggregator.ZeroAddress.selector);
        agg.rescueTokens(IERC20(address(usdt)), address(0), 1);
        vm.expectRevert(SofiAggregator.ZeroAddress.selector);
        agg.rescueETH(payable(address(0)), 1);
        vm.expectRevert(SofiAggregator.EthTransferFailed.selector);
        agg.rescueETH(payable(address(usdt)), 1); // a contract that refuses ETH
        vm.stopPrank();
    }

    function test_OwnershipIsTwoStep() public {
        vm.prank(owner);
        agg.transferOwnership(bob);
        assertEq(agg.owner(), owner, "not yet");
        assertEq(agg.pendingOwner(), bob, "pending");
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, alice));
        vm.prank(alice);
        agg.acceptOwnership();
        vm.prank(bob);
        agg.acceptOwnership();
        assertEq(agg.owner(), bob, "accepted");
    }

    function test_RefusesPlainEth() public {
        vm.deal(alice, 1 ether);
        vm.prank(alice);
        (bool ok,) = address(agg).call{value: 1 ether}("");
        assertFalse(ok, "no receive function");
    }

    // ------------------------------------------------------------------ quotes

    function test_QuoteDirectPairOnBothRouters() public view {
        uint256 amountIn = 1e18;
        (address[] memory rs, uint256[] memory out, address[][] memory paths) =
            agg.getUniV2Routers(amountIn, address(weth), address(usdt));
        assertEq(rs.length, 2, "both routers");
        for (uint256 i = 0; i < 2; ++i) {
            assertEq(rs[i], address(routers[i]), "router order");
            assertEq(out[i], bruteBest(i, amountIn, address(weth), address(usdt)), "best of all paths");
            assertGt(out[i], 0, "quoted");
            assertEq(out[i], routerQuote(i, amountIn, paths[i]), "amount is the router's quote of the path");
            assertEq(paths[i][0], address(weth), "starts with tokenIn");
            assertEq(paths[i][paths[i].length - 1], address(usdt), "ends with tokenOut");
        }
        assertTrue(pathsEqual(paths[0], path2(address(weth), address(usdt))), "direct is best on the deep DEX");
        assertGt(out[1], out[0], "the shallow DEX has the better price for a small trade");
    }

    function test_QuoteLargeTradePrefersTheDeepRouter() public view {
        (, uint256[] memory out,) = agg.getUniV2Routers(50e18, address(weth), address(usdt));
        assertGt(out[0], out[1], "depth wins for a large trade");
    }

    function test_QuoteTwoBaseRouteAndRouterWithoutPath() public view {
        (, uint256[] memory out, address[][] memory paths) = agg.getUniV2Routers(1000e18, address(far), address(weth));
        assertTrue(
            pathsEqual(paths[0], path4(address(far), address(dai), address(usdt), address(weth))), "FAR-DAI-USDT-WETH"
        );
        assertEq(out[0], routerQuote(0, 1000e18, paths[0]), "three-hop quote");
        assertGt(out[0], 0, "routed");
        assertEq(out[1], 0, "no FAR pair on B");
        assertEq(paths[1].length, 0, "empty path on B");
    }

    function test_QuoteOneBaseRoute() public view {
        // TOK has no USDC pair anywhere: through WETH or USDT.
        (, uint256[] memory out, address[][] memory paths) = agg.getUniV2Routers(1000e18, address(tok), address(usdc));
        for (uint256 i = 0; i < 2; ++i) {
            assertEq(out[i], bruteBest(i, 1000e18, address(tok), address(usdc)), "best");
            assertGt(paths[i].length, 2, "not direct");
        }
        assertEq(paths[0].length, 3, "via WETH on A");
        assertEq(paths[0][1], address(weth));
    }

    function test_QuoteMaxHops() public view {
        uint256[] memory out;
        (, out,) = agg.getUniV2RoutersWithMaxHops(1000e18, address(far), address(weth), 1);
        assertEq(out[0], 0, "no direct pair");
        (, out,) = agg.getUniV2RoutersWithMaxHops(1000e18, address(far), address(weth), 2);
        assertEq(out[0], 0, "no one-base route");
        (, out,) = agg.getUniV2RoutersWithMaxHops(1000e18, address(far), address(weth), 3);
        assertGt(out[0], 0, "two-base route");
        address[][] memory paths;
        (, out, paths) = agg.getUniV2RoutersWithMaxHops(1000e18, address(far), address(usdt), 2);
        assertEq(paths[0].length, 3, "FAR-DAI-USDT");
        (, out, paths) = agg.getUniV2RoutersWithMaxHops(1000e18, address(tok), address(weth), 1);
        assertEq(paths[0].length, 2, "direct only");
        assertEq(paths[1].length, 2, "direct only");
    }

    function test_QuoteZeroAmountAndUnknownToken() public {
        (address[] memory rs, uint256[] memory out, address[][] memory paths) =
            agg.getUniV2Routers(0, address(weth), address(usdt));
        assertEq(rs.length, 2, "routers listed");
        assertEq(out[0] + out[1], 0, "zero in, zero out");
        assertEq(paths[0].length + paths[1].length, 0, "no paths");
        TestToken lonely = new TestToken("Lonely", "LON", 18, address(this));
        (, out, paths) = agg.getUniV2Routers(1e18, address(lonely), address(weth));
        assertEq(out[0] + out[1], 0, "no pairs");
        assertEq(paths[0].length + paths[1].length, 0, "no paths");
    }

    function test_QuoteSkipsEmptyPairs() public {
        // A pair that exists but has no liquidity: getAmountsOut reverts inside, the quote is 0.
        TestToken empty = new TestToken("Empty", "EMP", 18, address(this));
        address f = address(factories[0]);
        (bool ok,) = f.call(abi.encodeWithSignature("createPair(address,address)", address(empty), address(weth)));
        assertTrue(ok, "pair created");
        (, uint256[] memory out, address[][] memory paths) = agg.getUniV2Routers(1e18, address(empty), address(weth));
        assertEq(out[0], 0, "no liquidity, no quote");
        assertEq(paths[0].length, 0, "no path");
    }

    function test_QuoteWithNoRouters() public {
        address[] memory none = new address[](0);
        SofiAggregator a = new SofiAggregator(owner, none, bases());
        (address[] memory rs, uint256[] memory out, address[][] memory paths) =
            a.getUniV2Routers(1e18, address(weth), address(usdt));
        assertEq(rs.length + out.length + paths.length, 0, "empty");
    }

    function test_RevertWhen_QuoteInvalid() public {
        vm.expectRevert(reason("SofiAggregator: IDENTICAL_ADDRESSES"));
        agg.getUniV2Routers(1e18, address(weth), address(weth));
        vm.expectRevert(reason("SofiAggregator: ZERO_ADDRESS"));
        agg.getUniV2Routers(1e18, address(0), address(weth));
        vm.expectRevert(reason("SofiAggregator: ZERO_ADDRESS"));
        agg.getUniV2Routers(1e18, address(weth), address(0));
        vm.expectRevert(reason("SofiAggregator: INVALID_MAX_HOPS"));
        agg.getUniV2RoutersWithMaxHops(1e18, address(weth), address(usdt), 0);
        vm.expectRevert(reason("SofiAggregator: INVALID_MAX_HOPS"));
        agg.getUniV2RoutersWithMaxHops(1e18, address(weth), address(usdt), 4);
    }

    // ------------------------------------------------------------------ tradeTokenByExactETH

    function _assertEmpty() internal view {
        address[] memory t = allTokens();
        for (uint256 i = 0; i < t.length; ++i) {
            assertEq(IERC20(t[i]).balanceOf(address(agg)), 0, "aggregator holds no tokens");
            for (uint256 r = 0; r < 2; ++r) {
                assertEq(IERC20(t[i]).allowance(address(agg), address(routers[r])), 0, "no allowance left");
            }
        }
        assertEq(address(agg).balance, 0, "aggregator holds no ETH");
    }

    function test_TradeTokenByExactETH() public {
        (, uint256[] memory out, address[][] memory paths) = agg.getUniV2Routers(2 ether, address(weth), address(tok));
        uint256 r = out[0] >= out[1] ? 0 : 1;
        vm.deal(alice, 3 ether);
        vm.expectEmit(true, true, true, true, address(agg));
        emit SofiAggregator.Trade(alice, address(routers[r]), address(0), address(tok), 2 ether, out[r], bob);
        vm.prank(alice);
        uint256 got = agg.tradeTokenByExactETH{value: 2 ether}(address(routers[r]), paths[r], out[r], bob, DEADLINE);
        assertEq(got, out[r], "returns the quote");
        assertEq(tok.balanceOf(bob), out[r], "recipient received the quote");
        assertEq(alice.balance, 1 ether, "paid exactly the value");
        _assertEmpty();
    }

    function test_TradeAtTheDeadlineSecond() public {
        vm.deal(alice, 1 ether);
        vm.prank(alice);
        uint256 got = agg.tradeTokenByExactETH{value: 1 ether}(
            address(routers[0]), path2(address(weth), address(usdt)), 1, alice, block.timestamp
        );
        assertGt(got, 0, "deadline == now is still valid");
    }

    function test_RevertWhen_TradeTokenByExactETHInvalid() public {
        address r = address(routers[0]);
        address[] memory p = path2(address(weth), address(usdt));
        vm.deal(alice, 10 ether);
        vm.startPrank(alice);
        vm.expectRevert(reason("SofiAggregator: EXPIRED"));
        agg.tradeTokenByExactETH{value: 1 ether}(r, p, 0, alice, block.timestamp - 1);
        vm.expectRevert(reason("SofiAggregator: UNKNOWN_ROUTER"));
        agg.tradeTokenByExactETH{value: 1 ether}(address(0xbeef), p, 0, alice, DEADLINE);
        vm.expectRevert(reason("SofiAggregator: INVALID_PATH"));
        agg.tradeTokenByExactETH{value: 1 ether}(r, new address[](1), 0, alice, DEADLINE);
        vm.expectRevert(reason("SofiAggregator: INVALID_PATH"));
        agg.tradeTokenByExactETH{value: 1 ether}(r, path2(address(usdt), address(weth)), 0, alice, DEADLINE);
        vm.expectRevert(reason("SofiAggregator: INSUFFICIENT_INPUT_AMOUNT"));
        agg.tradeTokenByExactETH{value: 0}(r, p, 0, alice, DEADLINE);
        vm.expectRevert(reason("SofiAggregator: INVALID_RECIPIENT"));
        agg.tradeTokenByExactETH{value: 1 ether}(r, p, 0, address(0), DEADLINE);
        vm.expectRevert(reason("SofiAggregator: INVALID_RECIPIENT"));
        agg.tradeTokenByExactETH{value: 1 ether}(r, p, 0, address(agg), DEADLINE);
        uint256 quote = routerQuote(0, 1 ether, p);
        vm.expectRevert(reason("SofiAggregator: INSUFFICIENT_OUTPUT_AMOUNT"));
        agg.tradeTokenByExactETH{value: 1 ether}(r, p, quote + 1, alice, DEADLINE);
        // A path over a pair that does not exist fails inside the router.
        vm.expectRevert();
        agg.tradeTokenByExactETH{value: 1 ether}(r, path2(address(weth), address(far)), 0, alice, DEADLINE);
        vm.stopPrank();
        assertEq(alice.balance, 10 ether, "nothing spent");
        _assertEmpty();
    }

    // ------------------------------------------------------------------ tradeETHByExactToken

    function test_TradeETHByExactToken() public {
        uint256 amountIn = 500e18;
        give(address(usdt), alice, amountIn);
        (, uint256[] memory out, address[][] memory paths) =
            agg.getUniV2Routers(amountIn, address(usdt), address(weth));
        uint256 r = out[0] >= out[1] ? 0 : 1;
        vm.prank(alice);
        usdt.approve(address(agg), amountIn);
        vm.expectEmit(true, true, true, true, address(agg));
        emit SofiAggregator.Trade(alice, address(routers[r]), address(usdt), address(0), amountIn, out[r], bob);
        vm.prank(alice);
        uint256 got = agg.tradeETHByExactToken(address(routers[r]), paths[r], amountIn, out[r], bob, DEADLINE);
        assertEq(got, out[r], "quote delivered");
        assertEq(bob.balance, out[r], "ETH to the recipient");
        assertEq(usdt.balanceOf(alice), 0, "paid exactly amountIn");
        assertEq(usdt.allowance(alice, address(agg)), 0, "exact approval used");
        _assertEmpty();
    }

    function test_TradeETHByExactTokenMultiHop() public {
        uint256 amountIn = 1000e18;
        give(address(far), alice, amountIn);
        address[] memory p = path4(address(far), address(dai), address(usdt), address(weth));
        uint256 quote = routerQuote(0, amountIn, p);
        vm.startPrank(alice);
        far.approve(address(agg), amountIn);
        uint256 got = agg.tradeETHByExactToken(address(routers[0]), p, amountIn, quote, alice, DEADLINE);
        vm.stopPrank();
        assertEq(got, quote, "three hops");
        assertEq(alice.balance, quote, "ETH received");
        _assertEmpty();
    }

    function test_RevertWhen_TradeETHByExactTokenInvalid() public {
        address r = address(routers[0]);
        address[] memory p = path2(address(usdt), address(weth));
        give(address(usdt), alice, 100e18);
        vm.startPrank(alice);
        usdt.approve(address(agg), 100e18);
        vm.expectRevert(reason("SofiAggregator: EXPIRED"));
        agg.tradeETHByExactToken(r, p, 100e18, 0, alice, block.timestamp - 1);
        vm.expectRevert(reason("SofiAggregator: UNKNOWN_ROUTER"));
        agg.tradeETHByExactToken(alice, p, 100e18, 0, alice, DEADLINE);
        vm.expectRevert(reason("SofiAggregator: INVALID_PATH"));
        agg.tradeETHByExactToken(r, new address[](0), 100e18, 0, alice, DEADLINE);
        vm.expectRevert(reason("SofiAggregator: INVALID_PATH"));
        agg.tradeETHByExactToken(r, path2(address(usdt), address(usdc)), 100e18, 0, alice, DEADLINE);
        vm.expectRevert(reason("SofiAggregator: INSUFFICIENT_INPUT_AMOUNT"));
        agg.tradeETHByExactToken(r, p, 0, 0, alice, DEADLINE);
        vm.expectRevert(reason("SofiAggregator: INVALID_RECIPIENT"));
        agg.tradeETHByExactToken(r, p, 100e18, 0, address(0), DEADLINE);
        vm.expectRevert(reason("SofiAggregator: INVALID_RECIPIENT"));
        agg.tradeETHByExactToken(r, p, 100e18, 0, address(agg), DEADLINE);
        uint256 quote = routerQuote(0, 100e18, p);
        vm.expectRevert(reason("SofiAggregator: INSUFFICIENT_OUTPUT_AMOUNT"));
        agg.tradeETHByExactToken(r, p, 100e18, quote + 1, alice, DEADLINE);
        vm.expectRevert(
            abi.encodeWithSelector(
                IERC20Errors.ERC20InsufficientAllowance.selector, address(agg), 100e18, uint256(100e18 + 1)
            )
        );
        agg.tradeETHByExactToken(r, p, 100e18 + 1, 0, alice, DEADLINE);
        // A recipient that refuses ETH: the router's transfer fails.
        vm.expectRevert();
        agg.tradeETHByExactToken(r, p, 100e18, 0, address(usdt), DEADLINE);
        vm.stopPrank();
        assertEq(usdt.balanceOf(alice), 100e18, "nothing spent");
        _assertEmpty();
    }

    // ------------------------------------------------------------------ tradeTokenByExactToken

    function test_TradeTokenByExactToken() public {
        uint256 amountIn = 2000e18;
        give(address(tok), alice, amountIn);
        (, uint256[] memory out, address[][] memory paths) = agg.getUniV2Routers(amountIn, address(tok), address(usdc));
        uint256 r = out[0] >= out[1] ? 0 : 1;
        vm.prank(alice);
        tok.approve(address(agg), amountIn);
        vm.expectEmit(true, true, true, true, address(agg));
        emit SofiAggregator.Trade(alice, address(routers[r]), address(tok), address(usdc), amountIn, out[r], alice);
        vm.prank(alice);
        uint256 got = agg.tradeTokenByExactToken(address(routers[r]), paths[r], amountIn, out[r], alice, DEADLINE);
        assertEq(got, out[r], "quote delivered");
        assertEq(usdc.balanceOf(alice), out[r], "received");
        assertEq(tok.balanceOf(alice), 0, "paid");
        _assertEmpty();
    }

    function test_TradeTokenByExactTokenForWethToken() public {
        // WETH as an ordinary ERC20 output (no unwrapping).
        give(address(usdt), alice, 300e18);
        address[] memory p = path2(address(usdt), address(weth));
        uint256 quote = routerQuote(1, 300e18, p);
        vm.startPrank(alice);
        usdt.approve(address(agg), 300e18);
        agg.tradeTokenByExactToken(address(routers[1]), p, 300e18, quote, alice, DEADLINE);
        vm.stopPrank();
        assertEq(weth.balanceOf(alice), quote, "WETH received");
        assertEq(alice.balance, 0, "not unwrapped");
    }

    function test_RevertWhen_TradeTokenByExactTokenInvalid() public {
        address r = address(routers[1]);
        address[] memory p = path2(address(usdt), address(usdc));
        give(address(usdt), alice, 100e18);
        vm.startPrank(alice);
        usdt.approve(address(agg), 100e18);
        vm.expectRevert(reason("SofiAggregator: EXPIRED"));
        agg.tradeTokenByExactToken(r, p, 100e18, 0, alice, block.timestamp - 1);
        vm.expectRevert(reason("SofiAggregator: UNKNOWN_ROUTER"));
        agg.tradeTokenByExactToken(address(0), p, 100e18, 0, alice, DEADLINE);
        vm.expectRevert(reason("SofiAggregator: INVALID_PATH"));
        agg.tradeTokenByExactToken(r, new address[](1), 100e18, 0, alice, DEADLINE);
        vm.expectRevert(reason("SofiAggregator: INSUFFICIENT_INPUT_AMOUNT"));
        agg.tradeTokenByExactToken(r, p, 0, 0, alice, DEADLINE);
        vm.expectRevert(reason("SofiAggregator: INVALID_RECIPIENT"));
        agg.tradeTokenByExactToken(r, p, 100e18, 0, address(0), DEADLINE);
        vm.expectRevert(reason("SofiAggregator: INVALID_RECIPIENT"));
        agg.tradeTokenByExactToken(r, p, 100e18, 0, address(agg), DEADLINE);
        uint256 quote = routerQuote(1, 100e18, p);
        vm.expectRevert(reason("SofiAggregator: INSUFFICIENT_OUTPUT_AMOUNT"));
        agg.tradeTokenByExactToken(r, p, 100e18, quote + 1, alice, DEADLINE);
        usdt.approve(address(agg), 200e18);
        vm.expectRevert(
            abi.encodeWithSelector(IERC20Errors.ERC20InsufficientBalance.selector, alice, 100e18, uint256(200e18))
        );
        agg.tradeTokenByExactToken(r, p, 200e18, 0, alice, DEADLINE);
        vm.expectRevert(); // no FAR pair on B
        agg.tradeTokenByExactToken(r, path2(address(usdt), address(far)), 100e18, 0, alice, DEADLINE);
        vm.stopPrank();
        assertEq(usdt.balanceOf(alice), 100e18, "nothing spent");
        _assertEmpty();
    }

    function test_RevertWhen_Reentered() public {
        ReentrantToken ree = new ReentrantToken();
        ree.arm(agg, address(routers[0]));
        ree.approve(address(agg), 1e18);
        vm.expectRevert(ReentrancyGuard.ReentrancyGuardReentrantCall.selector);
        agg.tradeTokenByExactToken(address(routers[0]), path2(address(ree), address(weth)), 1e18, 0, alice, DEADLINE);
    }

    function test_RevertWhen_RouterLeavesInputBehind() public {
        LazyRouter lazy = new LazyRouter(address(factories[0]), address(weth));
        vm.prank(owner);
        agg.addRouter(address(lazy));
        give(address(usdt), alice, 10e18);
        vm.startPrank(alice);
        usdt.approve(address(agg), 10e18);
        vm.expectRevert(reason("SofiAggregator: INPUT_NOT_SPENT"));
        agg.tradeTokenByExactToken(address(lazy), path2(address(usdt), address(usdc)), 10e18, 0, alice, DEADLINE);
        vm.expectRevert(reason("SofiAggregator: INPUT_NOT_SPENT"));
        agg.tradeETHByExactToken(address(lazy), path2(address(usdt), address(weth)), 10e18, 0, alice, DEADLINE);
        // Nothing delivered is never a successful trade, even with a minimum of 0.
        vm.deal(alice, 1 ether);
        vm.expectRevert(reason("SofiAggregator: INSUFFICIENT_OUTPUT_AMOUNT"));
        agg.tradeTokenByExactETH{value: 1 ether}(address(lazy), path2(address(weth), address(usdt)), 0, alice, DEADLINE);
        vm.stopPrank();
        (, uint256[] memory out,) = agg.getUniV2Routers(1e18, address(weth), address(usdt));
        assertEq(out[2], 0, "a router quoting 0 is reported as 0");
    }

    // ------------------------------------------------------------------ fee-on-transfer tokens

    function test_FeeOnTransferInputIsSwappedHonestly() public {
        uint256 amountIn = 10_000e18;
        give(address(fee), alice, amountIn);
        address[] memory p = path2(address(fee), address(weth));
        uint256 quote = routerQuote(0, amountIn, p);
        // The user's transfer to the aggregator and the aggregator's to the pair each lose 1 %.
        uint256 atAggregator = amountIn - fee.feeOf(amountIn);
        uint256 atPair = atAggregator - fee.feeOf(atAggregator);
        uint256 expected = routerQuote(0, atPair, p);
        assertLt(expected, quote, "the fee costs output");
        vm.startPrank(alice);
        fee.approve(address(agg), amountIn);
        vm.expectRevert(reason("SofiAggregator: INSUFFICIENT_OUTPUT_AMOUNT"));
        agg.tradeETHByExactToken(address(routers[0]), p, amountIn, quote, alice, DEADLINE);
        vm.expectEmit(true, true, true, true, address(agg));
        emit SofiAggregator.Trade(alice, address(routers[0]), address(fee), address(0), amountIn, expected, alice);
        uint256 got = agg.tradeETHByExactToken(address(routers[0]), p, amountIn, expected, alice, DEADLINE);
        vm.stopPrank();
        assertEq(got, expected, "output of what reached the pair");
        assertEq(alice.balance, expected, "ETH received");
        assertEq(fee.balanceOf(alice), 0, "paid amountIn");
        _assertEmpty();
    }

    function test_FeeOnTransferInputTokenToToken() public {
        uint256 amountIn = 10_000e18;
        give(address(fee), alice, amountIn);
        address[] memory p = path3(address(fee), address(usdt), address(usdc));
        uint256 atAggregator = amountIn - fee.feeOf(amountIn);
        uint256 expected = routerQuote(0, atAggregator - fee.feeOf(atAggregator), p);
        vm.startPrank(alice);
        fee.approve(address(agg), amountIn);
        uint256 got = agg.tradeTokenByExactToken(address(routers[0]), p, amountIn, expected, bob, DEADLINE);
        vm.stopPrank();
        assertEq(got, expected, "honest output");
        assertEq(usdc.balanceOf(bob), expected, "received");
        _assertEmpty();
    }

    function test_FeeOnTransferOutputChecksWhatArrives() public {
        address[] memory p = path2(address(weth), address(fee));
        uint256 quote = routerQuote(1, 1 ether, p);
        uint256 arrives = quote - fee.feeOf(quote); // the pair's transfer to the recipient loses 1 %
        vm.deal(alice, 2 ether);
        vm.startPrank(alice);
        vm.expectRevert(reason("SofiAggregator: INSUFFICIENT_OUTPUT_AMOUNT"));
        agg.tradeTokenByExactETH{value: 1 ether}(address(routers[1]), p, arrives + 1, alice, DEADLINE);
        uint256 got = agg.tradeTokenByExactETH{value: 1 ether}(address(routers[1]), p, arrives, alice, DEADLINE);
        vm.stopPrank();
        assertEq(got, arrives, "reports what arrived");
        assertEq(fee.balanceOf(alice), arrives, "balance change");
        _assertEmpty();
    }
}
