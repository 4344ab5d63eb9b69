// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Ownable2Step} from "@openzeppelin/contracts/access/Ownable2Step.sol";
import {IERC20Metadata} from "@openzeppelin/contracts/token/ERC20/extensions/IERC20Metadata.sol";
import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";
import {IBasicIssuanceModule, IController, ISetToken, ISetTokenCreator, ITradeModule} from "./ISetProtocol.sol";

/// @title PortfolioFactory
/// @notice Creates portfolios (Set Protocol v2 SetTokens) from the create wizard's input: allow-listed
///         components, a basis-point allocation (sum 10000), the USD price of each component and the
///         start price (USD value of one whole portfolio token). Units are derived on chain so that one
///         set is worth the start price at the given prices (each unit rounded down, at most one base
///         unit of each component below it).
/// @dev The factory creates the set as its own manager, initialises BasicIssuanceModule (always
///      present: buying and selling issue and redeem through it) and TradeModule when it is among the
///      modules (parameterless; the manager rebalances through it), then hands the set to `manager`.
///      Any other module passed (the trading module, StreamingFeeModule) stays pending (state 1) for
///      the manager to initialise. The allow-list belongs to the owner (the deployer now, governance
///      later through Ownable2Step).
contract PortfolioFactory is Ownable2Step {
    uint256 public constant TOTAL_BPS = 10_000;
    uint256 public constant MAX_COMPONENTS = 16;
    uint256 public constant MAX_NAME_LENGTH = 32;
    uint256 public constant MAX_SYMBOL_LENGTH = 10;
    /// @notice Prices and the start price are USD with 18 decimals; the start price is at least $1.
    uint256 public constant MIN_START_PRICE = 1e18;
    uint256 public constant MAX_START_PRICE = 1e12 * 1e18;
    /// @notice Keeps every unit below 2^255 (an int256 position unit).
    uint8 public constant MAX_DECIMALS = 36;

    ISetTokenCreator public immutable creator;
    IController public immutable controller;
    IBasicIssuanceModule public immutable issuanceModule;
    ITradeModule public immutable tradeModule;

    /// @notice The create wizard's input (see `create`).
    struct CreateParams {
        address[] components;
        uint256[] allocations;
        uint256[] prices;
        uint256 startPrice;
        address[] modules;
        address manager;
        string name;
        string symbol;
    }

    mapping(address token => bool) public isAllowedToken;
    address[] private _allowedTokens;
    mapping(address portfolio => bool) public isPortfolio;
    address[] private _portfolios;

    /// @notice One per portfolio. `units` are base units of each component per 1e18 of the portfolio
    ///         token; `allocations` the wizard's basis points; `startPrice` USD with 18 decimals.
    event PortfolioCreated(
        address indexed portfolio,
        address indexed manager,
        string name,
        string symbol,
        address[] components,
        int256[] units,
        uint256[] allocations,
        uint256 startPrice
    );
    event TokenAllowed(address indexed token, bool allowed);

    error ZeroAddress();
    error NoComponents();
    error TooManyComponents(uint256 count, uint256 max);
    error LengthMismatch();
    error DuplicateComponent(address token);
    error TokenNotAllowed(address token);
    error InvalidAllocation(uint256 index);
    error AllocationSum(uint256 sum);
    error InvalidPrice(uint256 index);
    error InvalidStartPrice(uint256 startPrice);
    error UnitTooSmall(address token);
    error UnsupportedDecimals(address token);
    error InvalidName();
    error InvalidSymbol();
    error ModuleNotEnabled(address module);
    error DuplicateModule(address module);

    constructor(
        address initialOwner,
        ISetTokenCreator creator_,
        IBasicIssuanceModule issuanceModule_,
        ITradeModule tradeModule_
    ) Ownable(initialOwner) {
        if (address(creator_) == address(0) || address(issuanceModule_) == address(0)) revert ZeroAddress();
        if (address(tradeModule_) == address(0)) revert ZeroAddress();
        creator = creator_;
        controller = IController(creator_.controller());
        issuanceModule = issuanceModule_;
        tradeModule = tradeModule_;
    }

    // ------------------------------------------------------------------ owner

    /// @notice Adds tokens to (or removes them from) the components allow-list.
    function setAllowedTokens(address[] calldata tokens, bool allowed) external onlyOwner {
        _setAllowedTokens(tokens, allowed);
    }

    /// @notice The spec's "edit portfolio list" action ADD_NEW_TOKEN_TO_PORTFOLIO_LIST (a governance
    ///         proposal executed by the timelock, the owner): tokens already listed are skipped.
    function addTokens(address[] calldata tokens) external onlyOwner {
        _setAllowedTokens(tokens, true);
    }

    /// @notice The spec's DELETE_TOKEN_FROM_PORTFOLIO_LIST: tokens not listed are skipped. Existing
    ///         portfolios keep their components; only new portfolios cannot use them.
    function removeTokens(address[] calldata tokens) external onlyOwner {
        _setAllowedTokens(tokens, false);
    }

    function _setAllowedTokens(address[] calldata tokens, bool allowed) private {
        for (uint256 i = 0; i < tokens.length; ++i) {
            address token = tokens[i];
            if (token == address(0)) revert ZeroAddress();
            if (isAllowedToken[token] == allowed) continue;
            isAllowedToken[token] = allowed;
            if (allowed) {
                _allowedTokens.push(token);
            } else {
                uint256 n = _allowedTokens.length;
                for (uint256 j = 0; j < n; ++j) {
                    if (_allowedTokens[j] == token) {
                        _allowedTokens[j] = _allowedTokens[n - 1];
                        _allowedTokens.pop();
                        break;
                    }
                }
            }
            emit TokenAllowed(token, allowed);
        }
    }

    // ------------------------------------------------------------------ views

    function getAllowedTokens() external view returns (address[] memory) {
        return _allowedTokens;
    }

    function getPortfolios() external view returns (address[] memory) {
        return _portfolios;
    }

    function portfoliosCount() external view returns (uint256) {
        return _portfolios.length;
    }

    /// @notice The units `create` would set (base units per 1e18 of the portfolio token), without
    ///         the allow-list, name, symbol and module checks.
    function previewUnits(
        address[] calldata components,
        uint256[] calldata allocations,
        uint256[] calldata prices,
        uint256 startPrice
    ) public view returns (int256[] memory units) {
        uint256 n = components.length;
        if (n == 0) revert NoComponents();
        if (n > MAX_COMPONENTS) revert TooManyComponents(n, MAX_COMPONENTS);
        if (allocations.length != n || prices.length != n) revert LengthMismatch();
        if (startPrice < MIN_START_PRICE || startPrice > MAX_START_PRICE) revert InvalidStartPrice(startPrice);
        units = new int256[](n);
        uint256 sum;
        for (uint256 i = 0; i < n; ++i) {
            address token = components[i];
            if (token == address(0)) revert ZeroAddress();
            for (uint256 j = 0; j < i; ++j) {
                if (components[j] == token) revert DuplicateComponent(token);
            }
            uint256 bps = allocations[i];
            if (bps == 0 || (bps >= TOTAL_BPS && n > 1)) revert InvalidAllocation(i);
            sum += bps;
            if (prices[i] == 0 || prices[i] > MAX_START_PRICE) revert InvalidPrice(i);
            uint8 decimals = IERC20Metadata(token).decimals();
            if (decimals > MAX_DECIMALS) revert UnsupportedDecimals(token);
            uint256 unit = unitFor(startPrice, bps, prices[i], decimals);
            if (unit == 0) revert UnitTooSmall(token);
            // forge-lint: disable-next-line(unsafe-typecast) -- unit < 2^255: startPrice, bps, 10^decimals bounded
            units[i] = int256(unit);
        }
        if (sum != TOTAL_BPS) revert AllocationSum(sum);
    }

    /// @notice Base units of a component (`decimals`, `price` USD per whole token, 18 decimals) that
    ///         hold `bps` / 10000 of `startPrice` (USD per whole set, 18 decimals), rounded down.
    function unitFor(uint256 startPrice, uint256 bps, uint256 price, uint8 decimals) public pure returns (uint256) {
        return Math.mulDiv(startPrice * bps, 10 ** uint256(decimals), price * TOTAL_BPS);
    }

    // ------------------------------------------------------------------ create

    /// @notice Creates a portfolio managed by `p.manager` and emits `PortfolioCreated` with its address.
    /// @dev `p.components`: allow-listed ERC-20 tokens, distinct, 1 to MAX_COMPONENTS.
    ///      `p.allocations`: basis points per component, each at least 1, summing to 10000.
    ///      `p.prices`: USD per whole token (18 decimals), the prices the wizard showed.
    ///      `p.startPrice`: USD value of one whole portfolio token (18 decimals), at least $1.
    ///      `p.modules`: Set Protocol modules enabled on the controller; BasicIssuanceModule is added
    ///      when missing and initialised, TradeModule initialised when present, the rest left pending.
    ///      `p.name`: 1 to 32 bytes. `p.symbol`: 1 to 10 characters, no lower-case letters or spaces.
    function create(CreateParams calldata p) external returns (address portfolio) {
        if (p.manager == address(0)) revert ZeroAddress();
        _checkName(p.name);
        _checkSymbol(p.symbol);
        for (uint256 i = 0; i < p.components.length; ++i) {
            if (!isAllowedToken[p.components[i]]) revert TokenNotAllowed(p.components[i]);
        }
        int256[] memory units = previewUnits(p.components, p.allocations, p.prices, p.startPrice);
        address[] memory modules = _withIssuance(p.modules);

        portfolio = creator.create(p.components, units, modules, address(this), p.name, p.symbol);
        issuanceModule.initialize(portfolio, address(0));
        for (uint256 i = 0; i < modules.length; ++i) {
            if (modules[i] == address(tradeModule)) tradeModule.initialize(portfolio);
        }
        ISetToken(portfolio).setManager(p.manager);

        isPortfolio[portfolio] = true;
        _portfolios.push(portfolio);
        _emitCreated(portfolio, p, units);
    }

    // ------------------------------------------------------------------ internals

    function _emitCreated(address portfolio, CreateParams calldata p, int256[] memory units)
        private
    {
        emit PortfolioCreated(
            portfolio, p.manager, p.name, p.symbol, p.components, units, p.allocations, p.startPrice
        );
    }

    function _withIssuance(address[] calldata modules) private view returns (address[] memory all) {
        bool hasIssuance;
        for (uint256 i = 0; i < modules.length; ++i) {
            address m = modules[i];
            if (!controller.isModule(m)) revert ModuleNotEnabled(m);
            for (uint256 j = 0; j < i; ++j) {
                if (modules[j] == m) revert DuplicateModule(m);
            }
            if (m == address(issuanceModule)) hasIssuance = true;
        }
        if (hasIssuance) return modules;
        all = new address[](modules.length + 1);
        all[0] = address(issuanceModule);
        for (uint256 i = 0; i < modules.length; ++i) {
            all[i + 1] = modules[i];
        }
    }

    /// @dev 1 to 32 bytes with no control characters: C0 and DEL, C1 (UTF-8 C2 80..9F) and the bidi
    ///      embeddings, overrides and isolates (U+202A..202E, U+2066..2069), which would reorder the
    ///      text shown around the name. The indexer makes any text storable anyway; this keeps our
    ///      own factory's names clean (defense in depth, as for symbols).
    function _checkName(string calldata name) private pure {
        bytes calldata b = bytes(name);
        uint256 len = b.length;
        if (len == 0 || len > MAX_NAME_LENGTH) revert InvalidName();
        for (uint256 i = 0; i < len; ++i) {
            bytes1 c = b[i];
            if (c < 0x20 || c == 0x7f) revert InvalidName();
            if (c == 0xc2 && i + 1 < len && b[i + 1] >= 0x80 && b[i + 1] <= 0x9f) revert InvalidName();
            if (c == 0xe2 && i + 2 < len) {
                bytes1 c1 = b[i + 1];
                bytes1 c2 = b[i + 2];
                if (c1 == 0x80 && c2 >= 0xaa && c2 <= 0xae) revert InvalidName();
                if (c1 == 0x81 && c2 >= 0xa6 && c2 <= 0xa9) revert InvalidName();
            }
        }
    }

    /// @dev Upper case: no a-z, and no spaces or control characters.
    function _checkSymbol(string calldata symbol) private pure {
        bytes calldata b = bytes(symbol);
        if (b.length == 0 || b.length > MAX_SYMBOL_LENGTH) revert InvalidSymbol();
        for (uint256 i = 0; i < b.length; ++i) {
            bytes1 c = b[i];
            if (c <= 0x20 || c == 0x7f || (c >= "a" && c <= "z")) revert InvalidSymbol();
        }
    }
}
