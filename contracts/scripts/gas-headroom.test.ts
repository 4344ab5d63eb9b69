/**
 * Why every product write pads its gas estimate with CHECKPOINT_HEADROOM_GAS (padGas in core): SOFI's
 * vote checkpoints are keyed by block timestamp. A transfer estimated in the same second as the
 * sender's last one updates that checkpoint in place; mined a second later it pushes a new one and
 * runs out of the bare estimate. This was a removal of market liquidity failing on chain in the
 * end-to-end run, and the deploy's converter deposit failing in CI.
 */
import { CHECKPOINT_HEADROOM_GAS, padGas } from "@sofi/core";
import { sofiTokenAbi } from "@sofi/protocol";
import { createWalletClient, encodeFunctionData, type Hex, http, parseEther, publicActions } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { foundry } from "viem/chains";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ANVIL_ACCOUNTS } from "../../packages/protocol/src/deployments/anvil-accounts.ts";
import { getFreePort, startAnvil } from "./anvil.ts";
import { sofiTokenBytecode } from "./generated/bytecode.ts";

const holder = privateKeyToAccount(ANVIL_ACCOUNTS[0]?.privateKey as Hex);
const receiver = ANVIL_ACCOUNTS[5]?.address as Hex;
let anvil: Awaited<ReturnType<typeof startAnvil>>;
let sofi: Hex;
const client = () =>
  createWalletClient({ account: holder, chain: foundry, transport: http(anvil.rpcUrl) }).extend(publicActions);
const transfer = encodeFunctionData({ abi: sofiTokenAbi, functionName: "transfer", args: [receiver, parseEther("1")] });

beforeAll(async () => {
  anvil = await startAnvil({ port: await getFreePort() });
  const w = client();
  const deployed = await w.waitForTransactionReceipt({
    hash: await w.deployContract({ abi: sofiTokenAbi, bytecode: sofiTokenBytecode, args: [holder.address] }),
  });
  sofi = deployed.contractAddress as Hex;
  await w.waitForTransactionReceipt({
    hash: await w.writeContract({
      address: sofi,
      abi: sofiTokenAbi,
      functionName: "mint",
      args: [holder.address, parseEther("1000")],
    }),
  });
});
afterAll(() => anvil?.stop());

/**
 * A transfer right after the holder's last one, its gas estimated at once, then mined in the next
 * second with `limit(estimate)`: the receipt's status.
 */
async function transferMinedNextSecond(limit: (estimate: bigint) => bigint): Promise<string> {
  const w = client();
  // early in a wall-clock second, so the first transfer and the estimate share it
  await new Promise((r) => setTimeout(r, 1050 - (Date.now() % 1000)));
  const first = await w.waitForTransactionReceipt({
    hash: await w.sendTransaction({ to: sofi, data: transfer, gas: 200_000n }),
    pollingInterval: 20,
  });
  const estimate = await w.estimateGas({ to: sofi, data: transfer, account: holder });
  const { timestamp } = await w.getBlock({ blockNumber: first.blockNumber });
  await w.request({ method: "evm_setNextBlockTimestamp" as never, params: [Number(timestamp) + 1] as never });
  const mined = await w.waitForTransactionReceipt({
    hash: await w.sendTransaction({ to: sofi, data: transfer, gas: limit(estimate) }),
    pollingInterval: 20,
  });
  return mined.status;
}

describe("gas headroom for SOFI's timestamp-keyed vote checkpoints", () => {
  it("a bare estimate, and 10 % over it, run out of gas when the next block is a second later", async () => {
    expect(await transferMinedNextSecond((e) => e)).toBe("reverted");
    expect(await transferMinedNextSecond((e) => (e * 11n) / 10n)).toBe("reverted");
  });

  it("padGas's limit is mined", async () => {
    expect(CHECKPOINT_HEADROOM_GAS).toBeGreaterThan(0n);
    expect(await transferMinedNextSecond(padGas)).toBe("success");
  });
});
