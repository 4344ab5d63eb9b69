// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Governor} from "@openzeppelin/contracts/governance/Governor.sol";
import {IGovernor} from "@openzeppelin/contracts/governance/IGovernor.sol";
import {TimelockController} from "@openzeppelin/contracts/governance/TimelockController.sol";
import {GovernorTimelockControl} from "@openzeppelin/contracts/governance/extensions/GovernorTimelockControl.sol";
import {GovernorVotes} from "@openzeppelin/contracts/governance/extensions/GovernorVotes.sol";
import {IVotes} from "@openzeppelin/contracts/governance/utils/IVotes.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";
import {Checkpoints} from "@openzeppelin/contracts/utils/structs/Checkpoints.sol";

/// @title SofiGovernor
/// @notice SOFI governance (spec 002 §4): OpenZeppelin 5's Governor with token-checkpoint votes
///         (GovernorVotes over SOFI, timestamp clock), a timelock (GovernorTimelockControl), proposals
///         numbered 1, 2, 3... with their actions stored, so queue, execute and cancel take the id
///         (the spec's calls take ids, its list shows SOFIP-001; OZ's GovernorStorage and
///         GovernorSequentialProposalId do the same with more views than the 24 KB limit leaves room
///         for), and what the spec adds:
///         - the stake: proposing takes `proposalThresholdCount` SOFI (approved beforehand) into this
///           contract until voting ends; the proposer `claim`s it back once the status is above 2 and
///           gets it back at once on `cancel`;
///         - the publicity period: voting starts `globalPendingTime` after creation;
///         - the proposer's end time, within `minDuration` and `maxDuration` after the start;
///         - a fixed quorum of for-votes, `quorumVoteCount` (the value at the proposal's snapshot);
///         - the spec's status numbers 0-8 (`proposalStatus`): OZ's states 0-7, Expired (6) for a
///           queued proposal not executed within `GRACE_PERIOD` after its eta, Funded (8) for an
///           executed proposal whose actions paid out (a call with value, or an ERC-20 `transfer` of
///           a non-zero amount from the timelock);
///         - support is a boolean (0 against, 1 for; no abstain), a voter needs votes above 0 at the
///           snapshot, votes once and never changes it; a receipt keeps the choice and the weight;
///         - an admin ("governorship", the spec's contract governor/owner) who may change the settings
///           and the timelock, hand the role on in two steps or renounce it; governance itself may
///           do all of it too, so nothing depends on the admin staying.
///         Ballots are the voters' own EIP-712 signatures (`castVoteBySig`, OZ's Ballot with nonces):
///         votes are read from the token's checkpoints on chain, never attested by a signer, so the
///         spec's "signer" setting has no counterpart here.
contract SofiGovernor is Governor, GovernorVotes, GovernorTimelockControl {
    using SafeERC20 for IERC20;
    using Checkpoints for Checkpoints.Trace208;

    /// @notice A queued proposal not executed within this time after its eta expires (status 6).
    uint256 public constant GRACE_PERIOD = 14 days;
    /// @notice The voting period of `propose` without an end time (the spec's displayed 5 days),
    ///         kept within the current minimum and maximum durations.
    uint256 private constant DEFAULT_VOTING_PERIOD = 5 days;
    /// @notice Upper bound of the publicity period and of the voting durations (a typo guard).
    uint256 private constant MAX_SETTING_TIME = 365 days;

    /// @notice The spec's `proposals(id)`.
    struct ProposalInfo {
        uint256 id;
        address proposer;
        /// @dev The stake this proposal took (the threshold at its creation).
        uint256 proposalThresholdCount;
        uint256 eta;
        uint256 createTime;
        /// @dev When voting starts: the snapshot of everyone's votes (createTime + globalPendingTime).
        uint256 startTime;
        uint256 endTime;
        uint256 forVotes;
        uint256 againstVotes;
        /// @dev The block number of the creation.
        uint256 blockHeight;
        bool canceled;
        bool executed;
        bool withdrawn;
    }

    /// @notice The spec's `receipts(id, voter)`.
    struct Receipt {
        bool hasVoted;
        bool support;
        uint208 votes;
    }

    /// @dev What a proposal adds to OZ's core, in one slot.
    struct ProposalExtra {
        uint128 stake;
        uint48 createTime;
        uint48 blockHeight;
        bool withdrawn;
        bool paysOut;
    }

    struct Tally {
        uint256 forVotes;
        uint256 againstVotes;
    }

    /// @dev A proposal's actions, for the calls that take its id.
    struct Actions {
        address[] targets;
        uint256[] values;
        bytes[] calldatas;
        bytes32 descriptionHash;
    }

    IERC20 private immutable _sofi;

    address private _admin;
    address private _pendingAdmin;
    uint256 private _proposalThresholdCount;
    uint48 private _globalPendingTime;
    uint32 private _minDuration;
    uint32 private _maxDuration;
    Checkpoints.Trace208 private _quorumHistory;

    uint256 private _latestProposalId;
    mapping(uint256 proposalHash => uint256 proposalId) private _idOfHash;
    mapping(uint256 proposalId => Actions) private _actions;
    mapping(uint256 proposalId => ProposalExtra) private _extras;
    mapping(uint256 proposalId => Tally) private _tallies;
    mapping(uint256 proposalId => mapping(address voter => Receipt)) private _receipts;

    /// @dev The voting period of the proposal being created (its end time minus its start), else 0.
    uint32 private transient _proposingDuration;
    /// @dev Set while the admin calls OZ's governance-only `updateTimelock`.
    bool private transient _adminCall;

    /// @notice Emitted with ProposalCreated: the stake taken and the end time (ProposalCreated's voteEnd).
    event ProposalStaked(uint256 indexed proposalId, address indexed proposer, uint256 stake, uint256 endTime);
    /// @notice The proposer took the stake back after voting ended.
    event StakeClaimed(uint256 indexed proposalId, address indexed proposer, uint256 amount);
    /// @notice The stake went back to the proposer when they canceled.
    event StakeRefunded(uint256 indexed proposalId, address indexed proposer, uint256 amount);
    /// @notice Emitted with ProposalExecuted when the executed actions paid out (status 8).
    event ProposalFunded(uint256 indexed proposalId);
    event QuorumVoteCountSet(uint256 oldQuorumVoteCount, uint256 newQuorumVoteCount);
    event ProposalThresholdCountSet(uint256 oldProposalThresholdCount, uint256 newProposalThresholdCount);
    event MinDurationSet(uint256 oldMinDuration, uint256 newMinDuration);
    event MaxDurationSet(uint256 oldMaxDuration, uint256 newMaxDuration);
    event GlobalPendingTimeSet(uint256 oldGlobalPendingTime, uint256 newGlobalPendingTime);
    event GovernorshipTransferStarted(address indexed previousAdmin, address indexed newAdmin);
    event GovernorshipTransferred(address indexed previousAdmin, address indexed newAdmin);

    error SofiGovernorInvalidEndTime(uint256 endTime, uint256 earliest, uint256 latest);
    error SofiGovernorNoVotes(address voter);
    error SofiGovernorVoterNotAllowed(address voter);
    error SofiGovernorOnlyProposer(uint256 proposalId, address account);
    error SofiGovernorStakeWithdrawn(uint256 proposalId);
    error SofiGovernorStakeLocked(uint256 proposalId, uint8 status);
    error SofiGovernorInvalidQuorum(uint256 quorumVoteCount);
    error SofiGovernorInvalidThreshold(uint256 proposalThresholdCount);
    error SofiGovernorInvalidDurations(uint256 minDuration, uint256 maxDuration);
    error SofiGovernorInvalidPendingTime(uint256 globalPendingTime);
    error SofiGovernorNotPendingAdmin(address account);
    error SofiGovernorStakesNotRelayable();

    /// @param admin_ The first admin (the deployer); address(0) for none.
    constructor(
        IVotes sofi_,
        TimelockController timelock_,
        address admin_,
        uint256 quorumVoteCount_,
        uint256 proposalThresholdCount_,
        uint256 minDuration_,
        uint256 maxDuration_,
        uint256 globalPendingTime_
    ) Governor("SofiGovernor") GovernorVotes(sofi_) GovernorTimelockControl(timelock_) {
        _sofi = IERC20(address(sofi_));
        _admin = admin_;
        emit GovernorshipTransferred(address(0), admin_);
        _setQuorumVoteCount(quorumVoteCount_);
        _setProposalThresholdCount(proposalThresholdCount_);
        _setDurations(minDuration_, maxDuration_);
        _setGlobalPendingTime(globalPendingTime_);
    }

    // ------------------------------------------------------------------ proposing

    /// @notice Creates a proposal whose voting ends at `endTime` (seconds), taking the stake.
    ///         `description` is "# {title}\n\n{content}" (Tally's convention). Voting starts
    ///         `globalPendingTime` from now and must last `minDuration` to `maxDuration`.
    function propose(
        address[] memory targets,
        uint256[] memory values,
        bytes[] memory calldatas,
        string memory description,
        uint256 endTime
    ) public returns (uint256 proposalId) {
        uint256 start = clock() + votingDelay();
        uint256 earliest = start + _minDuration;
        uint256 latest = start + _maxDuration;
        if (endTime < earliest || endTime > latest) revert SofiGovernorInvalidEndTime(endTime, earliest, latest);
        // forge-lint: disable-next-line(unsafe-typecast) -- at most maxDuration, itself below 2^32
        _proposingDuration = uint32(endTime - start);
        proposalId = propose(targets, values, calldatas, description);
        _proposingDuration = 0;
    }

    /// @dev Numbers the proposal, stores its actions, records the stake, creation time and block and
    ///      whether the actions pay out; takes the stake.
    function _propose(
        address[] memory targets,
        uint256[] memory values,
        bytes[] memory calldatas,
        string memory description,
        address proposer
    ) internal override returns (uint256 proposalId) {
        bytes32 descriptionHash = keccak256(bytes(description));
        uint256 proposalHash = hashProposal(targets, values, calldatas, descriptionHash);
        // The same actions and description again keep their id: OZ then refuses them as existing.
        if (_idOfHash[proposalHash] == 0) _idOfHash[proposalHash] = ++_latestProposalId;
        proposalId = super._propose(targets, values, calldatas, description, proposer);
        _actions[proposalId] = Actions(targets, values, calldatas, descriptionHash);
        uint256 stake = _proposalThresholdCount;
        _extras[proposalId] = ProposalExtra({
            // forge-lint: disable-next-line(unsafe-typecast) -- the setter keeps it below 2^128
            stake: uint128(stake),
            createTime: SafeCast.toUint48(block.timestamp),
            blockHeight: SafeCast.toUint48(block.number),
            withdrawn: false,
            paysOut: _paysOut(values, calldatas)
        });
        emit ProposalStaked(proposalId, proposer, stake, proposalDeadline(proposalId));
        if (stake > 0) _sofi.safeTransferFrom(proposer, address(this), stake);
    }

    /// @notice The id of a proposal by its actions and description hash (ids are sequential).
    function getProposalId(
        address[] memory targets,
        uint256[] memory values,
        bytes[] memory calldatas,
        bytes32 descriptionHash
    ) public view override returns (uint256 proposalId) {
        proposalId = _idOfHash[hashProposal(targets, values, calldatas, descriptionHash)];
        if (proposalId == 0) revert GovernorNonexistentProposal(0);
    }

    /// @notice The last proposal's id: proposals are 1 to this.
    function latestProposalId() external view returns (uint256) {
        return _latestProposalId;
    }

    /// @notice Queues a succeeded proposal's actions on the timelock (eta = now + its delay).
    function queue(uint256 proposalId) external {
        Actions storage a = _actionsOf(proposalId);
        queue(a.targets, a.values, a.calldatas, a.descriptionHash);
    }

    /// @notice Executes a queued proposal through the timelock once its eta has come.
    function execute(uint256 proposalId) external payable {
        Actions storage a = _actionsOf(proposalId);
        execute(a.targets, a.values, a.calldatas, a.descriptionHash);
    }

    /// @notice The proposer cancels in review or while voting; the stake comes back at once.
    function cancel(uint256 proposalId) external {
        Actions storage a = _actionsOf(proposalId);
        cancel(a.targets, a.values, a.calldatas, a.descriptionHash);
    }

    function _actionsOf(uint256 proposalId) private view returns (Actions storage a) {
        a = _actions[proposalId];
        if (a.descriptionHash == 0) revert GovernorNonexistentProposal(proposalId);
    }

    /// @dev True when an action sends value or is an ERC-20 `transfer(address,uint256)` of a non-zero amount.
    function _paysOut(uint256[] memory values, bytes[] memory calldatas) private pure returns (bool) {
        for (uint256 i = 0; i < values.length; ++i) {
            if (values[i] > 0) return true;
            bytes memory data = calldatas[i];
            // forge-lint: disable-next-line(unsafe-typecast) -- the selector: the first 4 bytes
            if (data.length >= 68 && bytes4(data) == IERC20.transfer.selector) {
                uint256 amount;
                assembly ("memory-safe") {
                    amount := mload(add(data, 68))
                }
                if (amount > 0) return true;
            }
        }
        return false;
    }

    // ------------------------------------------------------------------ cancel and the stake

    /// @dev The proposer may cancel while the proposal is in review (0) or active (1).
    function _validateCancel(uint256 proposalId, address caller) internal view override returns (bool) {
        ProposalState current = state(proposalId);
        return (current == ProposalState.Pending || current == ProposalState.Active)
            && caller == proposalProposer(proposalId);
    }

    /// @dev Canceling gives the stake back at once (a canceled proposal is status 2, below claim's > 2).
    function _cancel(address[] memory targets, uint256[] memory values, bytes[] memory calldatas, bytes32 descriptionHash)
        internal
        override(Governor, GovernorTimelockControl)
        returns (uint256 proposalId)
    {
        proposalId = super._cancel(targets, values, calldatas, descriptionHash);
        if (!_extras[proposalId].withdrawn) _returnStake(proposalId, proposalProposer(proposalId), false);
    }

    /// @notice The proposer takes the stake back once voting has ended (status above 2). A proposal
    ///         whose timelock operation disappeared (status 2 without a cancel: the timelock was
    ///         replaced while it was queued) can be claimed too, so no stake is ever stuck.
    function claim(uint256 proposalId) external {
        address proposer = proposalProposer(proposalId);
        if (proposer == address(0)) revert GovernorNonexistentProposal(proposalId);
        if (_msgSender() != proposer) revert SofiGovernorOnlyProposer(proposalId, _msgSender());
        ProposalExtra storage extra = _extras[proposalId];
        if (extra.withdrawn) revert SofiGovernorStakeWithdrawn(proposalId);
        uint8 status = proposalStatus(proposalId);
        if (status < 2) revert SofiGovernorStakeLocked(proposalId, status);
        _returnStake(proposalId, proposer, true);
    }

    /// @dev Marks the stake withdrawn, then pays it back (StakeClaimed, or StakeRefunded at cancel).
    function _returnStake(uint256 proposalId, address proposer, bool claimed) private {
        ProposalExtra storage extra = _extras[proposalId];
        extra.withdrawn = true;
        uint256 amount = extra.stake;
        if (claimed) emit StakeClaimed(proposalId, proposer, amount);
        else emit StakeRefunded(proposalId, proposer, amount);
        if (amount > 0) _sofi.safeTransfer(proposer, amount);
    }

    // ------------------------------------------------------------------ states

    /// @notice OZ's state, plus Expired for a queued proposal past its eta + GRACE_PERIOD (execute
    ///         then reverts; only this governor may execute on the timelock).
    function state(uint256 proposalId)
        public
        view
        override(Governor, GovernorTimelockControl)
        returns (ProposalState)
    {
        ProposalState current = super.state(proposalId);
        if (current == ProposalState.Queued && block.timestamp > proposalEta(proposalId) + GRACE_PERIOD) {
            return ProposalState.Expired;
        }
        return current;
    }

    /// @notice The spec's status numbers: 0 review, 1 active, 2 canceled, 3 defeated, 4 succeeded,
    ///         5 queued, 6 expired, 7 executed, 8 funded (executed, and its actions paid out).
    function proposalStatus(uint256 proposalId) public view returns (uint8) {
        ProposalState current = state(proposalId);
        if (current == ProposalState.Executed && _extras[proposalId].paysOut) return 8;
        return uint8(current);
    }

    function _executeOperations(
        uint256 proposalId,
        address[] memory targets,
        uint256[] memory values,
        bytes[] memory calldatas,
        bytes32 descriptionHash
    ) internal override(Governor, GovernorTimelockControl) {
        super._executeOperations(proposalId, targets, values, calldatas, descriptionHash);
        if (_extras[proposalId].paysOut) emit ProposalFunded(proposalId);
    }

    // ------------------------------------------------------------------ counting (boolean support)

    // solhint-disable-next-line func-name-mixedcase
    function COUNTING_MODE() public pure override returns (string memory) {
        return "support=bravo&quorum=for";
    }

    function hasVoted(uint256 proposalId, address account) public view override returns (bool) {
        return _receipts[proposalId][account].hasVoted;
    }

    function _quorumReached(uint256 proposalId) internal view override returns (bool) {
        return quorum(proposalSnapshot(proposalId)) <= _tallies[proposalId].forVotes;
    }

    function _voteSucceeded(uint256 proposalId) internal view override returns (bool) {
        Tally storage t = _tallies[proposalId];
        return t.forVotes > t.againstVotes;
    }

    /// @dev Support 0 (against) or 1 (for); votes above 0 at the snapshot; once per voter. The
    ///      governor and its timelock never vote (their SOFI is stakes and the treasury).
    function _countVote(uint256 proposalId, address account, uint8 support, uint256 totalWeight, bytes memory)
        internal
        override
        returns (uint256)
    {
        if (support > 1) revert GovernorInvalidVoteType();
        if (totalWeight == 0) revert SofiGovernorNoVotes(account);
        if (account == address(this) || account == timelock()) revert SofiGovernorVoterNotAllowed(account);
        Receipt storage receipt = _receipts[proposalId][account];
        if (receipt.hasVoted) revert GovernorAlreadyCastVote(account);
        // forge-lint: disable-next-line(unsafe-typecast) -- votes come from the token's uint208 checkpoints
        _receipts[proposalId][account] = Receipt({hasVoted: true, support: support == 1, votes: uint208(totalWeight)});
        if (support == 1) _tallies[proposalId].forVotes += totalWeight;
        else _tallies[proposalId].againstVotes += totalWeight;
        return totalWeight;
    }

    // ------------------------------------------------------------------ the spec's reads

    function voteToken() external view returns (address) {
        return address(_sofi);
    }

    function proposalThresholdCount() external view returns (uint256) {
        return _proposalThresholdCount;
    }

    function minDuration() external view returns (uint256) {
        return _minDuration;
    }

    function maxDuration() external view returns (uint256) {
        return _maxDuration;
    }

    function globalPendingTime() external view returns (uint256) {
        return _globalPendingTime;
    }

    /// @notice The quorum of for-votes now (proposals use the value at their snapshot: `quorum`).
    function quorumVoteCount() external view returns (uint256) {
        return _quorumHistory.latest();
    }

    /// @notice The proposal as the spec's contract shows it (all zero for an unknown id).
    function proposals(uint256 proposalId) external view returns (ProposalInfo memory p) {
        p.id = proposalId;
        p.proposer = proposalProposer(proposalId);
        if (p.proposer == address(0)) return p;
        ProposalExtra memory extra = _extras[proposalId];
        Tally storage t = _tallies[proposalId];
        ProposalState current = state(proposalId);
        p.proposalThresholdCount = extra.stake;
        p.eta = proposalEta(proposalId);
        p.createTime = extra.createTime;
        p.startTime = proposalSnapshot(proposalId);
        p.endTime = proposalDeadline(proposalId);
        p.forVotes = t.forVotes;
        p.againstVotes = t.againstVotes;
        p.blockHeight = extra.blockHeight;
        p.canceled = current == ProposalState.Canceled;
        p.executed = current == ProposalState.Executed;
        p.withdrawn = extra.withdrawn;
    }

    function receipts(uint256 proposalId, address voter) external view returns (Receipt memory) {
        return _receipts[proposalId][voter];
    }

    // ------------------------------------------------------------------ settings

    /// @notice The publicity period before voting: `globalPendingTime`.
    function votingDelay() public view override returns (uint256) {
        return _globalPendingTime;
    }

    /// @notice The proposal being created's own period, else DEFAULT_VOTING_PERIOD within the limits.
    function votingPeriod() public view override returns (uint256) {
        uint256 proposing = _proposingDuration;
        if (proposing != 0) return proposing;
        uint256 period = DEFAULT_VOTING_PERIOD;
        if (period < _minDuration) return _minDuration;
        if (period > _maxDuration) return _maxDuration;
        return period;
    }

    /// @notice For-votes needed: `quorumVoteCount` as it was at `timepoint`.
    function quorum(uint256 timepoint) public view override returns (uint256) {
        return _quorumHistory.upperLookupRecent(SafeCast.toUint48(timepoint));
    }

    function proposalNeedsQueuing(uint256 proposalId)
        public
        view
        override(Governor, GovernorTimelockControl)
        returns (bool)
    {
        return super.proposalNeedsQueuing(proposalId);
    }

    // ------------------------------------------------------------------ admin (governorship)

    /// @notice The admin: the spec's contract governor/owner. address(0) once renounced.
    function admin() external view returns (address) {
        return _admin;
    }

    function pendingAdmin() external view returns (address) {
        return _pendingAdmin;
    }

    /// @dev The admin, or governance (a proposal executed through the timelock).
    modifier onlyAdminOrGovernance() {
        if (_msgSender() != _admin) _checkGovernance();
        _;
    }

    function setQuorumVoteCount(uint256 newQuorumVoteCount) external onlyAdminOrGovernance {
        _setQuorumVoteCount(newQuorumVoteCount);
    }

    function setProposalThresholdCount(uint256 newProposalThresholdCount) external onlyAdminOrGovernance {
        _setProposalThresholdCount(newProposalThresholdCount);
    }

    function setMinDuration(uint256 newMinDuration) external onlyAdminOrGovernance {
        _setDurations(newMinDuration, _maxDuration);
    }

    function setMaxDuration(uint256 newMaxDuration) external onlyAdminOrGovernance {
        _setDurations(_minDuration, newMaxDuration);
    }

    function setGlobalPendingTime(uint256 newGlobalPendingTime) external onlyAdminOrGovernance {
        _setGlobalPendingTime(newGlobalPendingTime);
    }

    /// @notice OZ's `updateTimelock` (governance only there), open to the admin too. Proposals
    ///         queued in the old timelock then read as canceled; their stakes stay claimable.
    function updateTimelock(TimelockController newTimelock) public override {
        if (_msgSender() == _admin) {
            _adminCall = true;
            super.updateTimelock(newTimelock);
            _adminCall = false;
        } else {
            super.updateTimelock(newTimelock);
        }
    }

    /// @notice Starts handing the admin role to `newAdmin`, who must accept it.
    function transferGovernorship(address newAdmin) external onlyAdminOrGovernance {
        _pendingAdmin = newAdmin;
        emit GovernorshipTransferStarted(_admin, newAdmin);
    }

    function acceptGovernorship() external {
        if (_msgSender() != _pendingAdmin) revert SofiGovernorNotPendingAdmin(_msgSender());
        _setAdmin(_pendingAdmin);
    }

    /// @notice Leaves the contract without an admin: from then on only governance changes settings.
    function renounceGovernorship() external onlyAdminOrGovernance {
        _setAdmin(address(0));
    }

    function _setAdmin(address newAdmin) private {
        emit GovernorshipTransferred(_admin, newAdmin);
        _admin = newAdmin;
        delete _pendingAdmin;
    }

    /// @notice OZ's `relay` (governance only), except to SOFI: the governor's SOFI is the proposers'
    ///         stakes, which no proposal may move, approve or delegate.
    function relay(address target, uint256 value, bytes calldata data) public payable override {
        if (target == address(_sofi)) revert SofiGovernorStakesNotRelayable();
        super.relay(target, value, data);
    }

    /// @dev Lets the admin through OZ's `onlyGovernance` for `updateTimelock` only (never `relay`).
    function _checkGovernance() internal override {
        if (_adminCall) return;
        super._checkGovernance();
    }

    function _setQuorumVoteCount(uint256 value) private {
        if (value == 0 || value > type(uint208).max) revert SofiGovernorInvalidQuorum(value);
        uint256 old = _quorumHistory.latest();
        // forge-lint: disable-next-line(unsafe-typecast) -- checked above
        _quorumHistory.push(clock(), uint208(value));
        emit QuorumVoteCountSet(old, value);
    }

    function _setProposalThresholdCount(uint256 value) private {
        if (value > type(uint128).max) revert SofiGovernorInvalidThreshold(value);
        emit ProposalThresholdCountSet(_proposalThresholdCount, value);
        _proposalThresholdCount = value;
    }

    function _setDurations(uint256 min_, uint256 max_) private {
        if (min_ == 0 || min_ > max_ || max_ > MAX_SETTING_TIME) revert SofiGovernorInvalidDurations(min_, max_);
        if (min_ != _minDuration) {
            emit MinDurationSet(_minDuration, min_);
            // forge-lint: disable-next-line(unsafe-typecast) -- at most MAX_SETTING_TIME
            _minDuration = uint32(min_);
        }
        if (max_ != _maxDuration) {
            emit MaxDurationSet(_maxDuration, max_);
            // forge-lint: disable-next-line(unsafe-typecast) -- at most MAX_SETTING_TIME
            _maxDuration = uint32(max_);
        }
    }

    function _setGlobalPendingTime(uint256 value) private {
        if (value > MAX_SETTING_TIME) revert SofiGovernorInvalidPendingTime(value);
        emit GlobalPendingTimeSet(_globalPendingTime, value);
        // forge-lint: disable-next-line(unsafe-typecast) -- at most MAX_SETTING_TIME
        _globalPendingTime = uint48(value);
    }

    // ------------------------------------------------------------------ OZ plumbing

    function _queueOperations(
        uint256 proposalId,
        address[] memory targets,
        uint256[] memory values,
        bytes[] memory calldatas,
        bytes32 descriptionHash
    ) internal override(Governor, GovernorTimelockControl) returns (uint48) {
        return super._queueOperations(proposalId, targets, values, calldatas, descriptionHash);
    }

    function _executor() internal view override(Governor, GovernorTimelockControl) returns (address) {
        return super._executor();
    }
}
