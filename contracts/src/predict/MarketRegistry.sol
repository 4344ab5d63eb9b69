// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Ownable, Ownable2Step} from "@openzeppelin/contracts/access/Ownable2Step.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {
    IConditionalTokens,
    IFixedProductMarketMaker,
    IFixedProductMarketMakerFactory,
    IRealityETH
} from "./IPredict.sol";

/// @title MarketRegistry
/// @notice Creates the product's yes/no markets and remembers them. `createMarket` (the owner: an
///         operator locally, governance's timelock on real networks) asks the market's Reality.eth
///         question (template 2, single-select, opening at the resolution time, answered with SOFI
///         bonds of at least `minBond`, final `answerTimeout` after the last answer, disputes to the
///         arbitrator), prepares its Conditional Tokens condition with the oracle adapter as oracle,
///         creates its Fixed Product Market Maker through the factory with SOFI as collateral, and adds
///         the initial funding from the creator, who gets the liquidity shares (and, with a
///         distribution hint, the outcome tokens the pool sends back).
/// @dev Holds nothing between calls: funding passes through in the same call.
contract MarketRegistry is Ownable2Step {
    using SafeERC20 for IERC20;

    /// Reality.eth's single-select template.
    uint256 public constant TEMPLATE_ID = 2;
    uint256 public constant OUTCOME_COUNT = 2;
    /// The highest trade fee (1e18 = 100 %).
    uint256 public constant MAX_FEE = 0.1e18;
    uint256 public constant MAX_TITLE_BYTES = 200;
    uint256 public constant MAX_DESCRIPTION_BYTES = 4000;
    uint256 public constant MAX_PHOTO_BYTES = 8192;
    uint256 public constant MAX_OUTCOME_BYTES = 32;

    IConditionalTokens public immutable conditionalTokens;
    IFixedProductMarketMakerFactory public immutable fpmmFactory;
    IRealityETH public immutable realityEth;
    /// The conditions' oracle (MarketOracle).
    address public immutable oracle;
    /// The questions' arbitrator (MarketArbitrator).
    address public immutable arbitrator;
    /// SOFI: the markets' collateral and the answers' bond token.
    IERC20 public immutable collateral;

    uint32 public answerTimeout;
    uint256 public minBond;
    uint256 public minFunding;

    struct Market {
        bytes32 questionId;
        bytes32 conditionId;
        uint64 resolutionTime;
        uint32 answerTimeout;
        address creator;
        uint256[2] positionIds;
    }

    struct MarketParams {
        string title;
        string description;
        /// An image URL (https, a path the web app serves, or a data URL).
        string photo;
        /// Two names: outcome 0 and outcome 1 (e.g. Yes, No).
        string[] outcomeNames;
        /// Unix seconds: trading closes and answers open.
        uint64 resolutionTime;
        /// The FPMM's fee on buys and sells, 1e18 = 100 % (0.02e18 = 2 %).
        uint256 fee;
        /// SOFI added by the creator (approve it to the registry first).
        uint256 initialFunding;
        /// Empty for even odds (0.5 each), else two weights: the pool keeps funding × weight / max weight
        /// of each outcome (the rest goes back to the creator), so outcome i starts at the other's
        /// weight over the sum.
        uint256[] distributionHint;
    }

    mapping(address market => Market) internal _markets;
    mapping(bytes32 questionId => address market) public marketOfQuestion;
    address[] internal _all;
    bool private transient _funding;

    /// @notice One per market: everything the API's market entity needs. `market` is the FPMM (index its
    ///         FPMMBuy, FPMMSell, FPMMFundingAdded and FPMMFundingRemoved from here on); `positionIds` are
    ///         the Conditional Tokens ids of outcome 0 and 1 (ERC-1155); `questionId` is the Reality.eth
    ///         question and the condition's question id.
    event MarketCreated(
        address indexed market,
        address indexed creator,
        bytes32 indexed conditionId,
        bytes32 questionId,
        string title,
        string description,
        string photo,
        string[] outcomeNames,
        uint256 resolutionTime,
        uint256 fee,
        uint256 initialFunding,
        uint256[] positionIds,
        uint256 answerTimeout,
        uint256 minBond
    );
    event ResolutionSettingsSet(uint32 answerTimeout, uint256 minBond);
    event MinFundingSet(uint256 minFunding);

    error MarketRegistryInvalidTitle();
    error MarketRegistryInvalidDescription();
    error MarketRegistryInvalidPhoto();
    error MarketRegistryInvalidOutcomes();
    error MarketRegistryInvalidResolutionTime(uint64 resolutionTime, uint256 now);
    error MarketRegistryInvalidFee(uint256 fee, uint256 max);
    error MarketRegistryFundingTooLow(uint256 funding, uint256 min);
    error MarketRegistryInvalidHint();
    error MarketRegistryInvalidSettings();
    error MarketRegistryUnknownMarket(address market);
    error MarketRegistryUnexpectedTokens();

    constructor(
        address owner_,
        IConditionalTokens conditionalTokens_,
        IFixedProductMarketMakerFactory fpmmFactory_,
        IRealityETH realityEth_,
        address oracle_,
        address arbitrator_,
        uint32 answerTimeout_,
        uint256 minBond_,
        uint256 minFunding_
    ) Ownable(owner_) {
        conditionalTokens = conditionalTokens_;
        fpmmFactory = fpmmFactory_;
        realityEth = realityEth_;
        oracle = oracle_;
        arbitrator = arbitrator_;
        collateral = realityEth_.token();
        _setResolutionSettings(answerTimeout_, minBond_);
        _setMinFunding(minFunding_);
    }

    // ------------------------------------------------------------------ create

    /// @notice Creates a market (see the contract's notice) and returns its FPMM.
    function createMarket(MarketParams calldata p) external onlyOwner returns (address market) {
        _check(p);
        uint256 nonce = _all.length;
        bytes32 questionId = realityEth.askQuestionWithMinBondERC20(
            TEMPLATE_ID,
            questionText(p.title, p.outcomeNames),
            arbitrator,
            answerTimeout,
            uint32(p.resolutionTime),
            nonce,
            minBond,
            0
        );
        conditionalTokens.prepareCondition(oracle, questionId, OUTCOME_COUNT);
        bytes32 conditionId = conditionalTokens.getConditionId(oracle, questionId, OUTCOME_COUNT);
        bytes32[] memory conditionIds = new bytes32[](1);
        conditionIds[0] = conditionId;
        market = fpmmFactory.createFixedProductMarketMaker(conditionalTokens, collateral, conditionIds, p.fee);

        Market storage m = _markets[market];
        m.questionId = questionId;
        m.conditionId = conditionId;
        m.resolutionTime = p.resolutionTime;
        m.answerTimeout = answerTimeout;
        m.creator = msg.sender;
        for (uint256 i = 0; i < OUTCOME_COUNT; ++i) {
            m.positionIds[i] = conditionalTokens.getPositionId(
                collateral, conditionalTokens.getCollectionId(bytes32(0), conditionId, 1 << i)
            );
        }
        marketOfQuestion[questionId] = market;
        _all.push(market);

        _fund(market, m.positionIds, p.initialFunding, p.distributionHint);
        _announce(market, m, p);
    }

    function _check(MarketParams calldata p) internal view {
        uint256 n = bytes(p.title).length;
        if (n == 0 || n > MAX_TITLE_BYTES || !_plainText(p.title)) revert MarketRegistryInvalidTitle();
        if (bytes(p.description).length > MAX_DESCRIPTION_BYTES) revert MarketRegistryInvalidDescription();
        if (bytes(p.photo).length > MAX_PHOTO_BYTES) revert MarketRegistryInvalidPhoto();
        if (p.outcomeNames.length != OUTCOME_COUNT) revert MarketRegistryInvalidOutcomes();
        for (uint256 i = 0; i < OUTCOME_COUNT; ++i) {
            uint256 len = bytes(p.outcomeNames[i]).length;
            if (len == 0 || len > MAX_OUTCOME_BYTES || !_plainText(p.outcomeNames[i])) {
                revert MarketRegistryInvalidOutcomes();
            }
        }
        if (keccak256(bytes(p.outcomeNames[0])) == keccak256(bytes(p.outcomeNames[1]))) {
            revert MarketRegistryInvalidOutcomes();
        }
        if (p.resolutionTime <= block.timestamp || p.resolutionTime > type(uint32).max) {
            revert MarketRegistryInvalidResolutionTime(p.resolutionTime, block.timestamp);
        }
        if (p.fee > MAX_FEE) revert MarketRegistryInvalidFee(p.fee, MAX_FEE);
        if (p.initialFunding < minFunding) revert MarketRegistryFundingTooLow(p.initialFunding, minFunding);
        if (p.distributionHint.length != 0) {
            if (p.distributionHint.length != OUTCOME_COUNT) revert MarketRegistryInvalidHint();
            uint256 max = p.distributionHint[0] > p.distributionHint[1] ? p.distributionHint[0] : p.distributionHint[1];
            for (uint256 i = 0; i < OUTCOME_COUNT; ++i) {
                // The FPMM needs every outcome to keep some funding.
                if (p.distributionHint[i] == 0 || (p.initialFunding * p.distributionHint[i]) / max == 0) {
                    revert MarketRegistryInvalidHint();
                }
            }
        }
    }

    /// Funds the new pool from the creator and hands the shares (and any sent-back outcome tokens) over.
    function _fund(address market, uint256[2] storage ids, uint256 funding, uint256[] calldata hint) internal {
        collateral.safeTransferFrom(msg.sender, address(this), funding);
        collateral.forceApprove(market, funding);
        _funding = true;
        IFixedProductMarketMaker(market).addFunding(funding, hint);
        _funding = false;
        uint256 shares = IFixedProductMarketMaker(market).balanceOf(address(this));
        require(IFixedProductMarketMaker(market).transfer(msg.sender, shares), "share transfer failed");
        if (hint.length == 0) return;
        uint256[] memory positionIds = new uint256[](OUTCOME_COUNT);
        uint256[] memory amounts = new uint256[](OUTCOME_COUNT);
        for (uint256 i = 0; i < OUTCOME_COUNT; ++i) {
            positionIds[i] = ids[i];
            amounts[i] = conditionalTokens.balanceOf(address(this), ids[i]);
        }
        conditionalTokens.safeBatchTransferFrom(address(this), msg.sender, positionIds, amounts, "");
    }

    function _announce(address market, Market storage m, MarketParams memory p) internal {
        uint256[] memory positionIds = new uint256[](OUTCOME_COUNT);
        positionIds[0] = m.positionIds[0];
        positionIds[1] = m.positionIds[1];
        emit MarketCreated(
            market,
            msg.sender,
            m.conditionId,
            m.questionId,
            p.title,
            p.description,
            p.photo,
            p.outcomeNames,
            p.resolutionTime,
            p.fee,
            p.initialFunding,
            positionIds,
            m.answerTimeout,
            minBond
        );
    }

    /// @notice The Reality.eth question of a market: the template-2 fields title, outcomes (JSON
    ///         strings), category and language, separated by U+241F.
    function questionText(string calldata title, string[] calldata outcomeNames) public pure returns (string memory) {
        bytes memory outcomes;
        for (uint256 i = 0; i < outcomeNames.length; ++i) {
            outcomes = bytes.concat(outcomes, i == 0 ? bytes("") : bytes(","), '"', _jsonEscape(outcomeNames[i]), '"');
        }
        return string(bytes.concat(_jsonEscape(title), unicode"␟", outcomes, unicode"␟", "sofi", unicode"␟", "en"));
    }

    /// Escapes `"` and `\` (control characters are refused by `_plainText`).
    function _jsonEscape(string calldata s) internal pure returns (bytes memory out) {
        bytes calldata b = bytes(s);
        uint256 extra;
        for (uint256 i = 0; i < b.length; ++i) {
            if (b[i] == '"' || b[i] == "\\") ++extra;
        }
        if (extra == 0) return b;
        out = new bytes(b.length + extra);
        uint256 j;
        for (uint256 i = 0; i < b.length; ++i) {
            if (b[i] == '"' || b[i] == "\\") out[j++] = "\\";
            out[j++] = b[i];
        }
    }

    /// No control characters and no U+241F (Reality.eth's field separator).
    function _plainText(string calldata s) internal pure returns (bool) {
        bytes calldata b = bytes(s);
        for (uint256 i = 0; i < b.length; ++i) {
            uint8 c = uint8(b[i]);
            if (c < 0x20 || c == 0x7f) return false;
            if (c == 0xe2 && i + 2 < b.length && uint8(b[i + 1]) == 0x90 && uint8(b[i + 2]) == 0x9f) return false;
        }
        return true;
    }

    // ------------------------------------------------------------------ ERC-1155 (sent-back funding)

    /// Accepts outcome tokens only from the Conditional Tokens while funding a new pool.
    function onERC1155Received(address, address, uint256, uint256, bytes calldata) external view returns (bytes4) {
        if (!_funding || msg.sender != address(conditionalTokens)) revert MarketRegistryUnexpectedTokens();
        return this.onERC1155Received.selector;
    }

    function onERC1155BatchReceived(address, address, uint256[] calldata, uint256[] calldata, bytes calldata)
        external
        view
        returns (bytes4)
    {
        if (!_funding || msg.sender != address(conditionalTokens)) revert MarketRegistryUnexpectedTokens();
        return this.onERC1155BatchReceived.selector;
    }

    // ------------------------------------------------------------------ reads

    /// @notice A market's question, condition, resolution time, answer timeout, creator and position ids.
    function getMarket(address market) external view returns (Market memory m) {
        m = _markets[market];
        if (m.creator == address(0)) revert MarketRegistryUnknownMarket(market);
    }

    function isMarket(address market) external view returns (bool) {
        return _markets[market].creator != address(0);
    }

    function marketCount() external view returns (uint256) {
        return _all.length;
    }

    function marketAt(uint256 index) external view returns (address) {
        return _all[index];
    }

    /// @notice Markets `from` to `from + count` (clipped), in creation order.
    function getMarkets(uint256 from, uint256 count) external view returns (address[] memory list) {
        uint256 n = _all.length;
        if (from >= n) return new address[](0);
        uint256 end = from + count > n ? n : from + count;
        list = new address[](end - from);
        for (uint256 i = from; i < end; ++i) {
            list[i - from] = _all[i];
        }
    }

    // ------------------------------------------------------------------ settings

    /// @notice Timeout and minimum bond of the questions of markets created from now on.
    function setResolutionSettings(uint32 answerTimeout_, uint256 minBond_) external onlyOwner {
        _setResolutionSettings(answerTimeout_, minBond_);
    }

    function setMinFunding(uint256 minFunding_) external onlyOwner {
        _setMinFunding(minFunding_);
    }

    function _setResolutionSettings(uint32 answerTimeout_, uint256 minBond_) internal {
        // Reality.eth takes timeouts below 365 days; a bond of 0 would let an answer cost nothing.
        if (answerTimeout_ == 0 || answerTimeout_ >= 365 days || minBond_ == 0) revert MarketRegistryInvalidSettings();
        answerTimeout = answerTimeout_;
        minBond = minBond_;
        emit ResolutionSettingsSet(answerTimeout_, minBond_);
    }

    function _setMinFunding(uint256 minFunding_) internal {
        if (minFunding_ == 0) revert MarketRegistryInvalidSettings();
        minFunding = minFunding_;
        emit MinFundingSet(minFunding_);
    }
}
