// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Ownable2Step} from "@openzeppelin/contracts/access/Ownable2Step.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {ReentrancyGuard} from "@openzeppelin/contracts/utils/ReentrancyGuard.sol";
import {IUniswapV2LikeFactory, IUniswapV2LikeRouter} from "./IUniswapV2Like.sol";

/// @title SofiAggregator
/// @notice Quotes a trade on every registered Uniswap-V2-style router (best path of at most three
///         hops through the owner's common bases) and trades through the router the caller picks,
///         enforcing the caller's deadline and minimum output on what the recipient really receives.
/// @dev Native ETH is WETH inside paths (the router wraps and unwraps) and address(0) in the
///      `Trade` event. Every trade uses the router's `...SupportingFeeOnTransferTokens` functions, so
///      fee-on-transfer tokens work on both sides: the input amount forwarded is what this contract
///      actually received, and the output checked against the minimum is the recipient's balance
///      change. The contract never keeps tokens, ETH or allowances after a trade.
///      User-facing reverts are reason strings (`SofiAggregator: ...`, mirroring Uniswap's router,
///      so the web app maps `INSUFFICIENT_OUTPUT_AMOUNT` to the spec's slippage message); owner-only
///      functions revert with custom errors.
contract SofiAggregator is Ownable2Step, ReentrancyGuard {
    using SafeERC20 for IERC20;

    /// @notice At most this many common bases (a quote tries 1 + n + n(n-1) paths per router).
    uint256 public constant MAX_BASES = 8;
    /// @notice The longest route a quote considers: three hops (four tokens).
    uint256 public constant MAX_HOPS = 3;

    struct RouterInfo {
        address factory;
        address weth;
        /// @dev Position in `_routers` plus one; zero when the router is not registered.
        uint256 slot;
    }

    address[] private _routers;
    mapping(address router => RouterInfo) private _routerInfo;
    address[] private _bases;

    event RouterAdded(address indexed router, address factory, address weth);
    event RouterRemoved(address indexed router);
    event BasesSet(address[] bases);
    event Rescued(address indexed token, address indexed to, uint256 amount);
    /// @notice One per trade. `tokenIn`/`tokenOut` are address(0) for native ETH; `amountIn` is what
    ///         the user paid, `amountOut` what the recipient received (after any transfer fee).
    event Trade(
        address indexed user,
        address indexed router,
        address indexed tokenIn,
        address tokenOut,
        uint256 amountIn,
        uint256 amountOut,
        address recipient
    );

    error ZeroAddress();
    error RouterAlreadyRegistered(address router);
    error RouterNotRegistered(address router);
    error InvalidRouter(address router);
    error DuplicateBase(address base);
    error TooManyBases(uint256 count, uint256 max);
    error EthTransferFailed();

    constructor(address initialOwner, address[] memory routers_, address[] memory bases_) Ownable(initialOwner) {
        for (uint256 i = 0; i < routers_.length; ++i) {
            _addRouter(routers_[i]);
        }
        _setBases(bases_);
    }

    // ------------------------------------------------------------------ owner

    /// @notice Registers a Uniswap-V2-style router; its factory and WETH are read from it.
    function addRouter(address router) external onlyOwner {
        _addRouter(router);
    }

    /// @notice Unregisters a router: it is no longer quoted and trades through it revert.
    function removeRouter(address router) external onlyOwner {
        uint256 slot = _routerInfo[router].slot;
        if (slot == 0) revert RouterNotRegistered(router);
        uint256 last = _routers.length - 1;
        if (slot - 1 != last) {
            address moved = _routers[last];
            _routers[slot - 1] = moved;
            _routerInfo[moved].slot = slot;
        }
        _routers.pop();
        delete _routerInfo[router];
        emit RouterRemoved(router);
    }

    /// @notice Replaces the common bases that quotes route through (at most MAX_BASES, distinct, non-zero).
    function setBases(address[] calldata bases_) external onlyOwner {
        _setBases(bases_);
    }

    /// @notice Sends out tokens that reached this contract outside a trade (a trade never leaves any).
    function rescueTokens(IERC20 token, address to, uint256 amount) external onlyOwner {
        if (to == address(0)) revert ZeroAddress();
        token.safeTransfer(to, amount);
        emit Rescued(address(token), to, amount);
    }

    /// @notice Sends out ETH forced into this contract (it has no receive function).
    function rescueETH(address payable to, uint256 amount) external onlyOwner {
        if (to == address(0)) revert ZeroAddress();
        (bool ok,) = to.call{value: amount}("");
        if (!ok) revert EthTransferFailed();
        emit Rescued(address(0), to, amount);
    }

    // ------------------------------------------------------------------ views

    function getRouters() external view returns (address[] memory) {
        return _routers;
    }

    function getBases() external view returns (address[] memory) {
        return _bases;
    }

    function isRouter(address router) public view returns (bool) {
        return _routerInfo[router].slot != 0;
    }

    /// @notice The factory and WETH a registered router was registered with (zero when unknown).
    function routerInfo(address router) external view returns (address factory, address weth) {
        RouterInfo storage info = _routerInfo[router];
        return (info.factory, info.weth);
    }

    /// @notice For every registered router (in registration order): the best output for `amountIn`
    ///         of `tokenIn` over paths of at most three hops (direct, via one base, via two distinct
    ///         bases) and that path; 0 and an empty path when the router has none. Native ETH is WETH.
    function getUniV2Routers(uint256 amountIn, address tokenIn, address tokenOut)
        external
        view
        returns (address[] memory routers, uint256[] memory amountsOut, address[][] memory paths)
    {
        return getUniV2RoutersWithMaxHops(amountIn, tokenIn, tokenOut, MAX_HOPS);
    }

    /// @notice `getUniV2Routers` limited to `maxHops` (1 = direct pairs only, the "single hop" setting).
    function getUniV2RoutersWithMaxHops(uint256 amountIn, address tokenIn, address tokenOut, uint256 maxHops)
        public
        view
        returns (address[] memory routers, uint256[] memory amountsOut, address[][] memory paths)
    {
        require(tokenIn != address(0) && tokenOut != address(0), "SofiAggregator: ZERO_ADDRESS");
        require(tokenIn != tokenOut, "SofiAggregator: IDENTICAL_ADDRESSES");
        require(maxHops >= 1 && maxHops <= MAX_HOPS, "SofiAggregator: INVALID_MAX_HOPS");
        uint256 n = _routers.length;
        routers = _routers;
        amountsOut = new uint256[](n);
        paths = new address[][](n);
        address[] memory bases_ = _bases;
        for (uint256 i = 0; i < n; ++i) {
            Quote memory q = Quote({
                router: routers[i],
                factory: _routerInfo[routers[i]].factory,
                amountIn: amountIn,
                best: 0,
                bestPath: new address[](0)
            });
            if (amountIn != 0) _bestPath(q, tokenIn, tokenOut, maxHops, bases_);
            amountsOut[i] = q.best;
            paths[i] = q.bestPath;
        }
    }

    // ------------------------------------------------------------------ trades

    /// @notice Pays exactly `msg.value` ETH for as many `path[last]` tokens as the route gives.
    /// @param path WETH first (the router's WETH), the token received last.
    /// @return amountOut what `recipient` received.
    function tradeTokenByExactETH(
        address router,
        address[] calldata path,
        uint256 amountOutMin,
        address recipient,
        uint256 deadline
    ) external payable nonReentrant returns (uint256 amountOut) {
        RouterInfo storage info = _checkTrade(router, path, msg.value, recipient, deadline);
        require(path[0] == info.weth, "SofiAggregator: INVALID_PATH");
        IERC20 tokenOut = IERC20(path[path.length - 1]);
        uint256 before = tokenOut.balanceOf(recipient);
        IUniswapV2LikeRouter(router).swapExactETHForTokensSupportingFeeOnTransferTokens{value: msg.value}(
            0, path, recipient, deadline
        );
        amountOut = _delta(before, tokenOut.balanceOf(recipient));
        _checkOutput(amountOut, amountOutMin);
        emit Trade(msg.sender, router, address(0), address(tokenOut), msg.value, amountOut, recipient);
    }

    /// @notice Sells exactly `amountIn` of `path[0]` (approved to this contract) for ETH.
    /// @param path the token sold first, WETH (the router's WETH) last.
    /// @return amountOut the ETH `recipient` received.
    function tradeETHByExactToken(
        address router,
        address[] calldata path,
        uint256 amountIn,
        uint256 amountOutMin,
        address recipient,
        uint256 deadline
    ) external nonReentrant returns (uint256 amountOut) {
        RouterInfo storage info = _checkTrade(router, path, amountIn, recipient, deadline);
        require(path[path.length - 1] == info.weth, "SofiAggregator: INVALID_PATH");
        (IERC20 tokenIn, uint256 held, uint256 received) = _pullAndApprove(router, path[0], amountIn);
        uint256 before = recipient.balance;
        IUniswapV2LikeRouter(router).swapExactTokensForETHSupportingFeeOnTransferTokens(
            received, 0, path, recipient, deadline
        );
        _settle(tokenIn, router, held);
        amountOut = _delta(before, recipient.balance);
        _checkOutput(amountOut, amountOutMin);
        emit Trade(msg.sender, router, address(tokenIn), address(0), amountIn, amountOut, recipient);
    }

    /// @notice Sells exactly `amountIn` of `path[0]` (approved to this contract) for `path[last]`.
    /// @return amountOut what `recipient` received.
    function tradeTokenByExactToken(
        address router,
        address[] calldata path,
        uint256 amountIn,
        uint256 amountOutMin,
        address recipient,
        uint256 deadline
    ) external nonReentrant returns (uint256 amountOut) {
        _checkTrade(router, path, amountIn, recipient, deadline);
        (IERC20 tokenIn, uint256 held, uint256 received) = _pullAndApprove(router, path[0], amountIn);
        IERC20 tokenOut = IERC20(path[path.length - 1]);
        uint256 before = tokenOut.balanceOf(recipient);
        IUniswapV2LikeRouter(router).swapExactTokensForTokensSupportingFeeOnTransferTokens(
            received, 0, path, recipient, deadline
        );
        _settle(tokenIn, router, held);
        amountOut = _delta(before, tokenOut.balanceOf(recipient));
        _checkOutput(amountOut, amountOutMin);
        emit Trade(msg.sender, router, address(tokenIn), address(tokenOut), amountIn, amountOut, recipient);
    }

    // ------------------------------------------------------------------ internals

    struct Quote {
        address router;
        address factory;
        uint256 amountIn;
        uint256 best;
        address[] bestPath;
    }

    function _addRouter(address router) private {
        if (router == address(0)) revert ZeroAddress();
        if (_routerInfo[router].slot != 0) revert RouterAlreadyRegistered(router);
        // try/catch does not catch a call to an account without code: check first.
        if (router.code.length == 0) revert InvalidRouter(router);
        address factory;
        address weth;
        try IUniswapV2LikeRouter(router).factory() returns (address f) {
            factory = f;
        } catch {
            revert InvalidRouter(router);
        }
        try IUniswapV2LikeRouter(router).WETH() returns (address w) {
            weth = w;
        } catch {
            revert InvalidRouter(router);
        }
        if (factory.code.length == 0 || weth == address(0)) revert InvalidRouter(router);
        _routers.push(router);
        _routerInfo[router] = RouterInfo({factory: factory, weth: weth, slot: _routers.length});
        emit RouterAdded(router, factory, weth);
    }

    function _setBases(address[] memory bases_) private {
        if (bases_.length > MAX_BASES) revert TooManyBases(bases_.length, MAX_BASES);
        for (uint256 i = 0; i < bases_.length; ++i) {
            if (bases_[i] == address(0)) revert ZeroAddress();
            for (uint256 j = 0; j < i; ++j) {
                if (bases_[j] == bases_[i]) revert DuplicateBase(bases_[i]);
            }
        }
        _bases = bases_;
        emit BasesSet(bases_);
    }

    function _checkTrade(address router, address[] calldata path, uint256 amount, address recipient, uint256 deadline)
        private
        view
        returns (RouterInfo storage info)
    {
        require(block.timestamp <= deadline, "SofiAggregator: EXPIRED");
        info = _routerInfo[router];
        require(info.slot != 0, "SofiAggregator: UNKNOWN_ROUTER");
        require(path.length >= 2, "SofiAggregator: INVALID_PATH");
        require(amount > 0, "SofiAggregator: INSUFFICIENT_INPUT_AMOUNT");
        require(recipient != address(0) && recipient != address(this), "SofiAggregator: INVALID_RECIPIENT");
    }

    /// @dev Pulls `amountIn` from the caller and approves the router for exactly what arrived
    ///      (less than `amountIn` for a fee-on-transfer token). `held` is the balance before the pull.
    function _pullAndApprove(address router, address token, uint256 amountIn)
        private
        returns (IERC20 tokenIn, uint256 held, uint256 received)
    {
        tokenIn = IERC20(token);
        held = tokenIn.balanceOf(address(this));
        tokenIn.safeTransferFrom(msg.sender, address(this), amountIn);
        received = tokenIn.balanceOf(address(this)) - held;
        require(received > 0, "SofiAggregator: INSUFFICIENT_INPUT_AMOUNT");
        tokenIn.forceApprove(router, received);
    }

    /// @dev After a swap: no allowance left for the router and no input left in this contract.
    function _settle(IERC20 tokenIn, address router, uint256 held) private {
        if (tokenIn.allowance(address(this), router) != 0) tokenIn.forceApprove(router, 0);
        require(tokenIn.balanceOf(address(this)) <= held, "SofiAggregator: INPUT_NOT_SPENT");
    }

    /// @dev A trade must deliver something, and at least the caller's minimum.
    function _checkOutput(uint256 amountOut, uint256 amountOutMin) private pure {
        require(amountOut != 0 && amountOut >= amountOutMin, "SofiAggregator: INSUFFICIENT_OUTPUT_AMOUNT");
    }

    function _delta(uint256 before, uint256 afterwards) private pure returns (uint256) {
        return afterwards > before ? afterwards - before : 0;
    }

    function _bestPath(Quote memory q, address tokenIn, address tokenOut, uint256 maxHops, address[] memory bases_)
        private
        view
    {
        if (_hasPair(q.factory, tokenIn, tokenOut)) {
            address[] memory direct = new address[](2);
            direct[0] = tokenIn;
            direct[1] = tokenOut;
            _consider(q, direct);
        }
        if (maxHops < 2) return;
        uint256 n = bases_.length;
        bool[] memory fromIn = new bool[](n);
        bool[] memory toOut = new bool[](n);
        for (uint256 i = 0; i < n; ++i) {
            address b = bases_[i];
            if (b == tokenIn || b == tokenOut) continue;
            fromIn[i] = _hasPair(q.factory, tokenIn, b);
            toOut[i] = _hasPair(q.factory, b, tokenOut);
            if (fromIn[i] && toOut[i]) {
                address[] memory p = new address[](3);
                p[0] = tokenIn;
                p[1] = b;
                p[2] = tokenOut;
                _consider(q, p);
            }
        }
        if (maxHops < 3) return;
        for (uint256 i = 0; i < n; ++i) {
            if (!fromIn[i]) continue;
            for (uint256 j = 0; j < n; ++j) {
                if (i == j || !toOut[j] || !_hasPair(q.factory, bases_[i], bases_[j])) continue;
                address[] memory p = new address[](4);
                p[0] = tokenIn;
                p[1] = bases_[i];
                p[2] = bases_[j];
                p[3] = tokenOut;
                _consider(q, p);
            }
        }
    }

    /// @dev Keeps the first best path, so a shorter route wins a tie.
    function _consider(Quote memory q, address[] memory path) private view {
        try IUniswapV2LikeRouter(q.router).getAmountsOut(q.amountIn, path) returns (uint256[] memory amounts) {
            if (amounts.length == path.length) {
                uint256 out = amounts[amounts.length - 1];
                if (out > q.best) {
                    q.best = out;
                    q.bestPath = path;
                }
            }
        } catch {}
    }

    function _hasPair(address factory, address a, address b) private view returns (bool) {
        try IUniswapV2LikeFactory(factory).getPair(a, b) returns (address pair) {
            return pair != address(0);
        } catch {
            return false;
        }
    }
}
