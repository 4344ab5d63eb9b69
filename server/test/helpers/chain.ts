/**
 * Test chain: a real anvil with real Uniswap V2 contracts (factory + pairs from the npm
 * artifacts, plain ERC20s, WETH9), driven directly so each test knows the exact reserves.
 */
import { createRequire } from "node:module";
import { type AnvilHandle, getFreePort, startAnvil } from "@sofi/contracts";
import type { Deployment } from "@sofi/protocol";
import {
  type Abi,
  type Address,
  createTestClient,
  createWalletClient,
  type Hex,
  http,
  publicActions,
  zeroAddress,
} from "viem";
import { foundry } from "viem/chains";

const require = createRequire(import.meta.url);
type Artifact = { abi: Abi; bytecode: string; evm?: { bytecode: { object: string } } };
const art = (p: string) => require(p) as Artifact;
const bytecodeOf = (a: Artifact): Hex => {
  const raw = a.evm?.bytecode.object ?? a.bytecode;
  return (raw.startsWith("0x") ? raw : `0x${raw}`) as Hex;
};
const ERC20 = art("@uniswap/v2-core/build/ERC20.json");
const FACTORY = art("@uniswap/v2-core/build/UniswapV2Factory.json");
const PAIR = art("@uniswap/v2-core/build/UniswapV2Pair.json");
const WETH9 = art("@uniswap/v2-periphery/build/WETH9.json");

export const DEPLOYER: Address = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";
export const E18 = 10n ** 18n;
/**
 * Fixed gas limits: an estimate made in one second can fall short when the transaction is mined
 * in the next (a Uniswap V2 pair writes its price accumulators only when time has passed), which
 * made swaps run out of gas on a loaded machine.
 */
const FIXED_GAS = 3_000_000n;
const DEPLOY_GAS = 8_000_000n;

export type TestChain = Awaited<ReturnType<typeof startTestChain>>;

export async function startTestChain(opts: { timestamp?: number } = {}) {
  const port = await getFreePort();
  const anvil: AnvilHandle = await startAnvil({ port, timestamp: opts.timestamp });
  const transport = http(anvil.rpcUrl);
  const wallet = createWalletClient({ account: DEPLOYER, chain: foundry, transport, cacheTime: 0 }).extend(
    publicActions,
  );
  const test = createTestClient({ mode: "anvil", chain: foundry, transport });

  async function send(hash: Promise<Hex>) {
    const receipt = await wallet.waitForTransactionReceipt({ hash: await hash, pollingInterval: 20 });
    if (receipt.status !== "success") {
      const tx = await wallet.getTransaction({ hash: receipt.transactionHash });
      const reason = await wallet
        .call({ account: tx.from, to: tx.to, data: tx.input, blockNumber: receipt.blockNumber - 1n })
        .then(
          () => "replay succeeded",
          (e: Error) => e.message.split("\n").slice(0, 3).join(" "),
        );
      throw new Error(`transaction reverted in block ${receipt.blockNumber} (to ${tx.to}): ${reason}`);
    }
    return receipt;
  }
  async function deploy(a: Artifact, args: unknown[] = []): Promise<Address> {
    const r = await send(wallet.deployContract({ gas: DEPLOY_GAS, abi: a.abi, bytecode: bytecodeOf(a), args }));
    if (!r.contractAddress) throw new Error("no contract address");
    return r.contractAddress;
  }

  const startBlock = Number(await wallet.getBlockNumber()) + 1;
  const usdt = await deploy(ERC20, [10n ** 30n]);
  const rai = await deploy(ERC20, [10n ** 30n]);
  const orphan = await deploy(ERC20, [10n ** 30n]); // only paired with WETH: priced via WETH→USDT
  const weth = await deploy(WETH9);
  await send(
    wallet.writeContract({
      gas: FIXED_GAS,
      address: weth,
      abi: WETH9.abi,
      functionName: "deposit",
      value: 1000n * E18,
    }),
  );
  const factories = [await deploy(FACTORY, [DEPLOYER]), await deploy(FACTORY, [DEPLOYER])];

  const pairs: Deployment["pairs"] = [];
  async function createPair(factoryIndex: number, a: Address, b: Address): Promise<Address> {
    const factory = factories[factoryIndex] as Address;
    await send(
      wallet.writeContract({
        gas: FIXED_GAS,
        address: factory,
        abi: FACTORY.abi,
        functionName: "createPair",
        args: [a, b],
      }),
    );
    const pair = (await wallet.readContract({
      address: factory,
      abi: FACTORY.abi,
      functionName: "getPair",
      args: [a, b],
    })) as Address;
    const [t0, t1] = a.toLowerCase() < b.toLowerCase() ? [a, b] : [b, a];
    pairs.push({ address: pair, dex: `dex${factoryIndex}`, token0: t0, token1: t1 });
    return pair;
  }
  const transfer = (token: Address, to: Address, amount: bigint) =>
    send(
      wallet.writeContract({
        gas: FIXED_GAS,
        address: token,
        abi: ERC20.abi,
        functionName: "transfer",
        args: [to, amount],
      }),
    );

  /** Adds liquidity: `amountA` of a and `amountB` of b into the pair. */
  async function addLiquidity(pair: Address, a: Address, amountA: bigint, b: Address, amountB: bigint) {
    await transfer(a, pair, amountA);
    await transfer(b, pair, amountB);
    await send(
      wallet.writeContract({ gas: FIXED_GAS, address: pair, abi: PAIR.abi, functionName: "mint", args: [DEPLOYER] }),
    );
  }

  /** Sells `amountIn` of tokenIn into the pair (constant-product with the 0.3% fee). */
  async function swap(pair: Address, tokenIn: Address, amountIn: bigint) {
    const [r0, r1] = (await wallet.readContract({ address: pair, abi: PAIR.abi, functionName: "getReserves" })) as [
      bigint,
      bigint,
    ];
    const token0 = (await wallet.readContract({ address: pair, abi: PAIR.abi, functionName: "token0" })) as Address;
    const zeroForOne = token0.toLowerCase() === tokenIn.toLowerCase();
    const [rin, rout] = zeroForOne ? [r0, r1] : [r1, r0];
    const inWithFee = amountIn * 997n;
    const out = (inWithFee * rout) / (rin * 1000n + inWithFee);
    await transfer(tokenIn, pair, amountIn);
    return send(
      wallet.writeContract({
        gas: FIXED_GAS,
        address: pair,
        abi: PAIR.abi,
        functionName: "swap",
        args: zeroForOne ? [0n, out, DEPLOYER, "0x"] : [out, 0n, DEPLOYER, "0x"],
      }),
    );
  }

  async function reserves(pair: Address, blockNumber?: bigint) {
    const [r0, r1] = (await wallet.readContract({
      address: pair,
      abi: PAIR.abi,
      functionName: "getReserves",
      blockNumber,
    })) as [bigint, bigint];
    return { r0, r1 };
  }

  /** Next blocks get timestamps from here on (unix seconds). */
  async function setNextTimestamp(ts: number) {
    await test.setNextBlockTimestamp({ timestamp: BigInt(ts) });
  }

  const deployment = (): Deployment => ({
    chainId: 31337,
    startBlock,
    deployer: DEPLOYER,
    weth,
    multicall3: zeroAddress,
    dexes: factories.map((f, i) => ({ name: `dex${i}`, factory: f, router: zeroAddress })),
    tokens: [
      { symbol: "USDT", name: "Tether USD", decimals: 18, address: usdt, tags: ["stable"] },
      { symbol: "RAI", name: "Rai Reflex Index", decimals: 18, address: rai, tags: ["defi"] },
      { symbol: "ORPH", name: "Orphan Token", decimals: 18, address: orphan, tags: ["meme"] },
    ],
    pairs: [...pairs],
    contracts: {},
  });

  return {
    rpcUrl: anvil.rpcUrl,
    wallet,
    test,
    tokens: { usdt, rai, orphan, weth },
    factories,
    createPair,
    addLiquidity,
    swap,
    transfer,
    reserves,
    setNextTimestamp,
    deployment,
    stop: () => anvil.stop(),
  };
}
