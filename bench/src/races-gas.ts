/**
 * Gas of the Head and Tail races (issue 20), measured like the governance rows: a fresh anvil (the
 * product's hardfork), the product's `deployAll` (HeadTailRaces owned by the keeper, anvil mnemonic
 * account 12), $2,000-a-WETH liquidity in the first DEX's WETH/USDT pair, blocks 12 s apart; each figure
 * is a transaction receipt's gasUsed:
 * - predict: a price round's first prediction, a later one on the other side and a later one on
 *   the same side, and an event round's first prediction; each from an account that never
 *   predicted in that round (anvil accounts 1-4), the round created in an earlier block (the
 *   counters share the round's schedule slot, which is never zero: every case pays the same
 *   storage writes, one new slot for the wallet's side and one rewritten slot);
 * - the keeper's calls: newPriceRound, newRound (names "WETH-price", "League final" and two team
 *   names), checkpoint for a window's opening and its closing (which also computes the average),
 *   settle of a price round (taking the last observation), settleEvent.
 * Target (issue 20's bench): predict at most RACE_PREDICT_MAX_GAS in every case (a regression bound:
 * one new storage slot, one counter update, one event).
 */
import type { Deployment } from "@sofi/protocol";
import { headTailRacesAbi, testTokenAbi, uniswapV2PairAbi, weth9Abi } from "@sofi/protocol";
import {
  type Abi,
  type Address,
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  type Hex,
  http,
  numberToHex,
  type PublicClient,
  parseEther,
} from "viem";
import { foundry } from "viem/chains";
import { ANVIL_ACCOUNTS, deployAll, raceKeeperAccount } from "../../contracts/scripts/index.ts";
import { LOCAL_RECEIPT_POLL_MS, startAnvil } from "./anvil.ts";

export const RACE_GAS_CALLS = [
  "predictFirst",
  "predictOtherSide",
  "predictSameSide",
  "predictEvent",
  "newPriceRound",
  "newRound",
  "checkpointOpen",
  "checkpointClose",
  "settle",
  "settleEvent",
] as const;
export type RaceGasCall = (typeof RACE_GAS_CALLS)[number];
/** The predict rows and their bound. */
export const RACE_PREDICT_CALLS: readonly RaceGasCall[] = [
  "predictFirst",
  "predictOtherSide",
  "predictSameSide",
  "predictEvent",
];
export const RACE_PREDICT_MAX_GAS = 60_000;

const WINDOW = 600;

export type RaceGasResult = {
  hardfork: string;
  anvil: string;
  calls: Record<RaceGasCall, { gas: number; tx: Hex }>;
  ms: number;
};

export async function measureRaceGas(
  opts: { log?: (s: string) => void; hardfork?: string } = {},
): Promise<RaceGasResult> {
  const log = opts.log ?? (() => {});
  const t0 = performance.now();
  const anvil = await startAnvil(opts.hardfork ? { extraArgs: ["--hardfork", opts.hardfork] } : {});
  try {
    const rpcUrl = anvil.rpcUrl;
    const transport = http(rpcUrl, { timeout: 120_000 });
    const pub = createPublicClient({
      chain: foundry,
      transport,
      cacheTime: 0,
      pollingInterval: LOCAL_RECEIPT_POLL_MS,
    }) as PublicClient;
    const info = (await pub.request({ method: "anvil_nodeInfo" as never })) as { hardFork?: string; hardfork?: string };
    const version = (await pub.request({ method: "web3_clientVersion" as never })) as string;
    log("gas: deployAll (HeadTailRaces owned by the keeper), then races on the first DEX's WETH/USDT pair");
    const deployment = (await deployAll({ rpcUrl, outDir: false })) as Deployment;
    await pub.request({ method: "anvil_setBlockTimestampInterval" as never, params: [12] as never });
    const races = (deployment.contracts as Record<string, Address | undefined>).headTailRaces;
    if (!races) throw new Error("the deployment has no headTailRaces");
    const keeper = raceKeeperAccount().address;
    const deployer = ANVIL_ACCOUNTS[0]?.address as Address;
    const players = [1, 2, 3, 4].map((i) => ANVIL_ACCOUNTS[i]?.address as Address);
    const send = async (from: Address, to: Address, data: Hex, value = 0n) => {
      const wallet = createWalletClient({ chain: foundry, transport, account: from });
      const hash = await wallet.sendTransaction({ to, data, value, gas: 3_000_000n } as never);
      const r = await pub.waitForTransactionReceipt({ hash });
      if (r.status !== "success") throw new Error(`tx ${hash} reverted`);
      return r;
    };
    const fn = (abi: Abi | readonly unknown[], functionName: string, args: readonly unknown[] = []) =>
      encodeFunctionData({ abi, functionName, args } as never) as Hex;
    const call = (functionName: string, args: readonly unknown[]) => fn(headTailRacesAbi, functionName, args);
    const mineAt = async (timestamp: bigint) => {
      await pub.request({ method: "evm_mine" as never, params: [numberToHex(timestamp)] as never });
    };
    // The keeper signs with its key elsewhere; anvil sends for it here.
    await pub.request({ method: "anvil_impersonateAccount" as never, params: [keeper] as never });

    // $2,000 a WETH: 100 WETH and 200,000 USDT in the first DEX's pair.
    const usdt = deployment.tokens.find((t) => t.symbol === "USDT")?.address as Address;
    const pair = deployment.pairs.find(
      (p) =>
        p.dex === deployment.dexes[0]?.name &&
        [p.token0, p.token1].includes(usdt) &&
        [p.token0, p.token1].includes(deployment.weth),
    )?.address as Address;
    await send(deployer, deployment.weth, fn(weth9Abi, "deposit"), parseEther("100"));
    await send(deployer, deployment.weth, fn(weth9Abi, "transfer", [pair, parseEther("100")]));
    await send(deployer, usdt, fn(testTokenAbi, "mint", [pair, parseEther("200000")]));
    await send(deployer, pair, fn(uniswapV2PairAbi, "mint", [deployer]));

    const gas = {} as Record<RaceGasCall, { gas: number; tx: Hex }>;
    const record = (name: RaceGasCall, r: { gasUsed: bigint; transactionHash: Hex }) => {
      gas[name] = { gas: Number(r.gasUsed), tx: r.transactionHash };
    };
    const now = (await pub.getBlock({ blockTag: "latest" })).timestamp;
    const t = {
      startPredict: now + 120n,
      endPredict: now + 3600n,
      startRound: now + 3600n,
      endRound: now + 7200n,
    };
    record(
      "newPriceRound",
      await send(
        keeper,
        races,
        call("newPriceRound", [
          "WETH-price",
          deployment.weth,
          t.startPredict,
          t.endPredict,
          t.startRound,
          t.endRound,
          WINDOW,
          1000n,
        ]),
      ),
    );
    record(
      "newRound",
      await send(
        keeper,
        races,
        call("newRound", [
          "League final",
          "Seoul Dragons",
          "Busan Sharks",
          t.startPredict,
          t.endPredict,
          t.startRound,
          t.endRound,
          5000n,
        ]),
      ),
    );
    const [priceId, eventId] = [1n, 2n];
    await mineAt(t.startPredict);
    record("predictFirst", await send(players[0] as Address, races, call("predict", [priceId, 1])));
    record("predictOtherSide", await send(players[1] as Address, races, call("predict", [priceId, 2])));
    record("predictSameSide", await send(players[2] as Address, races, call("predict", [priceId, 1])));
    record("predictEvent", await send(players[3] as Address, races, call("predict", [eventId, 1])));

    await mineAt(t.startRound - BigInt(WINDOW));
    record("checkpointOpen", await send(keeper, races, call("checkpoint", [priceId])));
    await mineAt(t.startRound);
    record("checkpointClose", await send(keeper, races, call("checkpoint", [priceId])));
    await mineAt(t.endRound - BigInt(WINDOW));
    await send(keeper, races, call("checkpoint", [priceId]));
    await mineAt(t.endRound);
    record("settle", await send(keeper, races, call("settle", [priceId])));
    record("settleEvent", await send(keeper, races, call("settleEvent", [eventId, 1])));
    const result = (await pub.readContract({
      address: races,
      abi: headTailRacesAbi,
      functionName: "roundInfo",
      args: [priceId],
    })) as { result: number };
    if (result.result !== 3) throw new Error(`the untouched pool should settle as a draw, got ${result.result}`);
    await pub.request({ method: "anvil_stopImpersonatingAccount" as never, params: [keeper] as never });

    for (const name of RACE_GAS_CALLS) if (!gas[name]) throw new Error(`no ${name} figure`);
    log(`  races: ${RACE_GAS_CALLS.map((k) => `${k} ${gas[k].gas.toLocaleString("en-US")}`).join(", ")}`);
    return { hardfork: info.hardFork ?? info.hardfork ?? "?", anvil: version, calls: gas, ms: performance.now() - t0 };
  } finally {
    await anvil.stop();
  }
}
