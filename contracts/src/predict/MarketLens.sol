// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {IConditionalTokens, IFixedProductMarketMaker, IRealityETH} from "./IPredict.sol";
import {MarketMath} from "./MarketMath.sol";
import {MarketRegistry} from "./MarketRegistry.sol";

/// @title MarketLens
/// @notice Read-only answers about the registry's markets, one call each: a market's whole state
///         (`getMarketState`, or many at once), a user's holdings (`getUserState`), and the spec's market
///         reads by their names (`getConditionalTokenAddress`, `calcTokenPrice`, `getPoolBalances`,
///         `getTotalSupply`, `getFee`, `calcBuyAmount`, `calcSellAmount`), plus the bounds a trade
///         passes to the FPMM: `buyBounds` (minOutcomeTokensToBuy) and `sellBounds` (returnAmount for
///         maxOutcomeTokensToSell), never 0.
/// @dev Status numbers: 0 open (before the resolution time), 1 closed and awaiting an answer, 2
///      answered (the answer's timeout is running), 3 disputed (awaiting the arbitrator), 4 final answer
///      not reported yet (anyone may call MarketOracle.resolve), 5 resolved (payouts reported: redeem).
contract MarketLens {
    uint8 public constant STATUS_OPEN = 0;
    uint8 public constant STATUS_CLOSED = 1;
    uint8 public constant STATUS_ANSWERED = 2;
    uint8 public constant STATUS_ARBITRATION = 3;
    uint8 public constant STATUS_FINALIZED = 4;
    uint8 public constant STATUS_RESOLVED = 5;

    MarketRegistry public immutable registry;
    IConditionalTokens public immutable conditionalTokens;
    IRealityETH public immutable realityEth;
    IERC20 public immutable collateral;

    struct MarketState {
        address market;
        address conditionalTokens;
        address collateral;
        bytes32 questionId;
        bytes32 conditionId;
        uint256[2] positionIds;
        uint256 resolutionTime;
        /// 1e18 = 100 %.
        uint256 fee;
        /// Liquidity shares.
        uint256 totalSupply;
        /// Outcome tokens the pool holds.
        uint256[2] poolBalances;
        /// Spot prices, 1e18 = 1 SOFI; they sum to 1e18.
        uint256[2] prices;
        /// Fees collected for liquidity providers and not withdrawn yet.
        uint256 collectedFees;
        uint8 status;
        /// The current (or final) answer: 0 outcome 0, 1 outcome 1, all ones invalid; 0 while unanswered.
        bytes32 answer;
        /// The bond of the current answer (0 while unanswered).
        uint256 bond;
        /// When the current answer becomes final (0 while unanswered).
        uint256 finalizeTime;
        uint256 minBond;
        uint256[2] payoutNumerators;
        uint256 payoutDenominator;
    }

    struct UserState {
        /// Outcome tokens held.
        uint256[2] balances;
        /// Liquidity shares held.
        uint256 shares;
        uint256 feesWithdrawable;
        /// SOFI held and approved to the market.
        uint256 collateralBalance;
        uint256 collateralAllowance;
        /// Whether the market may take the user's outcome tokens (needed to sell).
        bool approvedForAll;
        /// SOFI that `redeemPositions` pays now (0 until resolved).
        uint256 redeemable;
    }

    constructor(MarketRegistry registry_) {
        registry = registry_;
        conditionalTokens = registry_.conditionalTokens();
        realityEth = registry_.realityEth();
        collateral = registry_.collateral();
    }

    // ------------------------------------------------------------------ whole states

    function getMarketState(address market) public view returns (MarketState memory s) {
        MarketRegistry.Market memory m = registry.getMarket(market);
        IFixedProductMarketMaker fpmm = IFixedProductMarketMaker(market);
        s.market = market;
        s.conditionalTokens = address(conditionalTokens);
        s.collateral = address(collateral);
        s.questionId = m.questionId;
        s.conditionId = m.conditionId;
        s.positionIds = m.positionIds;
        s.resolutionTime = m.resolutionTime;
        s.fee = fpmm.fee();
        s.totalSupply = fpmm.totalSupply();
        s.poolBalances = _poolBalances(market, m.positionIds);
        (s.prices[0], s.prices[1]) = MarketMath.prices(s.poolBalances[0], s.poolBalances[1]);
        s.collectedFees = fpmm.collectedFees();
        s.bond = realityEth.getBond(m.questionId);
        s.minBond = realityEth.getMinBond(m.questionId);
        s.finalizeTime = realityEth.getFinalizeTS(m.questionId);
        if (s.bond > 0 || s.finalizeTime > 0) s.answer = realityEth.getBestAnswer(m.questionId);
        s.payoutDenominator = conditionalTokens.payoutDenominator(m.conditionId);
        if (s.payoutDenominator > 0) {
            s.payoutNumerators[0] = conditionalTokens.payoutNumerators(m.conditionId, 0);
            s.payoutNumerators[1] = conditionalTokens.payoutNumerators(m.conditionId, 1);
        }
        s.status = _status(s, realityEth.isPendingArbitration(m.questionId));
    }

    function getMarketStates(address[] calldata markets) external view returns (MarketState[] memory states) {
        states = new MarketState[](markets.length);
        for (uint256 i = 0; i < markets.length; ++i) {
            states[i] = getMarketState(markets[i]);
        }
    }

    function getUserState(address market, address user) external view returns (UserState memory u) {
        MarketRegistry.Market memory m = registry.getMarket(market);
        IFixedProductMarketMaker fpmm = IFixedProductMarketMaker(market);
        u.balances[0] = conditionalTokens.balanceOf(user, m.positionIds[0]);
        u.balances[1] = conditionalTokens.balanceOf(user, m.positionIds[1]);
        u.shares = fpmm.balanceOf(user);
        u.feesWithdrawable = fpmm.totalSupply() == 0 ? 0 : fpmm.feesWithdrawableBy(user);
        u.collateralBalance = collateral.balanceOf(user);
        u.collateralAllowance = collateral.allowance(user, market);
        u.approvedForAll = conditionalTokens.isApprovedForAll(user, market);
        uint256 den = conditionalTokens.payoutDenominator(m.conditionId);
        if (den > 0) {
            u.redeemable = (u.balances[0] * conditionalTokens.payoutNumerators(m.conditionId, 0)
                    + u.balances[1] * conditionalTokens.payoutNumerators(m.conditionId, 1)) / den;
        }
    }

    function _status(MarketState memory s, bool pendingArbitration) internal view returns (uint8) {
        if (s.payoutDenominator > 0) return STATUS_RESOLVED;
        if (pendingArbitration) return STATUS_ARBITRATION;
        // Reality.eth: finalize_ts 0 = unanswered; set to answer time + timeout by each answer.
        if (s.finalizeTime > 0) return s.finalizeTime <= block.timestamp ? STATUS_FINALIZED : STATUS_ANSWERED;
        return block.timestamp < s.resolutionTime ? STATUS_OPEN : STATUS_CLOSED;
    }

    function _poolBalances(address market, uint256[2] memory ids) internal view returns (uint256[2] memory b) {
        b[0] = conditionalTokens.balanceOf(market, ids[0]);
        b[1] = conditionalTokens.balanceOf(market, ids[1]);
    }

    function _known(address market) internal view returns (uint256[2] memory ids) {
        ids = registry.getMarket(market).positionIds;
    }

    // ------------------------------------------------------------------ the spec's market reads

    function getConditionalTokenAddress(address market) external view returns (address) {
        _known(market);
        return address(conditionalTokens);
    }

    /// @notice The spot price of `outcomeIndex` (1e18 = 1 SOFI).
    function calcTokenPrice(address market, uint256 outcomeIndex) external view returns (uint256) {
        require(outcomeIndex < 2, "invalid outcome index");
        uint256[2] memory b = _poolBalances(market, _known(market));
        (uint256 p0, uint256 p1) = MarketMath.prices(b[0], b[1]);
        return outcomeIndex == 0 ? p0 : p1;
    }

    function getPoolBalances(address market) external view returns (uint256[2] memory) {
        return _poolBalances(market, _known(market));
    }

    function getTotalSupply(address market) external view returns (uint256) {
        _known(market);
        return IFixedProductMarketMaker(market).totalSupply();
    }

    function getFee(address market) external view returns (uint256) {
        _known(market);
        return IFixedProductMarketMaker(market).fee();
    }

    /// @notice Outcome tokens `investmentAmount` SOFI buys now (the FPMM's own formula).
    function calcBuyAmount(address market, uint256 investmentAmount, uint256 outcomeIndex)
        external
        view
        returns (uint256)
    {
        _known(market);
        return IFixedProductMarketMaker(market).calcBuyAmount(investmentAmount, outcomeIndex);
    }

    /// @notice Outcome tokens a sale returning `returnAmount` SOFI takes now (the FPMM's own formula).
    function calcSellAmount(address market, uint256 returnAmount, uint256 outcomeIndex)
        external
        view
        returns (uint256)
    {
        _known(market);
        return IFixedProductMarketMaker(market).calcSellAmount(returnAmount, outcomeIndex);
    }

    /// @notice The most SOFI a sale of at most `outcomeTokens` returns now (the inverse of calcSellAmount).
    function calcSellReturn(address market, uint256 outcomeTokens, uint256 outcomeIndex)
        public
        view
        returns (uint256)
    {
        require(outcomeIndex < 2, "invalid outcome index");
        uint256[2] memory b = _poolBalances(market, _known(market));
        return MarketMath.sellReturn(
            b[outcomeIndex], b[1 - outcomeIndex], IFixedProductMarketMaker(market).fee(), outcomeTokens
        );
    }

    /// @notice A buy of `investmentAmount` SOFI: the outcome tokens it gets now and the bound to pass
    ///         as `minOutcomeTokensToBuy` (less `slippageBps`, at least 1).
    function buyBounds(address market, uint256 investmentAmount, uint256 outcomeIndex, uint256 slippageBps)
        external
        view
        returns (uint256 outcomeTokens, uint256 minOutcomeTokensToBuy)
    {
        require(slippageBps < 10_000, "slippage");
        _known(market);
        outcomeTokens = IFixedProductMarketMaker(market).calcBuyAmount(investmentAmount, outcomeIndex);
        minOutcomeTokensToBuy = MarketMath.lessSlippage(outcomeTokens, slippageBps);
    }

    /// @notice A sale of at most `outcomeTokens`: the `returnAmount` to ask (what they return now, less
    ///         `slippageBps`) and `maxOutcomeTokensToSell` (= `outcomeTokens`): the sale then takes fewer
    ///         tokens now, and at most all of them if the price moves against the seller.
    function sellBounds(address market, uint256 outcomeTokens, uint256 outcomeIndex, uint256 slippageBps)
        external
        view
        returns (uint256 returnAmount, uint256 maxOutcomeTokensToSell)
    {
        require(slippageBps < 10_000, "slippage");
        require(outcomeTokens > 0, "nothing to sell");
        uint256 full = calcSellReturn(market, outcomeTokens, outcomeIndex);
        returnAmount = full == 0 ? 0 : MarketMath.lessSlippage(full, slippageBps);
        maxOutcomeTokensToSell = outcomeTokens;
    }
}
