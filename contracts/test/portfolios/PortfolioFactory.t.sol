// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Vm} from "../Base.sol";
import {PortfolioFixture} from "./PortfolioFixture.sol";
import {IBasicIssuanceModule, ISetToken, ITradeModule} from "../../src/portfolios/ISetProtocol.sol";
import {PortfolioFactory} from "../../src/portfolios/PortfolioFactory.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

/// Only `decimals` is read when units are derived.
contract OddDecimals {
    function decimals() external pure returns (uint8) {
        return 40;
    }
}

contract PortfolioFactoryTest is PortfolioFixture {
    bytes32 internal constant CREATED_TOPIC =
        keccak256("PortfolioCreated(address,address,string,string,address[],int256[],uint256[],uint256)");

    function test_CreateMakesASetTokenHandedToTheManager() public {
        (address[] memory comps, uint256[] memory bps) = mixed();
        vm.recordLogs();
        ISetToken set = create(comps, bps, 100e18);
        Vm.Log[] memory logs = vm.getRecordedLogs();

        bool found;
        for (uint256 i = 0; i < logs.length; ++i) {
            if (logs[i].emitter == address(factory) && logs[i].topics[0] == CREATED_TOPIC) {
                found = true;
                assertEq(address(uint160(uint256(logs[i].topics[1]))), address(set), "event portfolio");
                assertEq(address(uint160(uint256(logs[i].topics[2]))), manager, "event manager");
                (string memory name, string memory symbol, address[] memory c,, uint256[] memory a, uint256 start) =
                    abi.decode(logs[i].data, (string, string, address[], int256[], uint256[], uint256));
                assertEq(name, "Blue Chips");
                assertEq(symbol, "BLUE");
                assertEq(c.length, 4, "components in event");
                assertEq(a[1], 3_000, "allocation in event");
                assertEq(start, 100e18, "start price in event");
            }
        }
        assertTrue(found, "PortfolioCreated emitted");
        assertTrue(controller.isSet(address(set)), "controller knows the set");
        assertTrue(factory.isPortfolio(address(set)), "factory knows the set");
        assertEq(factory.portfoliosCount(), 1, "count");
        assertEq(factory.getPortfolios()[0], address(set), "list");
        assertEq(set.manager(), manager, "manager");
        assertEq(set.name(), "Blue Chips");
        assertEq(set.symbol(), "BLUE");
        assertEq(set.getComponents().length, 4, "components");
        assertEq(set.moduleStates(address(issuance)), 2, "issuance initialised");
        assertEq(set.moduleStates(address(tradeModule)), 2, "trade module initialised");
        assertEq(set.moduleStates(address(module)), 0, "trading module not added");
        assertEq(module.moduleState(set), 0, "state 0");
    }

    function test_UnitsHoldTheAllocationAtTheStartPrice() public {
        (address[] memory comps, uint256[] memory bps) = mixed();
        ISetToken set = create(comps, bps, 100e18);
        // 40 $ of WETH at 3000, 30 $ of WBTC at 60000 (8 decimals), 20 $ of NAGI at 0.6, 10 $ of USDT.
        assertEq(uint256(set.getDefaultPositionRealUnit(address(weth))), uint256(40e18) / 3000, "weth unit");
        assertEq(uint256(set.getDefaultPositionRealUnit(address(wbtc))), 50_000, "wbtc unit");
        assertEq(uint256(set.getDefaultPositionRealUnit(address(tok))), uint256(20e18) * 10 / 6, "tok unit");
        assertEq(uint256(set.getDefaultPositionRealUnit(address(usdt))), 10e18, "usdt unit");
        uint256 value = setValue(set, 1e18);
        assertLe(value, 100e18, "never above the start price");
        assertGe(value + 1e15, 100e18, "within rounding");
    }

    function test_PreviewUnitsEqualsCreatedUnits() public {
        (address[] memory comps, uint256[] memory bps) = two(address(usdc), 2_500, address(dai));
        PortfolioFactory.CreateParams memory p = params(comps, bps, 12.34e18);
        int256[] memory units = factory.previewUnits(comps, bps, p.prices, 12.34e18);
        ISetToken set = ISetToken(factory.create(p));
        assertEq(uint256(units[0]), 3.085e6, "usdc 6 decimals");
        assertEq(uint256(units[1]), 9.255e18, "dai 18 decimals");
        assertEq(set.getDefaultPositionRealUnit(address(usdc)), units[0], "set unit 0");
        assertEq(set.getDefaultPositionRealUnit(address(dai)), units[1], "set unit 1");
    }

    function test_SingleComponentTakesTheWholeAllocation() public {
        address[] memory comps = new address[](1);
        comps[0] = address(usdt);
        uint256[] memory bps = new uint256[](1);
        bps[0] = 10_000;
        ISetToken set = create(comps, bps, 1e18);
        assertEq(uint256(set.getDefaultPositionRealUnit(address(usdt))), 1e18, "one dollar of USDT");
    }

    function test_IssuanceModuleIsAddedWhenMissing() public {
        (address[] memory comps, uint256[] memory bps) = mixed();
        PortfolioFactory.CreateParams memory p = params(comps, bps, 100e18);
        p.modules = new address[](2);
        p.modules[0] = address(module);
        p.modules[1] = address(streaming);
        ISetToken set = ISetToken(factory.create(p));
        assertEq(set.moduleStates(address(issuance)), 2, "issuance initialised");
        assertEq(set.moduleStates(address(module)), 1, "trading module pending");
        assertEq(set.moduleStates(address(streaming)), 1, "streaming fee pending");
        assertEq(set.moduleStates(address(tradeModule)), 0, "no trade module");
        assertEq(set.getModules().length, 1, "getModules lists initialised modules only");
    }

    // ------------------------------------------------------------------ allow-list

    function test_OwnerManagesTheAllowList() public {
        address[] memory t = new address[](1);
        t[0] = address(tok);
        assertTrue(factory.isAllowedToken(address(tok)), "allowed");
        assertEq(factory.getAllowedTokens().length, 7, "seven allowed");
        vm.expectEmit(true, false, false, true, address(factory));
        emit PortfolioFactory.TokenAllowed(address(tok), false);
        vm.prank(owner);
        factory.setAllowedTokens(t, false);
        assertFalse(factory.isAllowedToken(address(tok)), "removed");
        assertEq(factory.getAllowedTokens().length, 6, "six allowed");
        vm.prank(owner);
        factory.setAllowedTokens(t, false); // no-op
        assertEq(factory.getAllowedTokens().length, 6, "still six");
        vm.prank(owner);
        factory.setAllowedTokens(t, true);
        assertTrue(factory.isAllowedToken(address(tok)), "back");
    }

    function test_RevertWhen_NotOwnerSetsTheAllowList() public {
        address[] memory t = new address[](1);
        t[0] = address(fee);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, alice));
        vm.prank(alice);
        factory.setAllowedTokens(t, true);
    }

    function test_RevertWhen_AllowingTheZeroAddress() public {
        address[] memory t = new address[](1);
        vm.expectRevert(PortfolioFactory.ZeroAddress.selector);
        vm.prank(owner);
        factory.setAllowedTokens(t, true);
    }

    function test_AddTokensAndRemoveTokensEditTheList() public {
        address[] memory t = new address[](2);
        t[0] = address(fee);
        t[1] = address(tok); // already listed: skipped
        vm.expectEmit(true, false, false, true, address(factory));
        emit PortfolioFactory.TokenAllowed(address(fee), true);
        vm.prank(owner);
        factory.addTokens(t);
        assertTrue(factory.isAllowedToken(address(fee)), "added");
        assertEq(factory.getAllowedTokens().length, 8, "one more");
        vm.expectEmit(true, false, false, true, address(factory));
        emit PortfolioFactory.TokenAllowed(address(fee), false);
        vm.prank(owner);
        factory.removeTokens(t);
        assertFalse(factory.isAllowedToken(address(fee)), "fee removed");
        assertFalse(factory.isAllowedToken(address(tok)), "tok removed");
        assertEq(factory.getAllowedTokens().length, 6, "two fewer");
        vm.prank(owner);
        factory.removeTokens(t); // nothing listed: no-op
        assertEq(factory.getAllowedTokens().length, 6, "still six");
    }

    function test_RevertWhen_NotOwnerAddsOrRemovesTokens() public {
        address[] memory t = new address[](1);
        t[0] = address(fee);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, alice));
        vm.prank(alice);
        factory.addTokens(t);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, alice));
        vm.prank(alice);
        factory.removeTokens(t);
        t[0] = address(0);
        vm.expectRevert(PortfolioFactory.ZeroAddress.selector);
        vm.prank(owner);
        factory.addTokens(t);
    }

    function test_AllowListOwnershipMovesInTwoSteps() public {
        address gov = makeAddr("governance");
        vm.prank(owner);
        factory.transferOwnership(gov);
        assertEq(factory.owner(), owner, "still the deployer");
        vm.prank(gov);
        factory.acceptOwnership();
        assertEq(factory.owner(), gov, "governance owns the list");
    }

    function test_RevertWhen_ComponentNotAllowed() public {
        (address[] memory comps, uint256[] memory bps) = two(address(usdt), 5_000, address(fee));
        PortfolioFactory.CreateParams memory p = params(comps, bps, 100e18);
        p.prices[1] = 1e18;
        vm.expectRevert(abi.encodeWithSelector(PortfolioFactory.TokenNotAllowed.selector, address(fee)));
        factory.create(p);
    }

    // ------------------------------------------------------------------ input checks

    function _expectCreateRevert(PortfolioFactory.CreateParams memory p, bytes memory err) internal {
        vm.expectRevert(err);
        factory.create(p);
    }

    function test_RevertWhen_NoComponents() public {
        PortfolioFactory.CreateParams memory p = params(new address[](0), new uint256[](0), 100e18);
        _expectCreateRevert(p, abi.encodeWithSelector(PortfolioFactory.NoComponents.selector));
    }

    function test_RevertWhen_TooManyComponents() public {
        address[] memory comps = new address[](17);
        uint256[] memory bps = new uint256[](17);
        for (uint256 i = 0; i < 17; ++i) {
            comps[i] = address(usdt);
        }
        vm.expectRevert(abi.encodeWithSelector(PortfolioFactory.TooManyComponents.selector, 17, 16));
        factory.previewUnits(comps, bps, bps, 100e18);
    }

    function test_RevertWhen_LengthsDiffer() public {
        (address[] memory comps, uint256[] memory bps) = mixed();
        PortfolioFactory.CreateParams memory p = params(comps, bps, 100e18);
        p.prices = new uint256[](3);
        _expectCreateRevert(p, abi.encodeWithSelector(PortfolioFactory.LengthMismatch.selector));
    }

    function test_RevertWhen_ComponentTwice() public {
        (address[] memory comps, uint256[] memory bps) = two(address(usdt), 5_000, address(usdt));
        _expectCreateRevert(
            params(comps, bps, 100e18), abi.encodeWithSelector(PortfolioFactory.DuplicateComponent.selector, address(usdt))
        );
    }

    function test_RevertWhen_AllocationZero() public {
        (address[] memory comps, uint256[] memory bps) = two(address(usdt), 10_000, address(dai));
        _expectCreateRevert(params(comps, bps, 100e18), abi.encodeWithSelector(PortfolioFactory.InvalidAllocation.selector, 0));
    }

    function test_RevertWhen_AllocationsDoNotSumTo10000() public {
        (address[] memory comps, uint256[] memory bps) = two(address(usdt), 5_000, address(dai));
        bps[1] = 4_999;
        _expectCreateRevert(params(comps, bps, 100e18), abi.encodeWithSelector(PortfolioFactory.AllocationSum.selector, 9_999));
        bps[1] = 5_001;
        _expectCreateRevert(params(comps, bps, 100e18), abi.encodeWithSelector(PortfolioFactory.AllocationSum.selector, 10_001));
    }

    function test_RevertWhen_PriceZero() public {
        (address[] memory comps, uint256[] memory bps) = two(address(usdt), 5_000, address(dai));
        PortfolioFactory.CreateParams memory p = params(comps, bps, 100e18);
        p.prices[1] = 0;
        _expectCreateRevert(p, abi.encodeWithSelector(PortfolioFactory.InvalidPrice.selector, 1));
    }

    function test_RevertWhen_StartPriceBelowOneDollar() public {
        (address[] memory comps, uint256[] memory bps) = two(address(usdt), 5_000, address(dai));
        _expectCreateRevert(
            params(comps, bps, 0.99e18), abi.encodeWithSelector(PortfolioFactory.InvalidStartPrice.selector, 0.99e18)
        );
    }

    function test_RevertWhen_UnitRoundsToZero() public {
        // 0.01 % of $1 is $0.0001: less than one base unit of WBTC (8 decimals) at $60,000.
        (address[] memory comps, uint256[] memory bps) = two(address(wbtc), 1, address(usdt));
        _expectCreateRevert(
            params(comps, bps, 1e18), abi.encodeWithSelector(PortfolioFactory.UnitTooSmall.selector, address(wbtc))
        );
    }

    function test_RevertWhen_TooManyDecimals() public {
        OddDecimals odd = new OddDecimals();
        address[] memory t = new address[](1);
        t[0] = address(odd);
        vm.prank(owner);
        factory.setAllowedTokens(t, true);
        usd[address(odd)] = 1e18;
        (address[] memory comps, uint256[] memory bps) = two(address(odd), 5_000, address(usdt));
        _expectCreateRevert(
            params(comps, bps, 100e18), abi.encodeWithSelector(PortfolioFactory.UnsupportedDecimals.selector, address(odd))
        );
    }

    function test_RevertWhen_NameEmptyOrLong() public {
        (address[] memory comps, uint256[] memory bps) = mixed();
        PortfolioFactory.CreateParams memory p = params(comps, bps, 100e18);
        p.name = "";
        _expectCreateRevert(p, abi.encodeWithSelector(PortfolioFactory.InvalidName.selector));
        p.name = "123456789012345678901234567890123"; // 33
        _expectCreateRevert(p, abi.encodeWithSelector(PortfolioFactory.InvalidName.selector));
        p.name = "12345678901234567890123456789012"; // 32
        factory.create(p);
    }

    function test_RevertWhen_NameHasControlCharacters() public {
        (address[] memory comps, uint256[] memory bps) = mixed();
        PortfolioFactory.CreateParams memory p = params(comps, bps, 100e18);
        // NUL, tab, newline, DEL, C1 U+0085, bidi override U+202E, isolate U+2066, embedding U+202A
        string[8] memory bad = [
            "Evil\x00Name",
            "Tab\tName",
            "Line\nName",
            "Del\x7fName",
            unicode"C1\u0085Name",
            unicode"Bidi\u202EemaN",
            unicode"Iso\u2066Name",
            unicode"Emb\u202AName"
        ];
        for (uint256 i = 0; i < bad.length; ++i) {
            p.name = bad[i];
            _expectCreateRevert(p, abi.encodeWithSelector(PortfolioFactory.InvalidName.selector));
        }
        // spaces, punctuation and other scripts stay allowed
        p.name = unicode"Blue Chip · 블루칩 ©";
        factory.create(p);
    }

    function test_NameControlCheck_LastBytes() public {
        (address[] memory comps, uint256[] memory bps) = mixed();
        PortfolioFactory.CreateParams memory p = params(comps, bps, 100e18);
        // a name ending in a lone 0xC2 or 0xE2 0x80 lead byte is not a control character
        p.name = string(bytes.concat(bytes("Ends"), hex"c2"));
        factory.create(p);
        p.name = string(bytes.concat(bytes("Ends2"), hex"e280"));
        factory.create(p);
        // U+00A0 (C2 A0) and U+2010 (E2 80 90) are not controls
        p.name = unicode"No\u00a0Break\u2010Dash";
        factory.create(p);
    }

    function test_RevertWhen_SymbolNotUpperCase() public {
        (address[] memory comps, uint256[] memory bps) = mixed();
        PortfolioFactory.CreateParams memory p = params(comps, bps, 100e18);
        string[5] memory bad = ["", "Blue", "BL UE", "ABCDEFGHIJK", "AB\x00"];
        for (uint256 i = 0; i < bad.length; ++i) {
            p.symbol = bad[i];
            _expectCreateRevert(p, abi.encodeWithSelector(PortfolioFactory.InvalidSymbol.selector));
        }
        p.symbol = "ABC-2.0_X";
        factory.create(p);
    }

    function test_RevertWhen_ManagerZero() public {
        (address[] memory comps, uint256[] memory bps) = mixed();
        PortfolioFactory.CreateParams memory p = params(comps, bps, 100e18);
        p.manager = address(0);
        _expectCreateRevert(p, abi.encodeWithSelector(PortfolioFactory.ZeroAddress.selector));
    }

    function test_RevertWhen_ModuleNotOnTheController() public {
        (address[] memory comps, uint256[] memory bps) = mixed();
        PortfolioFactory.CreateParams memory p = params(comps, bps, 100e18);
        p.modules[1] = alice;
        _expectCreateRevert(p, abi.encodeWithSelector(PortfolioFactory.ModuleNotEnabled.selector, alice));
    }

    function test_RevertWhen_ModuleTwice() public {
        (address[] memory comps, uint256[] memory bps) = mixed();
        PortfolioFactory.CreateParams memory p = params(comps, bps, 100e18);
        p.modules[1] = address(issuance);
        _expectCreateRevert(p, abi.encodeWithSelector(PortfolioFactory.DuplicateModule.selector, address(issuance)));
    }

    function test_RevertWhen_ConstructedWithZeroAddresses() public {
        vm.expectRevert(PortfolioFactory.ZeroAddress.selector);
        new PortfolioFactory(owner, creator, issuance, ITradeModule(address(0)));
        vm.expectRevert(PortfolioFactory.ZeroAddress.selector);
        new PortfolioFactory(owner, creator, IBasicIssuanceModule(address(0)), tradeModule);
    }
}
