// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

/// @title TestToken
/// @notice Plain ERC20 with configurable decimals for the local and test networks. Only the owner
///         (the deployer) can mint: it is the faucet that funds dev accounts and seeds liquidity.
contract TestToken is ERC20, Ownable {
    uint8 private immutable _tokenDecimals;

    error DecimalsTooLarge(uint8 decimals);

    constructor(string memory name_, string memory symbol_, uint8 decimals_, address owner_)
        ERC20(name_, symbol_)
        Ownable(owner_)
    {
        if (decimals_ > 36) revert DecimalsTooLarge(decimals_);
        _tokenDecimals = decimals_;
    }

    function decimals() public view override returns (uint8) {
        return _tokenDecimals;
    }

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
}
