// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Ownable2Step} from "@openzeppelin/contracts/access/Ownable2Step.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {IERC20Metadata} from "@openzeppelin/contracts/token/ERC20/extensions/IERC20Metadata.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {SofiAggregator} from "../aggregator/SofiAggregator.sol";
import {IBasicIssuanceModule, IController, ISetToken} from "./ISetProtocol.sol";

interface IWETHLike {
    function deposit() external payable;
    function withdraw(uint256 amount) external;
}

/// @notice The parts of a Uniswap-V2-style router the trading module uses besides the aggregator's.
interface IPortfolioRouter {
    function getAmountsIn(uint256 amountOut, address[] calldata path) external view returns (uint256[] memory);
    function getAmountsOut(uint256 amountIn, address[] calldata path) external view returns (uint256[] memory);
    function swapTokensForExactTokens(
        uint256 amountOut,
        uint256 amountInMax,
        address[] calldata path,
        address to,
        uint256 deadline
    ) external returns (uint256[] memory amounts);
    function swapExactTokensForTokens(
        uint256 amountIn,
        uint256 amountOutMin,
        address[] calldata path,
        address to,
        uint256 deadline
    ) external returns (uint256[] memory amounts);
}

/// @title PortfolioTradingModule
/// @notice The spec's trading module: buy an exact amount of a portfolio with the native coin or a
///         token (swap into each component, then issue through BasicIssuanceModule) and sell an exact
///         amount for the native coin or a token (redeem, then swap each component out).
/// @dev A Set Protocol v2 module (enabled on the controller). Per portfolio its state is the set's
///      `moduleStates(this)`: 0 not added, 1 added (the manager called `setToken.addModule`), 2 ready
///      (the manager called `initialize`). Trading is open to everyone once the manager enables it,
///      and to the manager alone before that; everyone else gets `Not enabled to trading`.
///
///      Every swap is bounded: on buys each leg has a maximum input (`Leg.limit`) and the whole
///      purchase a maximum (`msg.value` or `maxAmountIn`, fee included); on sells each leg has a
///      minimum output and the whole sale a minimum after fees; all share the caller's deadline.
///      Legs route through a router registered in the SofiAggregator over a path of at most three
///      hops (`quoteBuy`/`quoteSell` pick the aggregator's best router and path). Unspent input is
///      refunded; nothing (tokens, ETH) stays in the contract after a call. Routers and
///      BasicIssuanceModule hold a standing allowance from this contract, which never holds funds
///      between calls. Fees: 0.30 % of the input spent on buys and of the gross output on sells to
///      `feeRecipient`; the portfolio's exit fee on sells to its exit fee recipient. ETH trades pay
///      fees in WETH (a fee recipient can never block a trade). Components with a transfer fee are
///      not supported (Set's issuance checks exact balances).
contract PortfolioTradingModule is Ownable2Step, ReentrancyGuardTransient {
    using SafeERC20 for IERC20;

    uint256 public constant BPS = 10_000;
    /// @notice The spec's trade fee: 30 / 10000.
    uint256 public constant TRADE_FEE_BPS = 30;
    /// @notice The highest exit fee a manager can set (5 %).
    uint256 public constant MAX_EXIT_FEE_BPS = 500;
    uint256 public constant MAX_HOPS = 3;

    /// @notice One swap of a trade, in the set's component order. `limit` is the maximum input on
    ///         buys and the minimum output on sells. A component equal to the input (buys) or output
    ///         (sells) token is not swapped: its leg has an empty path and no router. On sells, any
    ///         other leg with no router and an empty path pays its component to the seller in kind.
    struct Leg {
        address router;
        address[] path;
        uint256 limit;
    }

    struct PortfolioConfig {
        bool initialized;
        bool tradingEnabled;
        uint16 exitFeeBps;
        address exitFeeRecipient;
    }

    IController public immutable controller;
    IBasicIssuanceModule public immutable issuanceModule;
    SofiAggregator public immutable aggregator;
    address public immutable weth;

    address public feeRecipient;
    mapping(ISetToken setToken => PortfolioConfig) private _configs;

    event ModuleInitialized(address indexed setToken, address indexed manager, uint256 exitFeeBps, address exitFeeRecipient);
    event ModuleRemoved(address indexed setToken);
    event TradingEnabled(address indexed setToken, bool enabled);
    event ExitFeeSet(address indexed setToken, uint256 exitFeeBps, address exitFeeRecipient);
    event FeeRecipientSet(address indexed feeRecipient);
    /// @notice `tokenIn` is address(0) for the native coin; `amountIn` is what the buyer paid, fee included.
    event PortfolioBought(
        address indexed setToken,
        address indexed buyer,
        address indexed tokenIn,
        uint256 quantity,
        uint256 amountIn,
        uint256 tradeFee
    );
    /// @notice `tokenOut` is address(0) for the native coin; `amountOut` is what the seller received.
    event PortfolioSold(
        address indexed setToken,
        address indexed seller,
        address indexed tokenOut,
        uint256 quantity,
        uint256 amountOut,
        uint256 tradeFee,
        uint256 exitFee
    );

    error ZeroAddress();
    error NotManager();
    error NotPendingModule();
    error InvalidSet();
    error IssuanceNotInitialized();
    error NotInitialized();
    error ExitFeeTooHigh(uint256 exitFeeBps);
    error OnlyWeth();

    modifier onlyManager(ISetToken setToken) {
        if (msg.sender != setToken.manager()) revert NotManager();
        _;
    }

    constructor(
        address initialOwner,
        IController controller_,
        IBasicIssuanceModule issuanceModule_,
        SofiAggregator aggregator_,
        address weth_,
        address feeRecipient_
    ) Ownable(initialOwner) {
        if (
            address(controller_) == address(0) || address(issuanceModule_) == address(0)
                || address(aggregator_) == address(0) || weth_ == address(0) || feeRecipient_ == address(0)
        ) revert ZeroAddress();
        controller = controller_;
        issuanceModule = issuanceModule_;
        aggregator = aggregator_;
        weth = weth_;
        feeRecipient = feeRecipient_;
        emit FeeRecipientSet(feeRecipient_);
    }

    /// @dev Only WETH unwrapping sends ETH here.
    receive() external payable {
        if (msg.sender != weth) revert OnlyWeth();
    }

    // ------------------------------------------------------------------ owner

    function setFeeRecipient(address feeRecipient_) external onlyOwner {
        if (feeRecipient_ == address(0)) revert ZeroAddress();
        feeRecipient = feeRecipient_;
        emit FeeRecipientSet(feeRecipient_);
    }

    // ------------------------------------------------------------------ manager

    /// @notice Moves the portfolio from state 1 (added) to 2 (ready), with its exit fee.
    function initialize(ISetToken setToken, uint256 exitFeeBps, address exitFeeRecipient)
        external
        onlyManager(setToken)
    {
        if (!controller.isSet(address(setToken))) revert InvalidSet();
        if (!setToken.isPendingModule(address(this))) revert NotPendingModule();
        if (!setToken.isInitializedModule(address(issuanceModule))) revert IssuanceNotInitialized();
        _checkExitFee(exitFeeBps, exitFeeRecipient);
        setToken.initializeModule();
        _configs[setToken] = PortfolioConfig({
            initialized: true,
            tradingEnabled: false,
            // forge-lint: disable-next-line(unsafe-typecast) -- exitFeeBps <= MAX_EXIT_FEE_BPS checked above
            exitFeeBps: uint16(exitFeeBps),
            exitFeeRecipient: exitFeeRecipient
        });
        emit ModuleInitialized(address(setToken), msg.sender, exitFeeBps, exitFeeRecipient);
    }

    /// @notice Opens (or closes) buying and selling to everyone.
    function setTradingEnabled(ISetToken setToken, bool enabled) external onlyManager(setToken) {
        PortfolioConfig storage c = _configs[setToken];
        if (!c.initialized) revert NotInitialized();
        c.tradingEnabled = enabled;
        emit TradingEnabled(address(setToken), enabled);
    }

    function setExitFee(ISetToken setToken, uint256 exitFeeBps, address exitFeeRecipient)
        external
        onlyManager(setToken)
    {
        PortfolioConfig storage c = _configs[setToken];
        if (!c.initialized) revert NotInitialized();
        _checkExitFee(exitFeeBps, exitFeeRecipient);
        // forge-lint: disable-next-line(unsafe-typecast) -- exitFeeBps <= MAX_EXIT_FEE_BPS checked above
        c.exitFeeBps = uint16(exitFeeBps);
        c.exitFeeRecipient = exitFeeRecipient;
        emit ExitFeeSet(address(setToken), exitFeeBps, exitFeeRecipient);
    }

    /// @notice Called by a SetToken when its manager removes this module: forgets the portfolio.
    function removeModule() external {
        ISetToken setToken = ISetToken(msg.sender);
        if (!_configs[setToken].initialized) revert NotInitialized();
        delete _configs[setToken];
        emit ModuleRemoved(msg.sender);
    }

    // ------------------------------------------------------------------ views

    /// @notice 0 not added, 1 added not initialised, 2 ready (the set's own module state).
    function moduleState(ISetToken setToken) external view returns (uint8) {
        return setToken.moduleStates(address(this));
    }

    function getConfig(ISetToken setToken) external view returns (PortfolioConfig memory) {
        return _configs[setToken];
    }

    function isTradingEnabled(ISetToken setToken) external view returns (bool) {
        return _configs[setToken].tradingEnabled;
    }

    /// @notice Whether `account` may buy and sell `setToken` now.
    function canTrade(ISetToken setToken, address account) public view returns (bool) {
        PortfolioConfig storage c = _configs[setToken];
        return c.initialized && (c.tradingEnabled || account == setToken.manager());
    }

    /// @notice The legs of the cheapest buy of `quantity` with `tokenIn` (address(0) = native coin):
    ///         per component, the aggregator's best path of each router (found by selling the
    ///         component, reversed) costed exactly with the router's `getAmountsIn`. `legs[i].limit` is
    ///         the exact input of that leg; a caller adds its slippage to the limits and to the total.
    /// @return legs one per component. @return amountIn input spent on components. @return tradeFee on top.
    function quoteBuy(ISetToken setToken, uint256 quantity, address tokenIn)
        external
        view
        returns (Leg[] memory legs, uint256 amountIn, uint256 tradeFee)
    {
        address input = tokenIn == address(0) ? weth : tokenIn;
        (address[] memory comps, uint256[] memory amounts) =
            issuanceModule.getRequiredComponentUnitsForIssue(address(setToken), quantity);
        legs = new Leg[](comps.length);
        for (uint256 i = 0; i < comps.length; ++i) {
            if (comps[i] == input) {
                legs[i] = Leg({router: address(0), path: new address[](0), limit: amounts[i]});
            } else {
                legs[i] = _bestBuyLeg(input, comps[i], amounts[i]);
            }
            amountIn += legs[i].limit;
        }
        tradeFee = amountIn * TRADE_FEE_BPS / BPS;
    }

    /// @notice The legs of the best sale of `quantity` for `tokenOut` (address(0) = native coin):
    ///         per component the aggregator's best router and path for the redeemed amount.
    ///         `legs[i].limit` is the expected output of that leg; a leg without a router (no pool
    ///         pays anything for that amount) means the component is paid out in kind.
    /// @return legs one per component. @return amountOut what the seller gets after both fees.
    function quoteSell(ISetToken setToken, uint256 quantity, address tokenOut)
        external
        view
        returns (Leg[] memory legs, uint256 amountOut, uint256 tradeFee, uint256 exitFee)
    {
        address output = tokenOut == address(0) ? weth : tokenOut;
        address[] memory comps = setToken.getComponents();
        legs = new Leg[](comps.length);
        uint256 gross;
        for (uint256 i = 0; i < comps.length; ++i) {
            // BasicIssuanceModule redeems unit * quantity / 1e18, rounded down.
            uint256 amount = _toUint(setToken.getDefaultPositionRealUnit(comps[i])) * quantity / 1e18;
            if (comps[i] == output) {
                legs[i] = Leg({router: address(0), path: new address[](0), limit: amount});
            } else {
                legs[i] = _bestSellLeg(comps[i], output, amount);
            }
            gross += legs[i].limit;
        }
        (tradeFee, exitFee) = _sellFees(setToken, gross);
        amountOut = gross - tradeFee - exitFee;
    }

    /// @notice For the manager's rebalance through TradeModule with `router`'s integration: the
    ///         aggregator's best path (at most three hops) on that router for selling `sendUnit` of
    ///         `sendToken` per set, the expected total and per-set output, and the adapter's `data`.
    function quoteRebalance(
        ISetToken setToken,
        address router,
        address sendToken,
        uint256 sendUnit,
        address receiveToken
    ) external view returns (address[] memory path, uint256 receiveTotal, uint256 receiveUnit, bytes memory data) {
        uint256 supply = setToken.totalSupply();
        uint256 sendTotal = sendUnit * supply / 1e18;
        (address[] memory routers, uint256[] memory outs, address[][] memory paths) =
            aggregator.getUniV2Routers(sendTotal, sendToken, receiveToken);
        for (uint256 i = 0; i < routers.length; ++i) {
            if (routers[i] == router) {
                path = paths[i];
                receiveTotal = outs[i];
            }
        }
        require(path.length != 0, "PortfolioTrading: NO_ROUTE");
        receiveUnit = supply == 0 ? 0 : receiveTotal * 1e18 / supply;
        data = abi.encode(path);
    }

    // ------------------------------------------------------------------ trades

    /// @notice Buys exactly `quantity` of `setToken` paying at most `msg.value` (fee included);
    ///         the rest comes back.
    function buyExactSetWithETH(ISetToken setToken, uint256 quantity, Leg[] calldata legs, uint256 deadline)
        external
        payable
        nonReentrant
    {
        _checkTrade(setToken, quantity, deadline);
        IWETHLike(weth).deposit{value: msg.value}();
        (uint256 spent, uint256 fee) = _buy(setToken, quantity, weth, msg.value, legs, deadline);
        uint256 refund = msg.value - spent - fee;
        if (fee != 0) IERC20(weth).safeTransfer(feeRecipient, fee);
        if (refund != 0) {
            IWETHLike(weth).withdraw(refund);
            _sendETH(msg.sender, refund);
        }
        emit PortfolioBought(address(setToken), msg.sender, address(0), quantity, spent + fee, fee);
    }

    /// @notice Buys exactly `quantity` of `setToken` paying at most `maxAmountIn` of `tokenIn`
    ///         (approved to this contract; fee included); the rest comes back.
    function buyExactSetWithToken(
        ISetToken setToken,
        uint256 quantity,
        IERC20 tokenIn,
        uint256 maxAmountIn,
        Leg[] calldata legs,
        uint256 deadline
    ) external nonReentrant {
        _checkTrade(setToken, quantity, deadline);
        uint256 held = tokenIn.balanceOf(address(this));
        tokenIn.safeTransferFrom(msg.sender, address(this), maxAmountIn);
        uint256 budget = tokenIn.balanceOf(address(this)) - held;
        (uint256 spent, uint256 fee) = _buy(setToken, quantity, address(tokenIn), budget, legs, deadline);
        if (fee != 0) tokenIn.safeTransfer(feeRecipient, fee);
        uint256 refund = budget - spent - fee;
        if (refund != 0) tokenIn.safeTransfer(msg.sender, refund);
        emit PortfolioBought(address(setToken), msg.sender, address(tokenIn), quantity, spent + fee, fee);
    }

    /// @notice Sells exactly `quantity` of `setToken` (approved to this contract) for at least
    ///         `minAmountOut` of the native coin after fees.
    function sellExactSetForETH(
        ISetToken setToken,
        uint256 quantity,
        uint256 minAmountOut,
        Leg[] calldata legs,
        uint256 deadline
    ) external nonReentrant {
        _checkTrade(setToken, quantity, deadline);
        (uint256 net, uint256 tradeFee, uint256 exitFee) = _sell(setToken, quantity, weth, minAmountOut, legs, deadline);
        IWETHLike(weth).withdraw(net);
        _sendETH(msg.sender, net);
        emit PortfolioSold(address(setToken), msg.sender, address(0), quantity, net, tradeFee, exitFee);
    }

    /// @notice Sells exactly `quantity` of `setToken` (approved to this contract) for at least
    ///         `minAmountOut` of `tokenOut` after fees.
    function sellExactSetForToken(
        ISetToken setToken,
        uint256 quantity,
        IERC20 tokenOut,
        uint256 minAmountOut,
        Leg[] calldata legs,
        uint256 deadline
    ) external nonReentrant {
        _checkTrade(setToken, quantity, deadline);
        (uint256 net, uint256 tradeFee, uint256 exitFee) =
            _sell(setToken, quantity, address(tokenOut), minAmountOut, legs, deadline);
        tokenOut.safeTransfer(msg.sender, net);
        emit PortfolioSold(address(setToken), msg.sender, address(tokenOut), quantity, net, tradeFee, exitFee);
    }

    // ------------------------------------------------------------------ internals

    function _checkTrade(ISetToken setToken, uint256 quantity, uint256 deadline) private view {
        // forge-lint: disable-next-line(block-timestamp) -- a user's deadline: validator drift of seconds is harmless
        require(block.timestamp <= deadline, "PortfolioTrading: EXPIRED");
        require(canTrade(setToken, msg.sender), "Not enabled to trading");
        require(quantity != 0, "PortfolioTrading: ZERO_QUANTITY");
    }

    /// @dev Swaps `input` (held here, at most `budget`) into exactly the components issuance pulls,
    ///      issues `quantity` to the caller and checks the budget covers what was spent plus the fee.
    function _buy(
        ISetToken setToken,
        uint256 quantity,
        address input,
        uint256 budget,
        Leg[] calldata legs,
        uint256 deadline
    ) private returns (uint256 spent, uint256 fee) {
        (address[] memory comps, uint256[] memory amounts) =
            issuanceModule.getRequiredComponentUnitsForIssue(address(setToken), quantity);
        require(legs.length == comps.length, "PortfolioTrading: LEGS_LENGTH");
        for (uint256 i = 0; i < comps.length; ++i) {
            Leg calldata leg = legs[i];
            if (comps[i] == input) {
                require(leg.path.length == 0, "PortfolioTrading: INVALID_PATH");
                spent += amounts[i];
            } else {
                _checkLeg(leg, input, comps[i]);
                _allow(input, leg.router, leg.limit);
                uint256[] memory used = IPortfolioRouter(leg.router).swapTokensForExactTokens(
                    amounts[i], leg.limit, leg.path, address(this), deadline
                );
                spent += used[0];
            }
            _allow(comps[i], address(issuanceModule), amounts[i]);
        }
        fee = spent * TRADE_FEE_BPS / BPS;
        require(spent + fee <= budget, "PortfolioTrading: EXCESSIVE_INPUT_AMOUNT");
        issuanceModule.issue(address(setToken), quantity, msg.sender);
    }

    /// @dev Redeems `quantity` from the caller, swaps every component into `output`, pays both fees
    ///      and returns what is left for the seller (held here), at least `minOut`.
    function _sell(
        ISetToken setToken,
        uint256 quantity,
        address output,
        uint256 minOut,
        Leg[] calldata legs,
        uint256 deadline
    ) private returns (uint256 net, uint256 tradeFee, uint256 exitFee) {
        IERC20(address(setToken)).safeTransferFrom(msg.sender, address(this), quantity);
        issuanceModule.redeem(address(setToken), quantity, address(this));
        address[] memory comps = setToken.getComponents();
        require(legs.length == comps.length, "PortfolioTrading: LEGS_LENGTH");
        uint256[] memory amounts = new uint256[](comps.length);
        for (uint256 i = 0; i < comps.length; ++i) {
            amounts[i] = IERC20(comps[i]).balanceOf(address(this));
        }
        for (uint256 i = 0; i < comps.length; ++i) {
            Leg calldata leg = legs[i];
            if (comps[i] == output) {
                require(leg.path.length == 0, "PortfolioTrading: INVALID_PATH");
            } else if (amounts[i] == 0) {
                continue;
            } else if (leg.router == address(0)) {
                // No route (dust that no pool would pay for, or a component without liquidity):
                // the seller receives the component itself.
                require(leg.path.length == 0, "PortfolioTrading: INVALID_PATH");
                IERC20(comps[i]).safeTransfer(msg.sender, amounts[i]);
            } else {
                _checkLeg(leg, comps[i], output);
                _allow(comps[i], leg.router, amounts[i]);
                IPortfolioRouter(leg.router).swapExactTokensForTokens(
                    amounts[i], leg.limit, leg.path, address(this), deadline
                );
            }
        }
        uint256 gross = IERC20(output).balanceOf(address(this));
        (tradeFee, exitFee) = _sellFees(setToken, gross);
        net = gross - tradeFee - exitFee;
        require(net >= minOut, "PortfolioTrading: INSUFFICIENT_OUTPUT_AMOUNT");
        if (tradeFee != 0) IERC20(output).safeTransfer(feeRecipient, tradeFee);
        if (exitFee != 0) IERC20(output).safeTransfer(_configs[setToken].exitFeeRecipient, exitFee);
    }

    function _sellFees(ISetToken setToken, uint256 gross) private view returns (uint256 tradeFee, uint256 exitFee) {
        tradeFee = gross * TRADE_FEE_BPS / BPS;
        exitFee = gross * _configs[setToken].exitFeeBps / BPS;
    }

    function _checkLeg(Leg calldata leg, address from, address to) private view {
        require(aggregator.isRouter(leg.router), "PortfolioTrading: UNKNOWN_ROUTER");
        uint256 len = leg.path.length;
        require(
            len >= 2 && len <= MAX_HOPS + 1 && leg.path[0] == from && leg.path[len - 1] == to,
            "PortfolioTrading: INVALID_PATH"
        );
    }

    /// @dev A standing allowance: set to the maximum once per token and spender (this contract holds
    ///      nothing between calls, and the spenders are the owner-vetted routers and issuance).
    function _allow(address token, address spender, uint256 amount) private {
        if (IERC20(token).allowance(address(this), spender) < amount) {
            IERC20(token).forceApprove(spender, type(uint256).max);
        }
    }

    function _checkExitFee(uint256 exitFeeBps, address exitFeeRecipient) private pure {
        if (exitFeeBps > MAX_EXIT_FEE_BPS) revert ExitFeeTooHigh(exitFeeBps);
        if (exitFeeRecipient == address(0)) revert ZeroAddress();
    }

    function _sendETH(address to, uint256 amount) private {
        (bool ok,) = to.call{value: amount}("");
        require(ok, "PortfolioTrading: ETH_TRANSFER_FAILED");
    }

    function _bestBuyLeg(address input, address component, uint256 amountOut) private view returns (Leg memory leg) {
        leg = _bestBuyLegFor(input, component, amountOut, amountOut);
        // Amounts too small to quote (a few base units) take the path of one whole token.
        if (leg.router == address(0)) {
            leg = _bestBuyLegFor(input, component, amountOut, 10 ** uint256(IERC20Metadata(component).decimals()));
        }
        require(leg.router != address(0), "PortfolioTrading: NO_ROUTE");
    }

    /// @dev Per router, the aggregator's best path for selling `probe` of the component, reversed and
    ///      costed for exactly `amountOut` with the router's `getAmountsIn`; the cheapest wins.
    function _bestBuyLegFor(address input, address component, uint256 amountOut, uint256 probe)
        private
        view
        returns (Leg memory leg)
    {
        (address[] memory routers,, address[][] memory paths) = aggregator.getUniV2Routers(probe, component, input);
        uint256 best = type(uint256).max;
        for (uint256 r = 0; r < routers.length; ++r) {
            address[] memory p = paths[r];
            if (p.length == 0) continue;
            address[] memory reversed = new address[](p.length);
            for (uint256 k = 0; k < p.length; ++k) {
                reversed[k] = p[p.length - 1 - k];
            }
            try IPortfolioRouter(routers[r]).getAmountsIn(amountOut, reversed) returns (uint256[] memory a) {
                if (a[0] < best) {
                    best = a[0];
                    leg = Leg({router: routers[r], path: reversed, limit: a[0]});
                }
            } catch {}
        }
    }

    function _bestSellLeg(address component, address output, uint256 amountIn) private view returns (Leg memory leg) {
        if (amountIn == 0) return Leg({router: address(0), path: new address[](0), limit: 0});
        (address[] memory routers, uint256[] memory outs, address[][] memory paths) =
            aggregator.getUniV2Routers(amountIn, component, output);
        for (uint256 r = 0; r < routers.length; ++r) {
            if (paths[r].length != 0 && outs[r] > leg.limit) {
                leg = Leg({router: routers[r], path: paths[r], limit: outs[r]});
            }
        }
        // Without a route the leg stays empty (no router, no path): `_sell` pays that component in kind.
    }

    function _toUint(int256 v) private pure returns (uint256) {
        // forge-lint: disable-next-line(unsafe-typecast) -- negative units do not exist for default positions
        return v > 0 ? uint256(v) : 0;
    }
}
