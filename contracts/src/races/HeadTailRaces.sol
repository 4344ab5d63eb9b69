// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Ownable2Step} from "@openzeppelin/contracts/access/Ownable2Step.sol";
import {IERC20Metadata} from "@openzeppelin/contracts/token/ERC20/extensions/IERC20Metadata.sol";
import {IRacePair, IRacePairFactory, RaceTwap} from "./RaceTwap.sol";

/// @title HeadTailRaces
/// @notice The Head and Tail races (spec 002 §1-§4): rounds whose prediction window is
///         [startPredict, endPredict), then "in the game" until endRound, then a result:
///         0 undecided, 1 head / team A, 2 tail / team B, 3 draw, 4 cancelled.
///         Every wallet predicts once per round: side 1 (head / team A) or 2 (tail / team B).
///
///         Two kinds of round, both created by the owner (the keeper account):
///         - price rounds (kind 1): a token against the quote token (USDT) on one Uniswap V2
///           factory's pair. The result is the token's price moving up (head) or down (tail) from
///           the start of the round to its end, each price a time-weighted average (TWAP) over the
///           `window` seconds before the moment, from the pair's cumulative prices: anyone can
///           check it on chain and one block's trade cannot move it by more than
///           `spike × blockTime / window`. The four observations (slots 0-3: the start window's
///           open and close, the end window's open and close) are recorded by `checkpoint`, which
///           anyone may call (the keeper does on time), each within half a window after its
///           moment (`startRound - window`, `startRound`, `endRound - window`, `endRound`); a
///           closing observation needs its opening one. Anyone settles after `endRound` (`settle`
///           takes the last observation when it is missing and still on time). A round with a
///           missed observation, or a pool without a price, is cancelled. Equal prices at 18
///           decimals are a draw.
///         - event rounds (kind 2): team A against team B; the owner settles them with the
///           operator's result (1, 2 or 3 after `endRound`; 4 at any time).
///         A round nobody joined is cancelled: anyone may settle it once its prediction window has
///         closed.
///         Points are the server's (off chain); `totalRewards` is a display figure set at creation
///         (the round's points pool).
// forge-lint: disable-start(block-timestamp) -- rounds are schedules: every comparison is with the
// block's time on purpose, and a validator's drift of seconds is far below any window.
contract HeadTailRaces is Ownable2Step {
    uint8 public constant KIND_PRICE = 1;
    uint8 public constant KIND_EVENT = 2;

    uint8 public constant SIDE_HEAD = 1;
    uint8 public constant SIDE_TAIL = 2;

    uint8 public constant RESULT_UNDECIDED = 0;
    uint8 public constant RESULT_HEAD = 1;
    uint8 public constant RESULT_TAIL = 2;
    uint8 public constant RESULT_DRAW = 3;
    uint8 public constant RESULT_CANCELLED = 4;

    /// @notice Why a round was cancelled (`RoundCancelled.reason`).
    uint8 public constant CANCEL_NOBODY_JOINED = 1;
    uint8 public constant CANCEL_OBSERVATION_MISSED = 2;
    uint8 public constant CANCEL_NO_PRICE = 3;
    uint8 public constant CANCEL_BY_OPERATOR = 4;

    /// @notice Observation slots of a price round.
    uint8 public constant SLOT_START_OPEN = 0;
    uint8 public constant SLOT_START_CLOSE = 1;
    uint8 public constant SLOT_END_OPEN = 2;
    uint8 public constant SLOT_END_CLOSE = 3;
    /// @notice `nextObservation`'s slot when no observation is left to take.
    uint8 public constant SLOT_NONE = 4;

    /// @notice Shortest averaging window (seconds).
    uint32 public constant MIN_WINDOW = 60;
    /// @notice Longest name or team name (bytes).
    uint256 public constant MAX_NAME_BYTES = 64;

    /// @notice The factory whose token/quote pairs price rounds read.
    IRacePairFactory public immutable pairFactory;
    /// @notice The token prices are quoted in (USDT).
    address public immutable quoteToken;
    uint8 private immutable _quoteDecimals;

    /// @dev One slot: what `predict` reads and writes.
    struct Schedule {
        uint40 startPredict;
        uint40 endPredict;
        uint40 startRound;
        uint40 endRound;
        uint8 kind;
        uint8 result;
        uint32 headCount;
        uint32 tailCount;
    }

    /// @dev A price round's pair and observations.
    struct Feed {
        // slot 0
        address pair;
        bool tokenIsToken0;
        uint8 tokenDecimals;
        uint32 window;
        /// Bit `s` set: slot `s` recorded.
        uint8 observed;
        // slot 1
        address token;
        // slot 2
        uint40[4] observedAt;
        // slots 3-4: the cumulative at each window's opening observation
        uint256 startOpenCumulative;
        uint256 endOpenCumulative;
        // slots 5-6: the windows' averages, quote per whole token with 18 decimals
        uint256 startPrice;
        uint256 endPrice;
    }

    struct Texts {
        string name;
        string teamA;
        string teamB;
    }

    /// @notice Everything about a round in one read (`roundInfo`).
    struct RoundInfo {
        uint256 roundId;
        uint8 kind;
        uint8 result;
        string name;
        string teamA;
        string teamB;
        uint64 startPredict;
        uint64 endPredict;
        uint64 startRound;
        uint64 endRound;
        uint256 totalRewards;
        uint256 joined;
        uint256 headCount;
        uint256 tailCount;
        address token;
        address pair;
        uint32 window;
        uint8 observed;
        uint64[4] observedAt;
        uint256 startPrice;
        uint256 endPrice;
    }

    /// @notice The latest round's id (rounds are 1, 2, 3...; 0 before the first).
    uint256 public currentRoundId;

    mapping(uint256 roundId => Schedule) private _schedules;
    mapping(uint256 roundId => uint256) private _totalRewards;
    mapping(uint256 roundId => Texts) private _texts;
    mapping(uint256 roundId => Feed) private _feeds;

    /// @notice The price round of a token over a period (keccak256 of token, startRound, endRound),
    ///         0 when none: a second opening of the same race (a keeper's resend, two keepers for a
    ///         moment) is refused rather than splitting its players over two rounds.
    mapping(bytes32 race => uint256 roundId) public priceRoundOf;

    /// @notice A wallet's side in a round: 0 none, 1 head / team A, 2 tail / team B.
    mapping(uint256 roundId => mapping(address account => uint8 side)) public predicts;

    /// @notice A new round. Price rounds: `token`, `pair` and `window` set, teams empty. Event
    ///         rounds: teams set, `token` and `pair` zero, `window` 0.
    event RoundCreated(
        uint256 indexed roundId,
        uint8 indexed kind,
        string name,
        address token,
        address pair,
        string teamA,
        string teamB,
        uint64 startPredict,
        uint64 endPredict,
        uint64 startRound,
        uint64 endRound,
        uint32 window,
        uint256 totalRewards
    );
    /// @notice A prediction: side 1 head / team A, 2 tail / team B.
    event Predicted(uint256 indexed roundId, address indexed account, uint8 side);
    /// @notice A price round's observation: the token's cumulative price (UQ112x112 seconds) at
    ///         `timestamp`; for the closing slots (1, 3) `price` is the window's average (quote per
    ///         whole token, 18 decimals), else 0.
    event RoundObserved(uint256 indexed roundId, uint8 slot, uint256 priceCumulative, uint64 timestamp, uint256 price);
    /// @notice Every settlement, cancellations included. Prices as in `RoundObserved` (0 where
    ///         unknown; always 0 for event rounds).
    event RoundSettled(uint256 indexed roundId, uint8 result, uint256 startPrice, uint256 endPrice);
    /// @notice Beside `RoundSettled` when the result is 4: reason 1 nobody joined, 2 an observation
    ///         was missed, 3 the pool had no price, 4 the operator cancelled the event.
    event RoundCancelled(uint256 indexed roundId, uint8 reason);

    error ZeroAddress();
    error InvalidQuoteDecimals(uint8 decimals);
    error InvalidTimes();
    error InvalidWindow(uint32 window);
    error InvalidName();
    error UnknownPair(address token);
    error InvalidTokenDecimals(uint8 decimals);
    error UnknownRound(uint256 roundId);
    error NotPriceRound(uint256 roundId);
    error NotEventRound(uint256 roundId);
    error AlreadySettled(uint256 roundId);
    error NotSettleable(uint256 roundId);
    error InvalidResult(uint8 result);
    error NothingToObserve(uint256 roundId);
    error DuplicateRound(uint256 roundId);

    constructor(address initialOwner, address pairFactory_, address quoteToken_) Ownable(initialOwner) {
        if (pairFactory_ == address(0) || quoteToken_ == address(0)) revert ZeroAddress();
        uint8 decimals = IERC20Metadata(quoteToken_).decimals();
        if (decimals > 18) revert InvalidQuoteDecimals(decimals);
        pairFactory = IRacePairFactory(pairFactory_);
        quoteToken = quoteToken_;
        _quoteDecimals = decimals;
    }

    // ---------------------------------------------------------------- owner: create and settle

    /// @notice An event round: team A against team B. Times in unix seconds:
    ///         startPredict < endPredict <= startRound < endRound, endPredict in the future.
    function newRound(
        string calldata name,
        string calldata teamA,
        string calldata teamB,
        uint64 startPredict,
        uint64 endPredict,
        uint64 startRound,
        uint64 endRound,
        uint256 totalRewards
    ) external onlyOwner returns (uint256 roundId) {
        _checkName(name);
        _checkName(teamA);
        _checkName(teamB);
        roundId = _create(KIND_EVENT, startPredict, endPredict, startRound, endRound, totalRewards);
        _texts[roundId] = Texts(name, teamA, teamB);
        _announce(roundId);
    }

    /// @notice A price round of `token` against the quote token on the factory's pair, averaging
    ///         over `window` seconds (MIN_WINDOW to endRound - startRound) before the start and the
    ///         end; the start window must not have begun (startRound - window >= now).
    function newPriceRound(
        string calldata name,
        address token,
        uint64 startPredict,
        uint64 endPredict,
        uint64 startRound,
        uint64 endRound,
        uint32 window,
        uint256 totalRewards
    ) external onlyOwner returns (uint256 roundId) {
        _checkName(name);
        if (window < MIN_WINDOW || endRound < startRound || window > endRound - startRound) {
            revert InvalidWindow(window);
        }
        if (startRound < block.timestamp + window) revert InvalidWindow(window);
        address pair = token == quoteToken ? address(0) : pairFactory.getPair(token, quoteToken);
        if (pair == address(0)) revert UnknownPair(token);
        uint8 decimals = IERC20Metadata(token).decimals();
        if (decimals > 18) revert InvalidTokenDecimals(decimals);
        bytes32 race = keccak256(abi.encode(token, startRound, endRound));
        if (priceRoundOf[race] != 0) revert DuplicateRound(priceRoundOf[race]);
        roundId = _create(KIND_PRICE, startPredict, endPredict, startRound, endRound, totalRewards);
        priceRoundOf[race] = roundId;
        _texts[roundId].name = name;
        Feed storage f = _feeds[roundId];
        f.pair = pair;
        f.tokenIsToken0 = IRacePair(pair).token0() == token;
        f.tokenDecimals = decimals;
        f.window = window;
        f.token = token;
        _announce(roundId);
    }

    /// @notice Settles an event round with the operator's result: 1 team A won, 2 team B won,
    ///         3 draw (from endRound on), 4 cancelled (at any time). A round nobody joined is
    ///         cancelled whatever the result given.
    function settleEvent(uint256 roundId, uint8 result) external onlyOwner {
        Schedule storage s = _schedules[roundId];
        if (s.kind == 0) revert UnknownRound(roundId);
        if (s.kind != KIND_EVENT) revert NotEventRound(roundId);
        if (s.result != RESULT_UNDECIDED) revert AlreadySettled(roundId);
        if (result == RESULT_UNDECIDED || result > RESULT_CANCELLED) revert InvalidResult(result);
        if (result == RESULT_CANCELLED) {
            _cancel(roundId, s, s.headCount + s.tailCount == 0 ? CANCEL_NOBODY_JOINED : CANCEL_BY_OPERATOR, 0, 0);
            return;
        }
        if (block.timestamp < s.endRound) revert NotSettleable(roundId);
        if (s.headCount + s.tailCount == 0) {
            _cancel(roundId, s, CANCEL_NOBODY_JOINED, 0, 0);
            return;
        }
        s.result = result;
        emit RoundSettled(roundId, result, 0, 0);
    }

    // ---------------------------------------------------------------- everyone

    /// @notice Predicts `side` (1 head / team A, 2 tail / team B) in a round whose prediction window
    ///         [startPredict, endPredict) is open; once per wallet per round.
    function predict(uint256 roundId, uint8 side) external {
        Schedule memory s = _schedules[roundId];
        if (block.timestamp < s.startPredict || block.timestamp >= s.endPredict || s.result != RESULT_UNDECIDED) {
            revert("Round not predictable");
        }
        if (side != SIDE_HEAD && side != SIDE_TAIL) revert("Invalid side");
        mapping(address => uint8) storage mine = predicts[roundId];
        if (mine[msg.sender] != 0) revert("Already predicted");
        mine[msg.sender] = side;
        if (side == SIDE_HEAD) _schedules[roundId].headCount = s.headCount + 1;
        else _schedules[roundId].tailCount = s.tailCount + 1;
        emit Predicted(roundId, msg.sender, side);
    }

    /// @notice Records every observation of a price round that is due now (see the contract's
    ///         notice); reverts `NothingToObserve` when none is.
    function checkpoint(uint256 roundId) external {
        Schedule memory s = _schedules[roundId];
        if (s.kind == 0) revert UnknownRound(roundId);
        if (s.kind != KIND_PRICE) revert NotPriceRound(roundId);
        if (s.result != RESULT_UNDECIDED) revert AlreadySettled(roundId);
        if (!_observe(roundId, s)) revert NothingToObserve(roundId);
    }

    /// @notice Settles a round anyone may settle: a price round from endRound on (taking the last
    ///         observation when it is missing and on time), or any round nobody joined once its
    ///         prediction window has closed (cancelled).
    function settle(uint256 roundId) external {
        Schedule memory s = _schedules[roundId];
        if (s.kind == 0) revert UnknownRound(roundId);
        if (s.result != RESULT_UNDECIDED) revert AlreadySettled(roundId);
        Schedule storage stored = _schedules[roundId];
        if (s.headCount + s.tailCount == 0 && block.timestamp >= s.endPredict) {
            _cancel(roundId, stored, CANCEL_NOBODY_JOINED, 0, 0);
            return;
        }
        if (s.kind != KIND_PRICE || block.timestamp < s.endRound) revert NotSettleable(roundId);
        _observe(roundId, s);
        Feed storage f = _feeds[roundId];
        (uint256 startPrice, uint256 endPrice) = (f.startPrice, f.endPrice);
        if (f.observed != 15) {
            _cancel(roundId, stored, CANCEL_OBSERVATION_MISSED, startPrice, endPrice);
        } else if (startPrice == 0 || endPrice == 0) {
            _cancel(roundId, stored, CANCEL_NO_PRICE, startPrice, endPrice);
        } else {
            uint8 result = endPrice > startPrice ? RESULT_HEAD : endPrice < startPrice ? RESULT_TAIL : RESULT_DRAW;
            stored.result = result;
            emit RoundSettled(roundId, result, startPrice, endPrice);
        }
    }

    // ---------------------------------------------------------------- views

    /// @notice The spec's on-chain round: name, startPredict, endPredict, startRound, endRound,
    ///         totalRewards, joined (predictions so far).
    function rounds(uint256 roundId)
        external
        view
        returns (
            string memory name,
            uint64 startPredict,
            uint64 endPredict,
            uint64 startRound,
            uint64 endRound,
            uint256 totalRewards,
            uint256 joined
        )
    {
        Schedule memory s = _schedules[roundId];
        return (
            _texts[roundId].name,
            s.startPredict,
            s.endPredict,
            s.startRound,
            s.endRound,
            _totalRewards[roundId],
            uint256(s.headCount) + s.tailCount
        );
    }

    /// @notice Everything about a round (zeros for an unknown id).
    function roundInfo(uint256 roundId) external view returns (RoundInfo memory info) {
        Schedule memory s = _schedules[roundId];
        Texts storage t = _texts[roundId];
        Feed storage f = _feeds[roundId];
        info.roundId = roundId;
        info.kind = s.kind;
        info.result = s.result;
        info.name = t.name;
        info.teamA = t.teamA;
        info.teamB = t.teamB;
        info.startPredict = s.startPredict;
        info.endPredict = s.endPredict;
        info.startRound = s.startRound;
        info.endRound = s.endRound;
        info.totalRewards = _totalRewards[roundId];
        info.joined = uint256(s.headCount) + s.tailCount;
        info.headCount = s.headCount;
        info.tailCount = s.tailCount;
        info.token = f.token;
        info.pair = f.pair;
        info.window = f.window;
        info.observed = f.observed;
        for (uint256 i = 0; i < 4; ++i) {
            info.observedAt[i] = f.observedAt[i];
        }
        info.startPrice = f.startPrice;
        info.endPrice = f.endPrice;
    }

    /// @notice A price round's next observation to take: its slot and the times it may be taken
    ///         in, [from, until] inclusive; SLOT_NONE (with zeros) when none is left (all taken, one
    ///         missed, or the round is settled or not a price round).
    function nextObservation(uint256 roundId) external view returns (uint8 slot, uint64 from, uint64 until) {
        Schedule memory s = _schedules[roundId];
        if (s.kind != KIND_PRICE || s.result != RESULT_UNDECIDED) return (SLOT_NONE, 0, 0);
        Feed storage f = _feeds[roundId];
        uint8 observed = f.observed;
        for (uint8 i = 0; i < 4; ++i) {
            if ((observed >> i) & 1 != 0) continue;
            (uint256 at, uint256 until_) = _slotTimes(s, f.window, i);
            if (block.timestamp > until_) return (SLOT_NONE, 0, 0);
            // forge-lint: disable-next-line(unsafe-typecast) -- below 2^40 + 2^31: the times are uint40
            return (i, uint64(at), uint64(until_));
        }
        return (SLOT_NONE, 0, 0);
    }

    /// @notice Whether `settle(roundId)` would settle the round now.
    function settleable(uint256 roundId) external view returns (bool) {
        Schedule memory s = _schedules[roundId];
        if (s.kind == 0 || s.result != RESULT_UNDECIDED) return false;
        if (s.headCount + s.tailCount == 0 && block.timestamp >= s.endPredict) return true;
        return s.kind == KIND_PRICE && block.timestamp >= s.endRound;
    }

    /// @notice A price round's token price now: the pair's spot price (quote per whole token, 18
    ///         decimals). For display only: a result never reads it.
    function spotPrice(uint256 roundId) external view returns (uint256) {
        Feed storage f = _feeds[roundId];
        if (f.pair == address(0)) return 0;
        (uint112 r0, uint112 r1,) = IRacePair(f.pair).getReserves();
        (uint256 rToken, uint256 rQuote) = f.tokenIsToken0 ? (uint256(r0), uint256(r1)) : (uint256(r1), uint256(r0));
        if (rToken == 0) return 0;
        return RaceTwap.toPrice18((rQuote << 112) / rToken, f.tokenDecimals, _quoteDecimals);
    }

    // ---------------------------------------------------------------- internals

    function _create(
        uint8 kind,
        uint64 startPredict,
        uint64 endPredict,
        uint64 startRound,
        uint64 endRound,
        uint256 totalRewards
    ) private returns (uint256 roundId) {
        if (
            startPredict >= endPredict || endPredict > startRound || startRound >= endRound
                || endRound > type(uint40).max || endPredict <= block.timestamp
        ) revert InvalidTimes();
        roundId = ++currentRoundId;
        // The times are ordered and endRound fits 40 bits (checked above): so do they all.
        _schedules[roundId] = Schedule({
            // forge-lint: disable-next-line(unsafe-typecast)
            startPredict: uint40(startPredict),
            // forge-lint: disable-next-line(unsafe-typecast)
            endPredict: uint40(endPredict),
            // forge-lint: disable-next-line(unsafe-typecast)
            startRound: uint40(startRound),
            // forge-lint: disable-next-line(unsafe-typecast)
            endRound: uint40(endRound),
            kind: kind,
            result: RESULT_UNDECIDED,
            headCount: 0,
            tailCount: 0
        });
        if (totalRewards != 0) _totalRewards[roundId] = totalRewards;
    }

    /// @dev RoundCreated, read back from storage (every argument straight from its slot keeps the
    ///      stack within reach).
    function _announce(uint256 roundId) private {
        emit RoundCreated(
            roundId,
            _schedules[roundId].kind,
            _texts[roundId].name,
            _feeds[roundId].token,
            _feeds[roundId].pair,
            _texts[roundId].teamA,
            _texts[roundId].teamB,
            _schedules[roundId].startPredict,
            _schedules[roundId].endPredict,
            _schedules[roundId].startRound,
            _schedules[roundId].endRound,
            _feeds[roundId].window,
            _totalRewards[roundId]
        );
    }

    function _checkName(string calldata name) private pure {
        uint256 n = bytes(name).length;
        if (n == 0 || n > MAX_NAME_BYTES) revert InvalidName();
    }

    /// @dev The moment of slot `i` and the last second it may be recorded (half a window later).
    function _slotTimes(Schedule memory s, uint32 window, uint8 i) private pure returns (uint256 at, uint256 until) {
        if (i == SLOT_START_OPEN) at = uint256(s.startRound) - window;
        else if (i == SLOT_START_CLOSE) at = s.startRound;
        else if (i == SLOT_END_OPEN) at = uint256(s.endRound) - window;
        else at = s.endRound;
        until = at + window / 2;
    }

    /// @dev Records, in slot order, every observation due now whose window's opening (for a
    ///      closing slot) was recorded; true when it recorded one.
    function _observe(uint256 roundId, Schedule memory s) private returns (bool any) {
        Feed storage f = _feeds[roundId];
        uint8 observed = f.observed;
        uint32 window = f.window;
        uint256 cumulative;
        bool read;
        for (uint8 i = 0; i < 4; ++i) {
            if ((observed >> i) & 1 != 0) continue;
            (uint256 at, uint256 until) = _slotTimes(s, window, i);
            if (block.timestamp < at || block.timestamp > until) continue;
            if ((i == SLOT_START_CLOSE || i == SLOT_END_CLOSE) && (observed >> (i - 1)) & 1 == 0) continue;
            if (!read) {
                cumulative = RaceTwap.currentCumulative(f.pair, f.tokenIsToken0);
                read = true;
            }
            uint256 price;
            if (i == SLOT_START_OPEN) {
                f.startOpenCumulative = cumulative;
            } else if (i == SLOT_END_OPEN) {
                f.endOpenCumulative = cumulative;
            } else {
                uint256 opened = f.observedAt[i - 1];
                uint256 openCumulative = i == SLOT_START_CLOSE ? f.startOpenCumulative : f.endOpenCumulative;
                price = RaceTwap.toPrice18(
                    RaceTwap.average(openCumulative, cumulative, block.timestamp - opened),
                    f.tokenDecimals,
                    _quoteDecimals
                );
                if (i == SLOT_START_CLOSE) f.startPrice = price;
                else f.endPrice = price;
            }
            // forge-lint: disable-next-line(unsafe-typecast) -- block times fit 40 bits until year 36812
            f.observedAt[i] = uint40(block.timestamp);
            // forge-lint: disable-next-line(incorrect-shift) -- the bit of slot i
            observed |= uint8(1 << i);
            any = true;
            emit RoundObserved(roundId, i, cumulative, uint64(block.timestamp), price);
        }
        if (any) f.observed = observed;
    }

    function _cancel(uint256 roundId, Schedule storage s, uint8 reason, uint256 startPrice, uint256 endPrice) private {
        s.result = RESULT_CANCELLED;
        emit RoundSettled(roundId, RESULT_CANCELLED, startPrice, endPrice);
        emit RoundCancelled(roundId, reason);
    }
}
// forge-lint: disable-end(block-timestamp)
