// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IConditionalTokens, IRealityETH} from "./IPredict.sol";

/// @title MarketOracle
/// @notice The Conditional Tokens oracle of every market: it reports a Reality.eth question's final
///         answer as the payouts of the condition prepared with this contract as oracle and the
///         question's id as question id (Omen's RealitioProxy is the model). Anyone may call `resolve`
///         once Reality.eth has a final answer; until then it reverts, so no condition can resolve
///         before its question opens (the market's resolution time), its answer's timeout passes, or
///         the arbitrator answers a disputed question.
/// @dev Binary single-select questions (Reality.eth template 2): answer 0 pays outcome 0, answer 1
///      outcome 1; Reality.eth's "invalid" (all ones) and any other value pay both halves, so a final
///      answer always resolves the market instead of leaving it stuck. An answer settled "too soon"
///      (Reality.eth's UNRESOLVED_ANSWER) reverts until the question is reopened and that answer is final
///      (`resultForOnceSettled`).
contract MarketOracle {
    /// Reality.eth's answer for "invalid".
    bytes32 public constant INVALID_ANSWER = bytes32(type(uint256).max);
    uint256 public constant OUTCOME_SLOT_COUNT = 2;

    IConditionalTokens public immutable conditionalTokens;
    IRealityETH public immutable realityEth;

    /// @notice `payouts` were reported for `questionId` from its final `answer`.
    event MarketResolved(bytes32 indexed questionId, bytes32 indexed conditionId, bytes32 answer, uint256[] payouts);

    constructor(IConditionalTokens conditionalTokens_, IRealityETH realityEth_) {
        conditionalTokens = conditionalTokens_;
        realityEth = realityEth_;
    }

    /// @notice Reports the final answer of `questionId` to the Conditional Tokens. Reverts while the
    ///         question has no final answer, and once the condition is resolved.
    function resolve(bytes32 questionId) external {
        bytes32 answer = realityEth.resultForOnceSettled(questionId);
        uint256[] memory payouts = payoutsFor(answer);
        conditionalTokens.reportPayouts(questionId, payouts);
        emit MarketResolved(
            questionId, conditionalTokens.getConditionId(address(this), questionId, OUTCOME_SLOT_COUNT), answer, payouts
        );
    }

    /// @notice The payout numerators for a final answer: [1, 0], [0, 1], or [1, 1] (invalid).
    function payoutsFor(bytes32 answer) public pure returns (uint256[] memory payouts) {
        payouts = new uint256[](OUTCOME_SLOT_COUNT);
        uint256 a = uint256(answer);
        if (a < OUTCOME_SLOT_COUNT) {
            payouts[a] = 1;
        } else {
            payouts[0] = 1;
            payouts[1] = 1;
        }
    }
}
