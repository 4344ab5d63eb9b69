// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {ERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/ERC20Permit.sol";
import {ERC20Votes} from "@openzeppelin/contracts/token/ERC20/extensions/ERC20Votes.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Nonces} from "@openzeppelin/contracts/utils/Nonces.sol";

/// @title SofiToken
/// @notice The SOFI governance token: 18 decimals, EIP-2612 permit, ERC20Votes checkpoints for
///         snapshot voting. The votes clock is the block timestamp (EIP-6372 "mode=timestamp"),
///         which suits L2s with fast blocks and a local chain that travels in time.
///         Only the owner (the deployer) can mint: the faucet for test networks.
///         Every holder is self-delegated by default: `delegates(account)` is the account itself until
///         it delegates elsewhere, so no holder loses their votes for not knowing about delegation.
///         `delegate(address(0))` goes back to self (there is no "undelegated" state to fall into).
/// @dev OZ's Votes reads `delegates()` in `_transferVotingUnits` (every transfer, mint and burn moves
///      votes between the two sides' delegates) and in `_delegate` (the old delegate loses the
///      account's balance): with the default both always see the account itself until it chooses,
///      so the checkpoints stay equal to the balances they stand for. `delegates(address(0))` is
///      address(0), so mints and burns move no one's votes on the zero side (the total supply
///      checkpoint is Votes' own, unchanged). Contracts (pairs, the governor, the timelock) are
///      self-delegated too; SofiGovernor refuses votes from itself and its timelock.
contract SofiToken is ERC20, ERC20Permit, ERC20Votes, Ownable {
    constructor(address owner_) ERC20("SOFI Governance", "SOFI") ERC20Permit("SOFI Governance") Ownable(owner_) {}

    /// @notice Faucet mint, owner only.
    function mint(address to, uint256 amount) external onlyOwner {
        _mint(to, amount);
    }

    /// @notice Faucet mint to many recipients in one transaction, owner only.
    function mintBatch(address[] calldata recipients, uint256 amount) external onlyOwner {
        for (uint256 i = 0; i < recipients.length; ++i) {
            _mint(recipients[i], amount);
        }
    }

    /// @notice Holders may burn their own tokens.
    function burn(uint256 amount) external {
        _burn(msg.sender, amount);
    }

    function clock() public view override returns (uint48) {
        return uint48(block.timestamp);
    }

    // solhint-disable-next-line func-name-mixedcase
    function CLOCK_MODE() public pure override returns (string memory) {
        return "mode=timestamp";
    }

    /// @notice The account's delegate: itself until it delegates elsewhere.
    function delegates(address account) public view override returns (address) {
        address chosen = super.delegates(account);
        return chosen == address(0) ? account : chosen;
    }

    /// @dev Delegating to address(0) means "back to myself": the account's votes stay counted.
    function _delegate(address account, address delegatee) internal override {
        super._delegate(account, delegatee == address(0) ? account : delegatee);
    }

    function _update(address from, address to, uint256 value) internal override(ERC20, ERC20Votes) {
        super._update(from, to, value);
    }

    function nonces(address owner_) public view override(ERC20Permit, Nonces) returns (uint256) {
        return super.nonces(owner_);
    }
}
