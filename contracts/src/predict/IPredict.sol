// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";

// The subsets of the reused prediction-market contracts our glue calls. Those contracts are deployed
// from their published bytecode (Solidity 0.5.10 and 0.8.6), never compiled here:
// - Gnosis Conditional Tokens 1.0.3 (`@gnosis.pm/conditional-tokens-contracts`);
// - the Fixed Product Market Maker and its factory 1.8.1 (`@gnosis.pm/conditional-tokens-market-makers`,
//   vendored in contracts/vendor/gnosis-market-makers);
// - RealityETH_ERC20 3.0 (`@reality.eth/contracts`), with SOFI as its bond token.

interface IConditionalTokens {
    function prepareCondition(address oracle, bytes32 questionId, uint256 outcomeSlotCount) external;
    function reportPayouts(bytes32 questionId, uint256[] calldata payouts) external;
    function splitPosition(
        IERC20 collateralToken,
        bytes32 parentCollectionId,
        bytes32 conditionId,
        uint256[] calldata partition,
        uint256 amount
    ) external;
    function mergePositions(
        IERC20 collateralToken,
        bytes32 parentCollectionId,
        bytes32 conditionId,
        uint256[] calldata partition,
        uint256 amount
    ) external;
    function redeemPositions(
        IERC20 collateralToken,
        bytes32 parentCollectionId,
        bytes32 conditionId,
        uint256[] calldata indexSets
    ) external;
    function getOutcomeSlotCount(bytes32 conditionId) external view returns (uint256);
    function getConditionId(address oracle, bytes32 questionId, uint256 outcomeSlotCount)
        external
        pure
        returns (bytes32);
    function getCollectionId(bytes32 parentCollectionId, bytes32 conditionId, uint256 indexSet)
        external
        view
        returns (bytes32);
    function getPositionId(IERC20 collateralToken, bytes32 collectionId) external pure returns (uint256);
    function payoutNumerators(bytes32 conditionId, uint256 index) external view returns (uint256);
    function payoutDenominator(bytes32 conditionId) external view returns (uint256);
    function balanceOf(address owner, uint256 id) external view returns (uint256);
    function balanceOfBatch(address[] calldata owners, uint256[] calldata ids) external view returns (uint256[] memory);
    function setApprovalForAll(address operator, bool approved) external;
    function isApprovedForAll(address owner, address operator) external view returns (bool);
    function safeTransferFrom(address from, address to, uint256 id, uint256 value, bytes calldata data) external;
    function safeBatchTransferFrom(
        address from,
        address to,
        uint256[] calldata ids,
        uint256[] calldata values,
        bytes calldata data
    ) external;
}

/// One market: an ERC20 of liquidity shares (no name, symbol or decimals; 18 like its collateral).
interface IFixedProductMarketMaker {
    event FPMMFundingAdded(address indexed funder, uint256[] amountsAdded, uint256 sharesMinted);
    event FPMMFundingRemoved(
        address indexed funder, uint256[] amountsRemoved, uint256 collateralRemovedFromFeePool, uint256 sharesBurnt
    );
    event FPMMBuy(
        address indexed buyer,
        uint256 investmentAmount,
        uint256 feeAmount,
        uint256 indexed outcomeIndex,
        uint256 outcomeTokensBought
    );
    event FPMMSell(
        address indexed seller, uint256 returnAmount, uint256 feeAmount, uint256 indexed outcomeIndex, uint256 outcomeTokensSold
    );

    function conditionalTokens() external view returns (address);
    function collateralToken() external view returns (address);
    function conditionIds(uint256 index) external view returns (bytes32);
    function fee() external view returns (uint256);
    function totalSupply() external view returns (uint256);
    function balanceOf(address account) external view returns (uint256);
    function transfer(address to, uint256 amount) external returns (bool);
    function approve(address spender, uint256 amount) external returns (bool);
    function collectedFees() external view returns (uint256);
    function feesWithdrawableBy(address account) external view returns (uint256);
    function withdrawFees(address account) external;
    function addFunding(uint256 addedFunds, uint256[] calldata distributionHint) external;
    function removeFunding(uint256 sharesToBurn) external;
    function calcBuyAmount(uint256 investmentAmount, uint256 outcomeIndex) external view returns (uint256);
    function calcSellAmount(uint256 returnAmount, uint256 outcomeIndex) external view returns (uint256);
    function buy(uint256 investmentAmount, uint256 outcomeIndex, uint256 minOutcomeTokensToBuy) external;
    function sell(uint256 returnAmount, uint256 outcomeIndex, uint256 maxOutcomeTokensToSell) external;
}

interface IFixedProductMarketMakerFactory {
    event FixedProductMarketMakerCreation(
        address indexed creator,
        address fixedProductMarketMaker,
        address indexed conditionalTokens,
        address indexed collateralToken,
        bytes32[] conditionIds,
        uint256 fee
    );

    function createFixedProductMarketMaker(
        IConditionalTokens conditionalTokens,
        IERC20 collateralToken,
        bytes32[] calldata conditionIds,
        uint256 fee
    ) external returns (address);
}

/// RealityETH_ERC20 v3.0: bonds in `token()`; anyone answers with at least double the last bond until
/// the timeout after the last answer; the question's arbitrator may freeze it and answer for good.
interface IRealityETH {
    event LogNewAnswer(
        bytes32 answer,
        bytes32 indexed question_id,
        bytes32 history_hash,
        address indexed user,
        uint256 bond,
        uint256 ts,
        bool is_commitment
    );
    event LogNotifyOfArbitrationRequest(bytes32 indexed question_id, address indexed user);
    event LogFinalize(bytes32 indexed question_id, bytes32 indexed answer);

    function token() external view returns (IERC20);
    function askQuestionWithMinBondERC20(
        uint256 templateId,
        string calldata question,
        address arbitrator,
        uint32 timeout,
        uint32 openingTs,
        uint256 nonce,
        uint256 minBond,
        uint256 tokens
    ) external returns (bytes32);
    function submitAnswerERC20(bytes32 questionId, bytes32 answer, uint256 maxPrevious, uint256 tokens) external;
    function notifyOfArbitrationRequest(bytes32 questionId, address requester, uint256 maxPrevious) external;
    function cancelArbitration(bytes32 questionId) external;
    function submitAnswerByArbitrator(bytes32 questionId, bytes32 answer, address answerer) external;
    function assignWinnerAndSubmitAnswerByArbitrator(
        bytes32 questionId,
        bytes32 answer,
        address payeeIfWrong,
        bytes32 lastHistoryHash,
        bytes32 lastAnswerOrCommitmentId,
        address lastAnswerer
    ) external;
    function claimWinnings(
        bytes32 questionId,
        bytes32[] calldata historyHashes,
        address[] calldata addrs,
        uint256[] calldata bonds,
        bytes32[] calldata answers
    ) external;
    function withdraw() external;
    function balanceOf(address account) external view returns (uint256);
    function isFinalized(bytes32 questionId) external view returns (bool);
    function isPendingArbitration(bytes32 questionId) external view returns (bool);
    function resultFor(bytes32 questionId) external view returns (bytes32);
    function resultForOnceSettled(bytes32 questionId) external view returns (bytes32);
    function getBestAnswer(bytes32 questionId) external view returns (bytes32);
    function getBond(bytes32 questionId) external view returns (uint256);
    function getMinBond(bytes32 questionId) external view returns (uint256);
    function getFinalizeTS(bytes32 questionId) external view returns (uint32);
    function getOpeningTS(bytes32 questionId) external view returns (uint32);
    function getTimeout(bytes32 questionId) external view returns (uint32);
    function getArbitrator(bytes32 questionId) external view returns (address);
    function getHistoryHash(bytes32 questionId) external view returns (bytes32);
}
