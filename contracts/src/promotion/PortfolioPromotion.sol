// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Ownable2Step} from "@openzeppelin/contracts/access/Ownable2Step.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {ISetToken} from "../portfolios/ISetProtocol.sol";

/// @notice What the promotion asks of the portfolio factory: whether it created a portfolio.
interface IPortfolioRegistry {
    function isPortfolio(address portfolio) external view returns (bool);
}

/// @title PortfolioPromotion
/// @notice A portfolio's manager pays SOFI to have the portfolio featured first: 100 SOFI buys one
///         hour (spec 001 §9). Each payment extends the portfolio's promotion from its current end,
///         or from now when the promotion has ended (or never started):
///         `end = max(end, block.timestamp) + amount * 3600 / 100e18`. Seconds are rounded down (the
///         payer never gets more time than paid for) and an amount that buys no whole second is
///         rejected. The SOFI collected stays here until the owner withdraws it.
contract PortfolioPromotion is Ownable2Step {
    using SafeERC20 for IERC20;

    /// @notice SOFI base units (18 decimals) that buy one hour.
    uint256 public constant SOFI_PER_HOUR = 100e18;
    uint256 public constant HOUR = 3600;

    IERC20 public immutable sofi;
    IPortfolioRegistry public immutable factory;

    /// @notice When each portfolio's promotion ends (unix seconds; 0: never promoted).
    mapping(address portfolio => uint256) public promoteEndAt;

    /// @notice One per payment; `endAt` is the promotion's new end (unix seconds).
    event Promoted(address indexed portfolio, address indexed payer, uint256 amount, uint256 endAt);
    event Withdrawn(address indexed to, uint256 amount);

    error ZeroAddress();
    error NotPortfolio(address portfolio);
    error NotManager(address portfolio, address caller);
    error AmountTooSmall(uint256 amount);

    constructor(address initialOwner, IERC20 sofi_, IPortfolioRegistry factory_) Ownable(initialOwner) {
        if (address(sofi_) == address(0) || address(factory_) == address(0)) revert ZeroAddress();
        sofi = sofi_;
        factory = factory_;
    }

    /// @notice Whole seconds of promotion that `amount` SOFI base units buy (rounded down).
    function secondsFor(uint256 amount) public pure returns (uint256) {
        return amount * HOUR / SOFI_PER_HOUR;
    }

    /// @notice Whether `portfolio` is promoted now.
    function isPromoted(address portfolio) external view returns (bool) {
        return promoteEndAt[portfolio] > block.timestamp;
    }

    /// @notice Pays `amount` SOFI (base units, approved to this contract beforehand) to extend the
    ///         promotion of `portfolio`, one of the factory's portfolios managed by the caller.
    /// @return endAt The promotion's new end (unix seconds).
    function promote(address portfolio, uint256 amount) external returns (uint256 endAt) {
        if (!factory.isPortfolio(portfolio)) revert NotPortfolio(portfolio);
        if (ISetToken(portfolio).manager() != msg.sender) revert NotManager(portfolio, msg.sender);
        uint256 extra = secondsFor(amount);
        if (extra == 0) revert AmountTooSmall(amount);
        uint256 end = promoteEndAt[portfolio];
        endAt = (end > block.timestamp ? end : block.timestamp) + extra;
        promoteEndAt[portfolio] = endAt;
        emit Promoted(portfolio, msg.sender, amount, endAt);
        sofi.safeTransferFrom(msg.sender, address(this), amount);
    }

    /// @notice Sends `amount` of the collected SOFI to `to`. Owner only.
    function withdraw(address to, uint256 amount) external onlyOwner {
        if (to == address(0)) revert ZeroAddress();
        emit Withdrawn(to, amount);
        sofi.safeTransfer(to, amount);
    }
}
