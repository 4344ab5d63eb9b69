/**
 * Head and Tail races (issue 20): `HeadTailRaces(owner = deployer, the first DEX's factory, USDT)`
 * (`contracts.headTailRaces`). Price rounds read the token/USDT pairs of that factory (uniswap-v2).
 * On the local chain (31337) the deployer hands the contract to the race keeper, anvil's mnemonic
 * account 12 (RACE_KEEPER_ACCOUNT_INDEX, a PUBLIC test key outside the dev wallet's accounts 0-9,
 * the faucet's 10 and the vote relayer's 11): `transferOwnership(keeper)` (Ownable2Step), 10 ETH for
 * its gas, and the keeper's own `acceptOwnership`. The server's keeper job and `npm run race` sign
 * with that key there. Elsewhere the deployer stays the owner until the operator hands it to their
 * keeper the same way.
 * Idempotent: kept when its recorded address holds code; the hand-over sends only what is missing.
 */
import { type Address, createWalletClient, type Hex, http, parseEther, toHex } from "viem";
import { mnemonicToAccount, privateKeyToAccount } from "viem/accounts";
import { headTailRacesAbi } from "../../../packages/protocol/src/abis/index.ts";
import { ANVIL_MNEMONIC } from "../../../packages/protocol/src/deployments/anvil-accounts.ts";
import { headTailRacesBytecode } from "../generated/bytecode.ts";
import { type DeployStep, need, type StepContext } from "./kit.ts";

/** The race keeper's account on the local chain: anvil's mnemonic account 12. */
export const RACE_KEEPER_ACCOUNT_INDEX = 12;

/** The race keeper's key and address on the local chain (a PUBLIC test key: local chain only). */
export function raceKeeperAccount(): { address: Address; privateKey: Hex } {
  const key = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: RACE_KEEPER_ACCOUNT_INDEX }).getHdKey().privateKey;
  if (!key) throw new Error("race keeper: no key derived");
  const privateKey = toHex(key);
  return { address: privateKeyToAccount(privateKey).address, privateKey };
}

/** ETH the deploy step gives the local keeper when it has less than a tenth of it. */
export const RACE_KEEPER_ETH = "10";

export const racesStep: DeployStep<"headTailRaces"> = {
  name: "races",
  contracts: ["headTailRaces"],
  async run(ctx, record) {
    let races = await ctx.live(record.contracts.headTailRaces);
    if (!races) {
      const factory = need(record.dexes[0]?.factory, "dexes[0].factory", "races");
      const usdt = need(record.tokens.find((t) => t.symbol === "USDT")?.address, "tokens USDT", "races");
      races = (
        await ctx.deploy("HeadTailRaces", headTailRacesAbi, headTailRacesBytecode, [record.deployer, factory, usdt])
      ).address;
    }
    if (ctx.chain.id === 31337) await handToKeeper(ctx, races, record.deployer);
    ctx.log(`HeadTailRaces ${races}`);
    return { headTailRaces: races };
  },
};

/** Local chain: the keeper becomes the owner (offered by the deployer, accepted by the keeper). */
async function handToKeeper(ctx: StepContext, races: Address, deployer: Address): Promise<void> {
  const keeper = raceKeeperAccount();
  const same = (a: Address, b: Address) => a.toLowerCase() === b.toLowerCase();
  const read = (functionName: "owner" | "pendingOwner") =>
    ctx.publicClient.readContract({ address: races, abi: headTailRacesAbi, functionName });
  const owner = await read("owner");
  if (same(owner, keeper.address) || !same(owner, deployer)) return;
  if (!same(await read("pendingOwner"), keeper.address))
    await ctx.write("HeadTailRaces.transferOwnership(keeper)", {
      address: races,
      abi: headTailRacesAbi,
      functionName: "transferOwnership",
      args: [keeper.address],
    });
  if ((await ctx.publicClient.getBalance({ address: keeper.address })) < parseEther(RACE_KEEPER_ETH) / 10n) {
    const hash = await ctx.walletClient.sendTransaction({
      account: ctx.account,
      chain: ctx.chain,
      to: keeper.address,
      value: parseEther(RACE_KEEPER_ETH),
    });
    const receipt = await ctx.publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== "success") throw new Error(`funding the race keeper failed in ${hash}`);
  }
  const wallet = createWalletClient({
    account: privateKeyToAccount(keeper.privateKey),
    chain: ctx.chain,
    transport: http(ctx.chain.rpcUrls.default.http[0]),
  });
  const hash = await wallet.writeContract({ address: races, abi: headTailRacesAbi, functionName: "acceptOwnership" });
  const receipt = await ctx.publicClient.waitForTransactionReceipt({ hash });
  if (receipt.status !== "success") throw new Error(`HeadTailRaces.acceptOwnership (keeper) failed in ${hash}`);
}
