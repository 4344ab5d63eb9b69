// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Vm} from "../Base.sol";
import {TestToken} from "../../src/TestToken.sol";
import {HeadTailRaces} from "../../src/races/HeadTailRaces.sol";
import {IRaceV2Pair, RacesFixture} from "./RacesFixture.sol";

contract HeadTailRacesTest is RacesFixture {
    // ------------------------------------------------------------------ creation

    function test_NewPriceRound_StoresTheRoundAndAnnouncesIt() public {
        vm.expectEmit(true, true, false, true, address(races));
        emit HeadTailRaces.RoundCreated(
            1,
            1,
            "WETH-price",
            address(token),
            address(pair),
            "",
            "",
            startPredict,
            endPredict,
            startRound,
            endRound,
            WINDOW,
            1000 * E18
        );
        uint256 id = _priceRound();
        assertEq(id, 1, "first id");
        assertEq(races.currentRoundId(), 1, "currentRoundId");
        (string memory name, uint64 sp, uint64 ep, uint64 sr, uint64 er, uint256 rewards, uint256 joined) =
            races.rounds(id);
        assertEq(name, "WETH-price");
        assertEq(sp, startPredict, "startPredict");
        assertEq(ep, endPredict, "endPredict");
        assertEq(sr, startRound, "startRound");
        assertEq(er, endRound, "endRound");
        assertEq(rewards, 1000 * E18, "totalRewards");
        assertEq(joined, 0, "joined");
        HeadTailRaces.RoundInfo memory info = races.roundInfo(id);
        assertEq(info.kind, 1, "kind");
        assertEq(info.token, address(token), "token");
        assertEq(info.pair, address(pair), "pair");
        assertEq(info.window, WINDOW, "window");
        assertEq(info.result, 0, "undecided");
        // Spot price of the fixture's pool: $2,000 at 18 decimals.
        assertEq(races.spotPrice(id), 2000 * E18, "spot");
    }

    function test_NewRound_EventRoundWithTeams() public {
        vm.expectEmit(true, true, false, true, address(races));
        emit HeadTailRaces.RoundCreated(
            1,
            2,
            "Final",
            address(0),
            address(0),
            "Seoul",
            "Busan",
            startPredict,
            endPredict,
            startRound,
            endRound,
            0,
            500 * E18
        );
        uint256 id = _eventRound();
        HeadTailRaces.RoundInfo memory info = races.roundInfo(id);
        assertEq(info.kind, 2, "kind");
        assertEq(info.teamA, "Seoul");
        assertEq(info.teamB, "Busan");
        assertEq(info.pair, address(0), "no pair");
        assertEq(_eventRound(), 2, "ids count up");
        assertEq(races.currentRoundId(), 2, "currentRoundId");
    }

    function test_Create_OnlyTheOwner() public {
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, alice));
        races.newRound("Final", "A", "B", startPredict, endPredict, startRound, endRound, 0);
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, alice));
        races.newPriceRound("WETH-price", address(token), startPredict, endPredict, startRound, endRound, WINDOW, 0);
    }

    function test_Create_RefusesBadTimes() public {
        uint64 nowTs = uint64(block.timestamp);
        uint64[4][6] memory bad = [
            [startPredict, startPredict, startRound, endRound], // empty prediction window
            [endPredict, startPredict, startRound, endRound], // reversed
            [startPredict, startRound + 1, startRound, endRound], // predictions after the start
            [startPredict, endPredict, endRound, endRound], // empty round
            [nowTs - 100, nowTs, startRound, endRound], // predictions already closed
            [startPredict, endPredict, startRound, uint64(type(uint40).max) + 1] // beyond uint40
        ];
        for (uint256 i = 0; i < bad.length; ++i) {
            vm.prank(keeper);
            vm.expectRevert(HeadTailRaces.InvalidTimes.selector);
            races.newRound("Final", "A", "B", bad[i][0], bad[i][1], bad[i][2], bad[i][3], 0);
        }
        // Predictions may close exactly when the round starts, and open in the past.
        vm.prank(keeper);
        races.newRound("Final", "A", "B", nowTs - 100, nowTs + 1, nowTs + 1, nowTs + 2, 0);
    }

    function test_NewPriceRound_RefusesBadWindowsPairsAndNames() public {
        vm.startPrank(keeper);
        vm.expectRevert(abi.encodeWithSelector(HeadTailRaces.InvalidWindow.selector, uint32(59)));
        races.newPriceRound("WETH-price", address(token), startPredict, endPredict, startRound, endRound, 59, 0);
        vm.expectRevert(abi.encodeWithSelector(HeadTailRaces.InvalidWindow.selector, uint32(3601)));
        races.newPriceRound("WETH-price", address(token), startPredict, endPredict, startRound, endRound, 3601, 0);
        // The start window must not have begun.
        uint64 soon = uint64(block.timestamp) + 599;
        vm.expectRevert(abi.encodeWithSelector(HeadTailRaces.InvalidWindow.selector, uint32(600)));
        races.newPriceRound("WETH-price", address(token), startPredict, soon - 1, soon, soon + 3600, 600, 0);
        vm.expectRevert(abi.encodeWithSelector(HeadTailRaces.UnknownPair.selector, address(noPairToken)));
        races.newPriceRound("LONE-price", address(noPairToken), startPredict, endPredict, startRound, endRound, 600, 0);
        vm.expectRevert(abi.encodeWithSelector(HeadTailRaces.UnknownPair.selector, address(usdt)));
        races.newPriceRound("USDT-price", address(usdt), startPredict, endPredict, startRound, endRound, 600, 0);
        vm.expectRevert(HeadTailRaces.InvalidName.selector);
        races.newPriceRound("", address(token), startPredict, endPredict, startRound, endRound, 600, 0);
        vm.expectRevert(HeadTailRaces.InvalidName.selector);
        races.newRound(
            "Final", "A", "Team name longer than sixty-four bytes, which is the longest a name is", 1, 2, 3, 4, 0
        );
        vm.expectRevert(HeadTailRaces.InvalidName.selector);
        races.newRound("Final", "", "B", startPredict, endPredict, startRound, endRound, 0);
        // The longest window: the whole round.
        races.newPriceRound("WETH-price", address(token), startPredict, endPredict, startRound, endRound, 3600, 0);
        vm.stopPrank();
    }

    function test_NewPriceRound_RefusesASecondOpeningOfTheSameRace() public {
        uint256 id = _priceRound();
        bytes32 race = keccak256(abi.encode(address(token), startRound, endRound));
        assertEq(races.priceRoundOf(race), id, "the race's round");
        vm.startPrank(keeper);
        // the same token over the same period, even under another name or prediction window
        vm.expectRevert(abi.encodeWithSelector(HeadTailRaces.DuplicateRound.selector, id));
        races.newPriceRound("WETH-again", address(token), startPredict + 1, endPredict, startRound, endRound, WINDOW, 0);
        // another period of the same token is another race
        uint256 later = races.newPriceRound(
            "WETH-price", address(token), startPredict, endPredict, startRound, endRound + 60, WINDOW, 0
        );
        assertEq(later, id + 1, "a longer period");
        vm.stopPrank();
        assertEq(races.currentRoundId(), id + 1, "no round from the refused opening");
    }

    function test_NewPriceRound_RefusesTokensAbove18Decimals() public {
        TestToken wide = new TestToken("Wide", "WIDE", 24, address(this));
        factory.createPair(address(wide), address(usdt));
        vm.prank(keeper);
        vm.expectRevert(abi.encodeWithSelector(HeadTailRaces.InvalidTokenDecimals.selector, uint8(24)));
        races.newPriceRound("WIDE-price", address(wide), startPredict, endPredict, startRound, endRound, 600, 0);
    }

    function test_Constructor_RefusesZeroAddressesAndWideQuotes() public {
        vm.expectRevert(HeadTailRaces.ZeroAddress.selector);
        new HeadTailRaces(keeper, address(0), address(usdt));
        vm.expectRevert(HeadTailRaces.ZeroAddress.selector);
        new HeadTailRaces(keeper, address(factory), address(0));
        TestToken wide = new TestToken("Wide", "WIDE", 24, address(this));
        vm.expectRevert(abi.encodeWithSelector(HeadTailRaces.InvalidQuoteDecimals.selector, uint8(24)));
        new HeadTailRaces(keeper, address(factory), address(wide));
    }

    function test_Ownership_TwoSteps() public {
        vm.prank(keeper);
        races.transferOwnership(alice);
        assertEq(races.owner(), keeper, "still the keeper until accepted");
        vm.prank(alice);
        races.acceptOwnership();
        assertEq(races.owner(), alice, "accepted");
        vm.prank(alice);
        races.newRound("Final", "A", "B", startPredict, endPredict, startRound, endRound, 0);
    }

    // ------------------------------------------------------------------ predict

    function test_Predict_EveryWindowEdge() public {
        uint256 id = _priceRound();
        _at(startPredict - 1);
        vm.prank(alice);
        _expectRevertString("Round not predictable");
        races.predict(id, 1);

        _at(startPredict);
        vm.expectEmit(true, true, false, true, address(races));
        emit HeadTailRaces.Predicted(id, alice, 1);
        _predict(id, alice, 1);

        _at(endPredict - 1);
        _predict(id, bob, 2);

        _at(endPredict);
        vm.prank(carol);
        _expectRevertString("Round not predictable");
        races.predict(id, 1);

        assertEq(races.predicts(id, alice), 1, "alice head");
        assertEq(races.predicts(id, bob), 2, "bob tail");
        assertEq(races.predicts(id, carol), 0, "carol none");
        HeadTailRaces.RoundInfo memory info = races.roundInfo(id);
        assertEq(info.joined, 2, "joined");
        assertEq(info.headCount, 1, "head");
        assertEq(info.tailCount, 1, "tail");
    }

    function testFuzz_Predict_OnlyInsideTheWindow(uint256 t) public {
        uint256 id = _priceRound();
        t = bound(t, block.timestamp, endRound + 1 days);
        _at(t);
        vm.prank(alice);
        if (t < startPredict || t >= endPredict) _expectRevertString("Round not predictable");
        races.predict(id, 2);
    }

    function test_Predict_OncePerWalletPerRound() public {
        uint256 id = _priceRound();
        uint256 other = _eventRound();
        _at(startPredict + 10);
        _predict(id, alice, 1);
        vm.prank(alice);
        _expectRevertString("Already predicted");
        races.predict(id, 1);
        vm.prank(alice);
        _expectRevertString("Already predicted");
        races.predict(id, 2);
        // Another round is another prediction.
        _predict(other, alice, 2);
        (,,,,,, uint256 joined) = races.rounds(id);
        assertEq(joined, 1, "one prediction counted");
        assertEq(races.predicts(id, alice), 1, "the first side stays");
    }

    function test_Predict_RefusesOtherSidesAndUnknownRounds() public {
        uint256 id = _priceRound();
        _at(startPredict);
        for (uint8 side = 0; side < 6; side += 3) {
            vm.prank(alice);
            _expectRevertString("Invalid side");
            races.predict(id, side);
        }
        vm.prank(alice);
        _expectRevertString("Round not predictable");
        races.predict(id + 1, 1);
        vm.prank(alice);
        _expectRevertString("Round not predictable");
        races.predict(0, 1);
    }

    function test_Predict_RefusedOnceCancelled() public {
        uint256 id = _eventRound();
        _at(startPredict + 1);
        _predict(id, alice, 1);
        vm.prank(keeper);
        races.settleEvent(id, 4);
        vm.prank(bob);
        _expectRevertString("Round not predictable");
        races.predict(id, 1);
    }

    // ------------------------------------------------------------------ observations

    function test_Checkpoint_EveryObservationEdge() public {
        uint256 id = _priceRound();
        _at(startPredict);
        _predict(id, alice, 1);
        uint256 half = WINDOW / 2;

        // Slot 0: [startRound - W, startRound - W/2].
        _at(startRound - WINDOW - 1);
        vm.expectRevert(abi.encodeWithSelector(HeadTailRaces.NothingToObserve.selector, id));
        races.checkpoint(id);
        (uint8 slot, uint64 from, uint64 until) = races.nextObservation(id);
        assertEq(slot, 0, "next slot 0");
        assertEq(from, startRound - WINDOW, "from");
        assertEq(until, startRound - WINDOW + half, "until");
        _at(startRound - WINDOW + half);
        races.checkpoint(id);
        // Nothing more until the start.
        _at(startRound - 1);
        vm.expectRevert(abi.encodeWithSelector(HeadTailRaces.NothingToObserve.selector, id));
        races.checkpoint(id);

        // Slot 1 at the start, with its price: the window actually averaged is W/2 long.
        _at(startRound);
        vm.recordLogs();
        races.checkpoint(id);
        Vm.Log[] memory logs = vm.getRecordedLogs();
        assertEq(logs.length, 1, "one observation");
        (uint8 observedSlot,, uint64 at, uint256 price) = abi.decode(logs[0].data, (uint8, uint256, uint64, uint256));
        assertEq(observedSlot, 1, "slot 1");
        assertEq(at, startRound, "at the start");
        assertEq(price, 2000 * E18, "constant price");
        assertEq(races.roundInfo(id).startPrice, 2000 * E18, "stored start price");
        // Twice in one block: nothing new.
        vm.expectRevert(abi.encodeWithSelector(HeadTailRaces.NothingToObserve.selector, id));
        races.checkpoint(id);

        // Slot 2: half a window late is the last second.
        _at(endRound - WINDOW + half);
        races.checkpoint(id);
        (slot, from, until) = races.nextObservation(id);
        assertEq(slot, 3, "next slot 3");
        assertEq(from, endRound, "from the end");
        assertEq(until, endRound + half, "until");
        // Slot 3 can be taken by checkpoint too; settle then uses it.
        _at(endRound + half);
        races.checkpoint(id);
        (slot,,) = races.nextObservation(id);
        assertEq(slot, 4, "none left");
        assertEq(races.roundInfo(id).observed, 15, "all four");
        _at(endRound + 3 days);
        races.settle(id);
        assertEq(_result(id), 3, "constant price: draw");
    }

    /// Each window's opening observation is taken only within [moment, moment + W/2].
    function testFuzz_Checkpoint_OpeningOnlyWithinHalfAWindow(uint256 t, bool endWindow) public {
        uint256 id = _priceRound();
        uint256 moment = endWindow ? endRound - WINDOW : startRound - WINDOW;
        if (endWindow) {
            _at(startRound - WINDOW);
            races.checkpoint(id);
            _at(startRound);
            races.checkpoint(id);
        }
        // (Up to the next window: the end's opening is taken even when the start's was missed.)
        t = bound(t, block.timestamp, endWindow ? endRound - 1 : startRound - 1);
        _at(t);
        if (t < moment || t > moment + WINDOW / 2) {
            vm.expectRevert(abi.encodeWithSelector(HeadTailRaces.NothingToObserve.selector, id));
        }
        races.checkpoint(id);
    }

    function test_Checkpoint_MissedOpeningCancelsTheRound() public {
        uint256 id = _priceRound();
        _at(startPredict);
        _predict(id, alice, 1);
        _at(startRound - WINDOW + WINDOW / 2 + 1);
        (uint8 slot,,) = races.nextObservation(id);
        assertEq(slot, 4, "slot 0 missed: none left");
        vm.expectRevert(abi.encodeWithSelector(HeadTailRaces.NothingToObserve.selector, id));
        races.checkpoint(id);
        // The start close needs its opening: not recorded.
        _at(startRound);
        vm.expectRevert(abi.encodeWithSelector(HeadTailRaces.NothingToObserve.selector, id));
        races.checkpoint(id);
        _at(endRound - WINDOW);
        races.checkpoint(id); // the end window's opening is still taken
        _at(endRound);
        vm.expectEmit(true, false, false, true, address(races));
        emit HeadTailRaces.RoundCancelled(id, 2);
        races.settle(id);
        assertEq(_result(id), 4, "cancelled");
    }

    function test_Settle_LateKeeperCancelsAfterHalfAWindow() public {
        uint256 id = _priceRound();
        _at(startPredict);
        _predict(id, alice, 1);
        _observeOnTime(id);
        _at(endRound + WINDOW / 2 + 1);
        vm.expectEmit(true, false, false, true, address(races));
        emit HeadTailRaces.RoundSettled(id, 4, 2000 * E18, 0);
        races.settle(id);
        assertEq(_result(id), 4, "cancelled: end observation missed");
    }

    function test_Checkpoint_OnlyPriceRoundsNotSettled() public {
        uint256 ev = _eventRound();
        vm.expectRevert(abi.encodeWithSelector(HeadTailRaces.NotPriceRound.selector, ev));
        races.checkpoint(ev);
        vm.expectRevert(abi.encodeWithSelector(HeadTailRaces.UnknownRound.selector, 9));
        races.checkpoint(9);
        uint256 id = _priceRound();
        _at(endPredict);
        races.settle(id); // nobody joined
        _at(endRound);
        vm.expectRevert(abi.encodeWithSelector(HeadTailRaces.AlreadySettled.selector, id));
        races.checkpoint(id);
    }

    // ------------------------------------------------------------------ price results

    function test_Settle_HeadWhenThePriceRose() public {
        uint256 id = _priceRound();
        _at(startPredict);
        _predict(id, alice, 1);
        _predict(id, bob, 2);
        _observeOnTime(id);
        _movePrice(200); // +2 % well before the end window
        _at(endRound);
        assertTrue(races.settleable(id), "settleable");
        races.settle(id);
        HeadTailRaces.RoundInfo memory info = races.roundInfo(id);
        assertEq(info.result, 1, "head");
        assertEq(info.startPrice, 2000 * E18, "start");
        assertGt(info.endPrice, 2030 * E18, "end about 2 % up");
        assertLt(info.endPrice, 2050 * E18, "end about 2 % up");
        assertFalse(races.settleable(id), "settled");
        vm.expectRevert(abi.encodeWithSelector(HeadTailRaces.AlreadySettled.selector, id));
        races.settle(id);
    }

    function test_Settle_TailWhenThePriceFell() public {
        uint256 id = _priceRound();
        _at(startPredict);
        _predict(id, alice, 1);
        _observeOnTime(id);
        _movePrice(-100);
        // The keeper's settle at the end takes the last observation itself.
        _at(endRound);
        vm.recordLogs();
        races.settle(id);
        Vm.Log[] memory logs = vm.getRecordedLogs();
        assertEq(logs.length, 2, "observed, settled");
        assertEq(logs[1].topics[0], HeadTailRaces.RoundSettled.selector, "settled event");
        assertEq(_result(id), 2, "tail");
    }

    function test_Settle_PriceMovesInsideTheEndWindowCountByTheirTime() public {
        uint256 id = _priceRound();
        _at(startPredict);
        _predict(id, alice, 1);
        _observeOnTime(id);
        // Half way through the end window the price rises 1 %: the end average is about +0.5 %.
        _at(endRound - WINDOW / 2);
        _movePrice(100);
        _at(endRound);
        races.settle(id);
        uint256 endPrice = races.roundInfo(id).endPrice;
        assertGt(endPrice, 2008 * E18, "about half of the rise");
        assertLt(endPrice, 2012 * E18, "about half of the rise");
        assertEq(_result(id), 1, "head");
    }

    function test_Settle_DrawWhenNothingTraded() public {
        uint256 id = _priceRound();
        _at(startPredict);
        _predict(id, alice, 1);
        _observeOnTime(id);
        _at(endRound);
        vm.expectEmit(true, false, false, true, address(races));
        emit HeadTailRaces.RoundSettled(id, 3, 2000 * E18, 2000 * E18);
        races.settle(id);
    }

    function test_Settle_DrawWhenTheMoveIsBelow18Decimals() public {
        // A trade that moves the price by less than 1e-18 USDT keeps both averages equal at 18 decimals.
        uint256 id = _priceRound();
        _at(startPredict);
        _predict(id, alice, 1);
        _observeOnTime(id);
        usdt.mint(address(pair), 1);
        pair.sync();
        _at(endRound);
        races.settle(id);
        assertEq(_result(id), 3, "draw");
    }

    function test_Settle_NotBeforeTheEnd() public {
        uint256 id = _priceRound();
        _at(startPredict);
        _predict(id, alice, 1);
        _observeOnTime(id);
        _at(endRound - 1);
        assertFalse(races.settleable(id), "not yet");
        vm.expectRevert(abi.encodeWithSelector(HeadTailRaces.NotSettleable.selector, id));
        races.settle(id);
        vm.expectRevert(abi.encodeWithSelector(HeadTailRaces.UnknownRound.selector, 7));
        races.settle(7);
    }

    function test_Settle_NobodyJoinedIsCancelledOnceThePredictionsClose() public {
        uint256 id = _priceRound();
        _at(endPredict - 1);
        vm.expectRevert(abi.encodeWithSelector(HeadTailRaces.NotSettleable.selector, id));
        races.settle(id);
        _at(endPredict);
        assertTrue(races.settleable(id), "settleable");
        vm.expectEmit(true, false, false, true, address(races));
        emit HeadTailRaces.RoundSettled(id, 4, 0, 0);
        vm.expectEmit(true, false, false, true, address(races));
        emit HeadTailRaces.RoundCancelled(id, 1);
        vm.prank(carol); // anyone
        races.settle(id);
        assertEq(_result(id), 4, "cancelled");
    }

    function test_Settle_AnEmptyPoolHasNoPrice() public {
        // A pair with no liquidity accrues nothing: both averages are 0, and the round is cancelled.
        TestToken dry = new TestToken("Dry", "DRY", 18, address(this));
        factory.createPair(address(dry), address(usdt));
        vm.prank(keeper);
        uint256 id =
            races.newPriceRound("DRY-price", address(dry), startPredict, endPredict, startRound, endRound, WINDOW, 0);
        _at(startPredict);
        _predict(id, alice, 1);
        _observeOnTime(id);
        _at(endRound);
        vm.expectEmit(true, false, false, true, address(races));
        emit HeadTailRaces.RoundCancelled(id, 3);
        races.settle(id);
    }

    function test_Settle_EightDecimalTokenAgainstSixDecimalQuote() public {
        TestToken usdt6 = new TestToken("Tether USD", "USDT6", 6, address(this));
        HeadTailRaces races6 = new HeadTailRaces(keeper, address(factory), address(usdt6));
        IRaceV2Pair p = IRaceV2Pair(factory.createPair(address(wbtc), address(usdt6)));
        wbtc.mint(address(p), 2 * 1e8);
        usdt6.mint(address(p), 123_456 * 1e6);
        p.mint(address(this));
        vm.prank(keeper);
        uint256 id = races6.newPriceRound(
            "WBTC-price", address(wbtc), startPredict, endPredict, startRound, endRound, WINDOW, 0
        );
        // $61,728 at 18 decimals, less the UQ112x112 floor (617.28 is not a binary fraction).
        assertEq(races6.spotPrice(id), 61_728 * E18 - 1, "spot");
        _at(startPredict);
        vm.prank(alice);
        races6.predict(id, 2);
        _at(startRound - WINDOW);
        races6.checkpoint(id);
        _at(startRound);
        races6.checkpoint(id);
        _at(endRound - WINDOW);
        races6.checkpoint(id);
        _at(endRound);
        races6.settle(id);
        HeadTailRaces.RoundInfo memory info = races6.roundInfo(id);
        assertEq(info.startPrice, 61_728 * E18 - 1, "start");
        assertEq(info.endPrice, 61_728 * E18 - 1, "end");
        assertEq(info.result, 3, "draw");
    }

    // ------------------------------------------------------------------ manipulation

    /// A sandwich inside one block around the settlement (dump, settle, buy back) does not move the
    /// result or the prices at all: the pair accrues a block's price once, before its first trade.
    function test_Manipulation_InsideOneBlockChangesNothing() public {
        uint256 id = _priceRound();
        _at(startPredict);
        _predict(id, alice, 1);
        _predict(id, bob, 2);
        _observeOnTime(id);
        _movePrice(50); // a genuine +0.5 %
        _at(endRound);
        uint256 snap = vmx.snapshotState();
        races.settle(id);
        HeadTailRaces.RoundInfo memory honest = races.roundInfo(id);
        assertEq(honest.result, 1, "head");
        vmx.revertToState(snap);

        // Same block: dump 50 % of the pool's WETH, settle, buy back.
        (uint256 rToken,) = _reserves(pair, address(token));
        _swap(pair, token, true, rToken / 2);
        assertLt(races.spotPrice(id), honest.startPrice / 2, "spot says tail");
        races.settle(id);
        HeadTailRaces.RoundInfo memory attacked = races.roundInfo(id);
        assertEq(attacked.result, 1, "still head");
        assertEq(attacked.endPrice, honest.endPrice, "same end price");
        assertEq(attacked.startPrice, honest.startPrice, "same start price");
    }

    /// The same dump held for one block (12 s) before the end moves the 10-minute average by about
    /// 12 / 600 of the spike: a genuine 2 % rise stays head.
    function test_Manipulation_OneBlockSpikeMovesTheAverageByBlockOverWindow() public {
        uint256 id = _priceRound();
        _at(startPredict);
        _predict(id, alice, 1);
        _observeOnTime(id);
        _movePrice(200);
        _at(endRound - BLOCK);
        uint256 snap = vmx.snapshotState();
        _at(endRound);
        races.settle(id);
        uint256 honest = races.roundInfo(id).endPrice;
        vmx.revertToState(snap);

        (uint256 rToken,) = _reserves(pair, address(token));
        _swap(pair, token, true, rToken / 2); // price falls to ~0.44 × for one block
        uint256 spot = races.spotPrice(id);
        _at(endRound);
        races.settle(id);
        HeadTailRaces.RoundInfo memory attacked = races.roundInfo(id);
        assertEq(attacked.result, 1, "still head");
        // Bound: |Δavg| <= |spike - price| × 12 / 600 (+1 for rounding).
        uint256 bound = ((honest - spot) * BLOCK) / WINDOW + 2;
        assertLe(honest - attacked.endPrice, bound, "moved by at most spike x block / window");
        assertGt(honest - attacked.endPrice, bound / 2, "and it did move");
    }

    /// A spike held for one block before the start (a tail predictor pushing the start up) moves
    /// the start average by at most spike × block / window, and a genuine 10 % rise stays head.
    function test_Manipulation_AtTheStartDoesNotFlip() public {
        uint256 id = _priceRound();
        _at(startPredict);
        _predict(id, alice, 2);
        _at(startRound - WINDOW);
        races.checkpoint(id);
        _at(startRound - BLOCK);
        uint256 snap = vmx.snapshotState();
        _at(startRound);
        races.checkpoint(id);
        uint256 honest = races.roundInfo(id).startPrice;
        assertEq(honest, 2000 * E18, "honest start");
        vmx.revertToState(snap);

        _swap(pair, token, false, 2_000_000 * E18); // price ~×4 for one block
        uint256 spiked = races.spotPrice(id);
        _at(startRound);
        races.checkpoint(id);
        uint256 startPrice = races.roundInfo(id).startPrice;
        assertGt(startPrice, honest, "it moved");
        assertLe(startPrice - honest, ((spiked - honest) * BLOCK) / WINDOW + 2, "by at most spike x block / window");
        // Undone in the same block, then a genuine 10 % rise during the round.
        (uint256 rToken,) = _reserves(pair, address(token));
        _swap(pair, token, true, 1000 * E18 - rToken);
        _step(10);
        _movePrice(1000);
        _at(endRound - WINDOW);
        races.checkpoint(id);
        _at(endRound);
        races.settle(id);
        assertEq(_result(id), 1, "still head");
        assertGt(races.roundInfo(id).endPrice, startPrice, "end above the manipulated start");
    }

    // ------------------------------------------------------------------ event rounds

    function test_SettleEvent_TeamAWinsFromTheEnd() public {
        uint256 id = _eventRound();
        _at(startPredict);
        _predict(id, alice, 1);
        _predict(id, bob, 2);
        _at(endRound - 1);
        vm.prank(keeper);
        vm.expectRevert(abi.encodeWithSelector(HeadTailRaces.NotSettleable.selector, id));
        races.settleEvent(id, 1);
        // Nobody but the owner, and not through settle().
        _at(endRound);
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, alice));
        races.settleEvent(id, 1);
        vm.expectRevert(abi.encodeWithSelector(HeadTailRaces.NotSettleable.selector, id));
        races.settle(id);
        assertFalse(races.settleable(id), "not by everyone");
        vm.expectEmit(true, false, false, true, address(races));
        emit HeadTailRaces.RoundSettled(id, 1, 0, 0);
        vm.prank(keeper);
        races.settleEvent(id, 1);
        assertEq(_result(id), 1, "team A");
        vm.prank(keeper);
        vm.expectRevert(abi.encodeWithSelector(HeadTailRaces.AlreadySettled.selector, id));
        races.settleEvent(id, 2);
    }

    function test_SettleEvent_DrawAndTeamB() public {
        uint256 a = _eventRound();
        uint256 b = _eventRound();
        _at(startPredict);
        _predict(a, alice, 1);
        _predict(b, alice, 2);
        _at(endRound);
        vm.startPrank(keeper);
        races.settleEvent(a, 3);
        races.settleEvent(b, 2);
        vm.stopPrank();
        assertEq(_result(a), 3, "draw");
        assertEq(_result(b), 2, "team B");
    }

    function test_SettleEvent_CancelAtAnyTime() public {
        uint256 id = _eventRound();
        _at(startPredict + 5);
        _predict(id, alice, 1);
        vm.expectEmit(true, false, false, true, address(races));
        emit HeadTailRaces.RoundCancelled(id, 4);
        vm.prank(keeper);
        races.settleEvent(id, 4);
        assertEq(_result(id), 4, "cancelled");
    }

    function test_SettleEvent_NobodyJoinedIsCancelledWhateverTheResult() public {
        uint256 id = _eventRound();
        _at(endRound);
        vm.expectEmit(true, false, false, true, address(races));
        emit HeadTailRaces.RoundCancelled(id, 1);
        vm.prank(keeper);
        races.settleEvent(id, 1);
        assertEq(_result(id), 4, "cancelled");
    }

    function test_SettleEvent_RefusesBadResultsAndPriceRounds() public {
        uint256 ev = _eventRound();
        uint256 price = _priceRound();
        _at(endRound);
        vm.startPrank(keeper);
        vm.expectRevert(abi.encodeWithSelector(HeadTailRaces.InvalidResult.selector, uint8(0)));
        races.settleEvent(ev, 0);
        vm.expectRevert(abi.encodeWithSelector(HeadTailRaces.InvalidResult.selector, uint8(5)));
        races.settleEvent(ev, 5);
        vm.expectRevert(abi.encodeWithSelector(HeadTailRaces.NotEventRound.selector, price));
        races.settleEvent(price, 1);
        vm.expectRevert(abi.encodeWithSelector(HeadTailRaces.UnknownRound.selector, 99));
        races.settleEvent(99, 1);
        vm.stopPrank();
    }
}
