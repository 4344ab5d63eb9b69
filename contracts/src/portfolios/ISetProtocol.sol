// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @notice Set Protocol v2 (Solidity 0.6.10, deployed from the vendored npm artifacts in
///         contracts/vendor/set-protocol-v2) as seen from our 0.8 contracts: only what we call.

/// @notice A portfolio token. `moduleStates`: 0 none, 1 pending (added), 2 initialised.
interface ISetToken {
    function manager() external view returns (address);
    function controller() external view returns (address);
    function name() external view returns (string memory);
    function symbol() external view returns (string memory);
    function decimals() external view returns (uint8);
    function totalSupply() external view returns (uint256);
    function balanceOf(address account) external view returns (uint256);
    function transfer(address to, uint256 amount) external returns (bool);
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
    function approve(address spender, uint256 amount) external returns (bool);
    function getComponents() external view returns (address[] memory);
    function getDefaultPositionRealUnit(address component) external view returns (int256);
    function positionMultiplier() external view returns (int256);
    function getModules() external view returns (address[] memory);
    function moduleStates(address module) external view returns (uint8);
    function isPendingModule(address module) external view returns (bool);
    function isInitializedModule(address module) external view returns (bool);
    function addModule(address module) external;
    function removeModule(address module) external;
    function removePendingModule(address module) external;
    function initializeModule() external;
    function setManager(address manager) external;
}

interface IController {
    function initialize(
        address[] calldata factories,
        address[] calldata modules,
        address[] calldata resources,
        uint256[] calldata resourceIds
    ) external;
    function addModule(address module) external;
    function addFactory(address factory) external;
    function isModule(address module) external view returns (bool);
    function isFactory(address factory) external view returns (bool);
    function isSet(address setToken) external view returns (bool);
    function getSets() external view returns (address[] memory);
    function resourceId(uint256 id) external view returns (address);
    function owner() external view returns (address);
}

interface ISetTokenCreator {
    event SetTokenCreated(address indexed _setToken, address _manager, string _name, string _symbol);

    function create(
        address[] calldata components,
        int256[] calldata units,
        address[] calldata modules,
        address manager,
        string calldata name,
        string calldata symbol
    ) external returns (address);
    function controller() external view returns (address);
}

interface IIntegrationRegistry {
    function addIntegration(address module, string calldata name, address adapter) external;
    function getIntegrationAdapter(address module, string calldata name) external view returns (address);
    function isValidIntegration(address module, string calldata name) external view returns (bool);
}

interface IBasicIssuanceModule {
    function initialize(address setToken, address preIssueHook) external;
    function issue(address setToken, uint256 quantity, address to) external;
    function redeem(address setToken, uint256 quantity, address to) external;
    /// @notice Component amounts `issue` pulls for `quantity` (units rounded up).
    function getRequiredComponentUnitsForIssue(address setToken, uint256 quantity)
        external
        view
        returns (address[] memory components, uint256[] memory amounts);
}

interface IStreamingFeeModule {
    struct FeeState {
        address feeRecipient;
        uint256 maxStreamingFeePercentage;
        uint256 streamingFeePercentage;
        uint256 lastStreamingFeeTimestamp;
    }

    function initialize(address setToken, FeeState calldata settings) external;
    function accrueFee(address setToken) external;
    function getFee(address setToken) external view returns (uint256);
}

interface ITradeModule {
    function initialize(address setToken) external;
    /// @param sendQuantity and minReceiveQuantity are per-set units (per 1e18 of the portfolio token).
    function trade(
        address setToken,
        string calldata exchangeName,
        address sendToken,
        uint256 sendQuantity,
        address receiveToken,
        uint256 minReceiveQuantity,
        bytes calldata data
    ) external;
}

interface IUniswapV2ExchangeAdapter {
    function router() external view returns (address);
    function getSpender() external view returns (address);
}
