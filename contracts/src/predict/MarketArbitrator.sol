// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Ownable, Ownable2Step} from "@openzeppelin/contracts/access/Ownable2Step.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {IRealityETH} from "./IPredict.sol";

/// @title MarketArbitrator
/// @notice The Reality.eth arbitrator of every market question. Anyone disputes an answered, open
///         question by paying the dispute fee in SOFI (sent straight to the owner): Reality.eth then
///         freezes it (no more answers, no timeout) until the owner answers. The owner is governance's
///         timelock, so a proposal decides: `submitAnswer` names the answer and the last answer's history
///         entry, and Reality.eth credits the bonds to the last answerer when the answer stands, else to
///         whoever requested arbitration. `cancelArbitration` unfreezes the question (its timeout restarts).
/// @dev Holds no funds: the fee is forwarded in the same call. Implements the reads Reality.eth's
///      front ends expect of an arbitrator (`realitio`, `getDisputeFee`, `metadata`).
contract MarketArbitrator is Ownable2Step {
    using SafeERC20 for IERC20;

    IRealityETH public immutable realityEth;
    /// The token of the dispute fee (SOFI).
    IERC20 public immutable feeToken;
    uint256 public disputeFee;
    /// Reality.eth arbitrator metadata (JSON; empty by default).
    string public metadata;
    /// Who requested arbitration of each question (the payee when the last answer is wrong).
    mapping(bytes32 questionId => address) public requesters;

    event ArbitrationRequested(bytes32 indexed questionId, address indexed requester, uint256 fee);
    event ArbitrationAnswered(bytes32 indexed questionId, bytes32 answer, address payeeIfWrong);
    event ArbitrationCancelled(bytes32 indexed questionId);
    event DisputeFeeSet(uint256 fee);
    event MetadataSet(string metadata);

    error MarketArbitratorNoRequest(bytes32 questionId);

    constructor(IRealityETH realityEth_, IERC20 feeToken_, uint256 disputeFee_, address owner_) Ownable(owner_) {
        realityEth = realityEth_;
        feeToken = feeToken_;
        disputeFee = disputeFee_;
        emit DisputeFeeSet(disputeFee_);
    }

    /// @notice Reality.eth's name for the oracle contract.
    function realitio() external view returns (address) {
        return address(realityEth);
    }

    /// @notice The fee to dispute any question (Reality.eth's arbitrator interface).
    function getDisputeFee(bytes32) external view returns (uint256) {
        return disputeFee;
    }

    /// @notice Disputes `questionId`'s current answer: takes the dispute fee (approve SOFI to this
    ///         contract first) and freezes the question for the owner's answer. Reverts unless the
    ///         question is answered, open and, when `maxPrevious` is not 0, its bond is at most that.
    function requestArbitration(bytes32 questionId, uint256 maxPrevious) external {
        uint256 fee = disputeFee;
        if (fee > 0) feeToken.safeTransferFrom(msg.sender, owner(), fee);
        requesters[questionId] = msg.sender;
        realityEth.notifyOfArbitrationRequest(questionId, msg.sender, maxPrevious);
        emit ArbitrationRequested(questionId, msg.sender, fee);
    }

    /// @notice The owner's (a proposal's) final answer to a disputed question. `lastHistoryHash`,
    ///         `lastAnswer` and `lastAnswerer` describe the last `LogNewAnswer` (its history hash is the
    ///         one before it): Reality.eth checks them against the question's history.
    function submitAnswer(
        bytes32 questionId,
        bytes32 answer,
        bytes32 lastHistoryHash,
        bytes32 lastAnswer,
        address lastAnswerer
    ) external onlyOwner {
        address requester = requesters[questionId];
        if (requester == address(0)) revert MarketArbitratorNoRequest(questionId);
        realityEth.assignWinnerAndSubmitAnswerByArbitrator(
            questionId, answer, requester, lastHistoryHash, lastAnswer, lastAnswerer
        );
        emit ArbitrationAnswered(questionId, answer, requester);
    }

    /// @notice Declines a dispute: the question takes answers again and its timeout restarts.
    function cancelArbitration(bytes32 questionId) external onlyOwner {
        realityEth.cancelArbitration(questionId);
        emit ArbitrationCancelled(questionId);
    }

    function setDisputeFee(uint256 fee) external onlyOwner {
        disputeFee = fee;
        emit DisputeFeeSet(fee);
    }

    function setMetadata(string calldata metadata_) external onlyOwner {
        metadata = metadata_;
        emit MetadataSet(metadata_);
    }
}
