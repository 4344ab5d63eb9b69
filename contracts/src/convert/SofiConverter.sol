// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Ownable2Step} from "@openzeppelin/contracts/access/Ownable2Step.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {ReentrancyGuard} from "@openzeppelin/contracts/utils/ReentrancyGuard.sol";

/// @title SofiConverter
/// @notice Spec 001 §7 "RAI to SOFI swap at 1 RAI = 1 SOFI": `convert(amount)` takes `amount` RAI
///         from the caller and sends the same amount of SOFI out of the converter's reserve.
/// @dev Both tokens have 18 decimals, so 1 RAI = 1 SOFI is one base unit for one base unit. The SOFI
///      reserve is what the owner deposited (`deposit`) and has not withdrawn or sold; the RAI taken
///      in stays here until the owner withdraws it (`withdrawRai`). `reserve()` counts only deposits,
///      so SOFI sent to the contract by a plain transfer is neither sold nor lost: the owner can
///      withdraw it with `withdrawSofi` (which pays out of the balance, the reserve first).
///      The SOFI paid out is the caller's measured RAI intake (a fee-on-transfer RAI would pay out
///      what actually arrived), and every state change happens before the outgoing transfer.
contract SofiConverter is Ownable2Step, ReentrancyGuard {
    using SafeERC20 for IERC20;

    /// @notice The token taken in.
    IERC20 public immutable rai;
    /// @notice The token paid out, one for one.
    IERC20 public immutable sofi;

    /// @notice SOFI deposited by the owner and not yet converted or withdrawn.
    uint256 public reserve;
    /// @notice RAI converted so far (all time).
    uint256 public totalConverted;

    /// @notice One per conversion: `amount` RAI in, `amount` SOFI out.
    event Converted(address indexed account, uint256 amount);
    event Deposited(address indexed from, uint256 amount);
    event SofiWithdrawn(address indexed to, uint256 amount);
    event RaiWithdrawn(address indexed to, uint256 amount);

    error ZeroAddress();
    error ZeroAmount();
    error InsufficientReserve(uint256 requested, uint256 available);
    error SameToken();

    constructor(address initialOwner, IERC20 rai_, IERC20 sofi_) Ownable(initialOwner) {
        if (address(rai_) == address(0) || address(sofi_) == address(0)) revert ZeroAddress();
        if (address(rai_) == address(sofi_)) revert SameToken();
        rai = rai_;
        sofi = sofi_;
    }

    /// @notice Converts `amount` RAI of the caller (approved to this contract) into as much SOFI.
    /// @return out The SOFI sent to the caller.
    function convert(uint256 amount) external nonReentrant returns (uint256 out) {
        if (amount == 0) revert ZeroAmount();
        if (amount > reserve) revert InsufficientReserve(amount, reserve);
        uint256 before = rai.balanceOf(address(this));
        rai.safeTransferFrom(msg.sender, address(this), amount);
        out = rai.balanceOf(address(this)) - before;
        if (out == 0) revert ZeroAmount();
        reserve -= out;
        totalConverted += out;
        emit Converted(msg.sender, out);
        sofi.safeTransfer(msg.sender, out);
    }

    // ------------------------------------------------------------------ owner

    /// @notice Tops up the reserve with `amount` SOFI of the owner (approved to this contract).
    function deposit(uint256 amount) external onlyOwner nonReentrant {
        if (amount == 0) revert ZeroAmount();
        uint256 before = sofi.balanceOf(address(this));
        sofi.safeTransferFrom(msg.sender, address(this), amount);
        uint256 received = sofi.balanceOf(address(this)) - before;
        reserve += received;
        emit Deposited(msg.sender, received);
    }

    /// @notice Sends `amount` unsold SOFI to `to`: the reserve shrinks by as much of it as it holds.
    function withdrawSofi(address to, uint256 amount) external onlyOwner nonReentrant {
        if (to == address(0)) revert ZeroAddress();
        if (amount == 0) revert ZeroAmount();
        uint256 balance = sofi.balanceOf(address(this));
        if (amount > balance) revert InsufficientReserve(amount, balance);
        // Stray SOFI (balance above the reserve) goes first; the rest comes out of the reserve.
        uint256 stray = balance - reserve;
        if (amount > stray) reserve -= amount - stray;
        emit SofiWithdrawn(to, amount);
        sofi.safeTransfer(to, amount);
    }

    /// @notice Sends `amount` of the RAI taken in to `to`.
    function withdrawRai(address to, uint256 amount) external onlyOwner nonReentrant {
        if (to == address(0)) revert ZeroAddress();
        if (amount == 0) revert ZeroAmount();
        emit RaiWithdrawn(to, amount);
        rai.safeTransfer(to, amount);
    }
}
