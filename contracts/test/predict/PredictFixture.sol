// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Test} from "../Base.sol";
import {SofiToken} from "../../src/SofiToken.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {
    IConditionalTokens,
    IFixedProductMarketMaker,
    IFixedProductMarketMakerFactory,
    IRealityETH
} from "../../src/predict/IPredict.sol";
import {MarketArbitrator} from "../../src/predict/MarketArbitrator.sol";
import {MarketLens} from "../../src/predict/MarketLens.sol";
import {MarketOracle} from "../../src/predict/MarketOracle.sol";
import {MarketRegistry} from "../../src/predict/MarketRegistry.sol";

/// The reused contracts from their published bytecode, as the deploy step does: Conditional Tokens
/// (npm), the FPMM factory (vendored), RealityETH_ERC20 3.0 (npm, SOFI bonds); then ours: the oracle
/// adapter, the arbitrator (owned by `timelock`, standing in for governance's), the registry (owned by
/// `operator`) and the lens. Settings as the local deploy: answer timeout 1 day, minimum bond 10 SOFI,
/// dispute fee 1,000 SOFI, minimum funding 100 SOFI. alice, bob and carol hold SOFI.
abstract contract PredictFixture is Test {
    string internal constant CT_ARTIFACT =
        "../node_modules/@gnosis.pm/conditional-tokens-contracts/build/contracts/ConditionalTokens.json";
    string internal constant FACTORY_ARTIFACT = "./vendor/gnosis-market-makers/FixedProductMarketMakerFactory.json";
    string internal constant REALITY_BIN = "../node_modules/@reality.eth/contracts/bytecode/RealityETH_ERC20-3.0.bin";

    uint32 internal constant TIMEOUT = 1 days;
    uint256 internal constant MIN_BOND = 10e18;
    uint256 internal constant DISPUTE_FEE = 1_000e18;
    uint256 internal constant MIN_FUNDING = 100e18;
    uint256 internal constant FEE = 0.02e18;
    bytes32 internal constant YES = bytes32(uint256(0));
    bytes32 internal constant NO = bytes32(uint256(1));
    bytes32 internal constant INVALID = bytes32(type(uint256).max);

    SofiToken internal sofi;
    IConditionalTokens internal ct;
    IFixedProductMarketMakerFactory internal fpmmFactory;
    IRealityETH internal reality;
    MarketOracle internal oracle;
    MarketArbitrator internal arbitrator;
    MarketRegistry internal registry;
    MarketLens internal lens;

    address internal owner = makeAddr("owner");
    address internal operator = makeAddr("operator");
    address internal timelock = makeAddr("timelock");
    address internal alice = makeAddr("alice");
    address internal bob = makeAddr("bob");
    address internal carol = makeAddr("carol");

    function setUp() public virtual {
        vm.warp(1_700_000_000);
        sofi = new SofiToken(owner);
        ct = IConditionalTokens(deployArtifact(CT_ARTIFACT, ""));
        fpmmFactory = IFixedProductMarketMakerFactory(deployArtifact(FACTORY_ARTIFACT, ""));
        reality = IRealityETH(deployBin(REALITY_BIN));
        (bool ok,) = address(reality).call(abi.encodeWithSignature("setToken(address)", address(sofi)));
        require(ok, "setToken");
        oracle = new MarketOracle(ct, reality);
        arbitrator = new MarketArbitrator(reality, IERC20(address(sofi)), DISPUTE_FEE, timelock);
        registry = new MarketRegistry(
            operator, ct, fpmmFactory, reality, address(oracle), address(arbitrator), TIMEOUT, MIN_BOND, MIN_FUNDING
        );
        lens = new MarketLens(registry);

        address[] memory holders = new address[](4);
        holders[0] = operator;
        holders[1] = alice;
        holders[2] = bob;
        holders[3] = carol;
        vm.startPrank(owner);
        sofi.mintBatch(holders, 1_000_000e18);
        vm.stopPrank();
        for (uint256 i = 0; i < holders.length; ++i) {
            vm.startPrank(holders[i]);
            sofi.approve(address(registry), type(uint256).max);
            sofi.approve(address(reality), type(uint256).max);
            sofi.approve(address(arbitrator), type(uint256).max);
            vm.stopPrank();
        }
    }

    /// Creation code from a `.bin` file of unprefixed hex (Reality.eth's published bytecode).
    function deployBin(string memory path) internal returns (address deployed) {
        bytes memory code = vm.parseBytes(string.concat("0x", vm.readFile(path)));
        assembly {
            deployed := create(0, add(code, 0x20), mload(code))
        }
        require(deployed != address(0), string.concat("deploy failed: ", path));
    }

    function params(uint256 funding, uint64 resolutionTime) internal pure returns (MarketRegistry.MarketParams memory p) {
        string[] memory names = new string[](2);
        names[0] = "Yes";
        names[1] = "No";
        p = MarketRegistry.MarketParams({
            title: "Will ETH close above $4,000 on June 30?",
            description: "Resolves Yes if the ETH/USD daily close on June 30 is above 4,000.",
            photo: "/predict/eth.svg",
            outcomeNames: names,
            resolutionTime: resolutionTime,
            fee: FEE,
            initialFunding: funding,
            distributionHint: new uint256[](0)
        });
    }

    function createMarket(uint256 funding) internal returns (IFixedProductMarketMaker) {
        return createMarket(params(funding, uint64(block.timestamp + 7 days)));
    }

    function createMarket(MarketRegistry.MarketParams memory p) internal returns (IFixedProductMarketMaker) {
        vm.prank(operator);
        return IFixedProductMarketMaker(registry.createMarket(p));
    }

    function questionOf(IFixedProductMarketMaker m) internal view returns (bytes32) {
        return registry.getMarket(address(m)).questionId;
    }

    function conditionOf(IFixedProductMarketMaker m) internal view returns (bytes32) {
        return registry.getMarket(address(m)).conditionId;
    }

    function positionOf(IFixedProductMarketMaker m, uint256 outcome) internal view returns (uint256) {
        return registry.getMarket(address(m)).positionIds[outcome];
    }

    function outcomeBalance(IFixedProductMarketMaker m, address who, uint256 outcome) internal view returns (uint256) {
        return ct.balanceOf(who, positionOf(m, outcome));
    }

    function buy(IFixedProductMarketMaker m, address who, uint256 amount, uint256 outcome) internal returns (uint256 got) {
        (, uint256 minOut) = lens.buyBounds(address(m), amount, outcome, 100);
        uint256 before = outcomeBalance(m, who, outcome);
        vm.startPrank(who);
        sofi.approve(address(m), amount);
        m.buy(amount, outcome, minOut);
        vm.stopPrank();
        got = outcomeBalance(m, who, outcome) - before;
    }

    /// Sells at most `tokens` of `outcome` for what the lens quotes (no slippage); returns SOFI received.
    function sell(IFixedProductMarketMaker m, address who, uint256 tokens, uint256 outcome) internal returns (uint256 got) {
        uint256 ret = lens.calcSellReturn(address(m), tokens, outcome);
        uint256 before = sofi.balanceOf(who);
        vm.startPrank(who);
        ct.setApprovalForAll(address(m), true);
        m.sell(ret, outcome, tokens);
        vm.stopPrank();
        got = sofi.balanceOf(who) - before;
    }

    function answer(IFixedProductMarketMaker m, address who, bytes32 a, uint256 bond) internal {
        bytes32 q = questionOf(m);
        vm.prank(who);
        reality.submitAnswerERC20(q, a, 0, bond);
    }

    function redeem(IFixedProductMarketMaker m, address who) internal returns (uint256 got) {
        uint256[] memory sets = new uint256[](2);
        sets[0] = 1;
        sets[1] = 2;
        uint256 before = sofi.balanceOf(who);
        bytes32 c = conditionOf(m);
        vm.prank(who);
        ct.redeemPositions(IERC20(address(sofi)), bytes32(0), c, sets);
        got = sofi.balanceOf(who) - before;
    }
}
