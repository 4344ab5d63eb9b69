// `npm run race -- ...` (issue 20): the operator's commands against a fresh local chain with the
// product's deployment (the committed 31337.json's addresses), signed by the keeper (anvil account 12).
import {
  type Address,
  createPublicClient,
  createWalletClient,
  type Hex,
  http,
  numberToHex,
  type PublicClient,
  parseEther,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { foundry } from "viem/chains";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { headTailRacesAbi, testTokenAbi, uniswapV2PairAbi, weth9Abi } from "../../packages/protocol/src/abis/index.ts";
import { ANVIL_ACCOUNTS } from "../../packages/protocol/src/deployments/anvil-accounts.ts";
import { type AnvilHandle, getFreePort, startAnvil } from "./anvil.ts";
import { deployAll } from "./deploy.ts";
import { eventResultOf, failureOf, main, parseArgs, phaseOf, roundTimes, sideOf, timeOf } from "./race-cli.ts";

describe("npm run race -- ... (parsing)", () => {
  it("parses commands, positionals and options", () => {
    const a = parseArgs(["settle-event", "3", "draw", "--rpc", "http://x", "--all"]);
    expect(a.command).toBe("settle-event");
    expect(a.positional).toEqual(["3", "draw"]);
    expect(a.options.get("rpc")).toBe("http://x");
    expect(a.options.get("all")).toBe(true);
    expect(parseArgs([]).command).toBe("help");
  });

  it("results, sides and times", () => {
    expect(["a", "b", "draw", "cancel", "A", "3"].map(eventResultOf)).toEqual([1, 2, 3, 4, 1, 3]);
    expect(() => eventResultOf("tie")).toThrow(/a, b, draw or cancel/);
    expect(["head", "tail", "a", "B"].map(sideOf)).toEqual([1, 2, 1, 2]);
    expect(() => sideOf("up")).toThrow(/head, tail, a or b/);
    expect(timeOf("+30m", 100)).toBe(1900);
    expect(timeOf("+1d", 0)).toBe(86_400);
    expect(timeOf("2030-01-01T00:00:00Z", 0)).toBe(1_893_456_000);
    expect(() => timeOf("later", 0)).toThrow(/bad time/);
  });

  it("round times: start-round defaults to end-predict, and the contract's order is checked first", () => {
    const opts = (o: Record<string, string>) => (n: string) => o[n];
    expect(roundTimes(opts({ "start-predict": "+0m", "end-predict": "+1h", "end-round": "+3h" }), 1000)).toEqual({
      startPredict: 1000,
      endPredict: 4600,
      startRound: 4600,
      endRound: 11_800,
    });
    expect(() => roundTimes(opts({ "start-predict": "+1h", "end-predict": "+1h", "end-round": "+3h" }), 0)).toThrow(
      /start-predict < end-predict/,
    );
    expect(() => roundTimes(opts({ "end-predict": "+1h", "end-round": "+3h" }), 0)).toThrow(/--start-predict/);
    expect(() => roundTimes(opts({ "start-predict": "10", "end-predict": "20", "end-round": "30" }), 50)).toThrow(
      /future/,
    );
  });

  it("phases follow the spec's race timeline", () => {
    const r = { startPredict: 10n, endPredict: 20n, endRound: 30n, result: 0 };
    expect([5, 10, 19, 20, 29, 30].map((t) => phaseOf(r, t))).toEqual([
      "not started",
      "open",
      "open",
      "in the game",
      "in the game",
      "ended, awaiting the result",
    ]);
    expect(phaseOf({ ...r, result: 3 }, 0)).toBe("draw");
  });
});

describe("npm run race -- ... (on a local chain)", () => {
  let anvil: AnvilHandle;
  let client: PublicClient;
  let races: `0x${string}`;
  let out: string[] = [];
  const run = async (...argv: string[]) => {
    out = [];
    await main([...argv, "--rpc", anvil.rpcUrl]);
    return out.join("\n");
  };
  const fails = async (...argv: string[]) => {
    try {
      await main([...argv, "--rpc", anvil.rpcUrl]);
    } catch (e) {
      return failureOf(e);
    }
    throw new Error(`${argv.join(" ")} did not fail`);
  };
  const warp = async (seconds: number) => {
    const head = await client.getBlock({ blockTag: "latest" });
    await client.request({
      method: "evm_mine" as never,
      params: [numberToHex(head.timestamp + BigInt(seconds))] as never,
    });
  };

  const at = async (timestamp: bigint) => {
    await client.request({ method: "evm_mine" as never, params: [numberToHex(timestamp)] as never });
  };

  beforeAll(async () => {
    anvil = await startAnvil({ port: await getFreePort() });
    const deployment = await deployAll({ rpcUrl: anvil.rpcUrl, outDir: false });
    races = deployment.contracts.headTailRaces;
    client = createPublicClient({ chain: foundry, transport: http(anvil.rpcUrl) }) as PublicClient;
    // Liquidity in the first DEX's WETH/USDT pair (the seed's job on a seeded chain): $2,000 a WETH.
    const deployer = createWalletClient({
      chain: foundry,
      transport: http(anvil.rpcUrl),
      account: privateKeyToAccount(ANVIL_ACCOUNTS[0]?.privateKey as Hex),
    });
    const usdt = deployment.tokens.find((t) => t.symbol === "USDT")?.address as Address;
    const pair = deployment.pairs.find(
      (p) =>
        p.dex === deployment.dexes[0]?.name &&
        [p.token0, p.token1].includes(usdt) &&
        [p.token0, p.token1].includes(deployment.weth),
    )?.address as Address;
    const txs: Hex[] = [
      await deployer.writeContract({
        address: deployment.weth,
        abi: weth9Abi,
        functionName: "deposit",
        value: parseEther("10"),
      }),
      await deployer.writeContract({
        address: deployment.weth,
        abi: weth9Abi,
        functionName: "transfer",
        args: [pair, parseEther("10")],
      }),
      await deployer.writeContract({
        address: usdt,
        abi: testTokenAbi,
        functionName: "mint",
        args: [pair, parseEther("20000")],
      }),
      await deployer.writeContract({
        address: pair,
        abi: uniswapV2PairAbi,
        functionName: "mint",
        args: [deployer.account.address],
      }),
    ];
    for (const hash of txs) expect((await client.waitForTransactionReceipt({ hash })).status).toBe("success");
    vi.spyOn(console, "log").mockImplementation((...a: unknown[]) => {
      out.push(a.join(" "));
    });
  }, 120_000);

  afterAll(async () => {
    vi.restoreAllMocks();
    await anvil?.stop();
  });

  it("creates an event round, takes predictions and settles it with the operator's result", async () => {
    expect(
      await run(
        "create-event",
        "--name",
        "Cup final",
        "--team-a",
        "Seoul Dragons",
        "--team-b",
        "Busan Sharks",
        "--start-predict",
        "+0m",
        "--end-predict",
        "+1h",
        "--end-round",
        "+3h",
      ),
    ).toMatch(/created event round 1: Seoul Dragons vs Busan Sharks/);
    await warp(60);
    await run("predict", "1", "a");
    await run("predict", "1", "b", "--from", "1");
    expect(await fails("predict", "1", "b")).toBe("reverted: Already predicted");
    expect(await fails("settle-event", "1", "a")).toMatch(/NotSettleable/);
    expect(await fails("settle-event", "1", "a", "--from", "3")).toMatch(/OwnableUnauthorizedAccount/);
    expect(await run("list")).toMatch(/#1 event Cup final: Seoul Dragons vs Busan Sharks · open · joined 2 \(1\/1\)/);
    await warp(3 * 3600);
    expect(await run("settle-event", "1", "a")).toMatch(/round 1: head \/ team A/);
    expect(await run("list")).not.toMatch(/#1/);
    expect(await run("list", "--all")).toMatch(/#1 .*head \/ team A/);
  });

  it("creates a price round, observes its TWAP windows and settles it", async () => {
    expect(
      await run(
        "create-price",
        "--token",
        "WETH",
        "--start-predict",
        "+0m",
        "--end-predict",
        "+30m",
        "--end-round",
        "+90m",
        "--window",
        "600",
      ),
    ).toMatch(/created price round 2: WETH against USDT/);
    const round = (await client.readContract({
      address: races,
      abi: headTailRacesAbi,
      functionName: "roundInfo",
      args: [2n],
    })) as { startRound: bigint; endRound: bigint; window: number };
    const w = BigInt(round.window);
    await warp(60);
    await run("predict", "2", "head");
    expect(await fails("checkpoint", "2")).toMatch(/NothingToObserve/);
    // Each observation 10 s into its half-window (the next transaction lands a second or so later).
    await at(round.startRound - w + 10n);
    await run("checkpoint", "2");
    await at(round.startRound + 10n);
    await run("checkpoint", "2");
    expect(await run("show", "2")).toMatch(/next observation: slot 2/);
    await at(round.endRound - w + 10n);
    await run("checkpoint", "2");
    await at(round.endRound + 10n);
    // The pool never traded: a draw at the pool's price, $2,000.
    expect(await run("settle", "2")).toMatch(/round 2: draw \(start 2000, end 2000\)/);
    const info = (await client.readContract({
      address: races,
      abi: headTailRacesAbi,
      functionName: "roundInfo",
      args: [2n],
    })) as { result: number; startPrice: bigint };
    expect(info.result).toBe(3);
    expect(info.startPrice).toBe(parseEther("2000"));
  });

  it("refuses what the contract refuses, with its reason", async () => {
    expect(await fails("settle", "99")).toMatch(/UnknownRound/);
    expect(await fails("show", "99")).toMatch(/no round 99/);
    expect(await fails("frobnicate")).toMatch(/unknown command/);
    expect(
      await fails(
        "create-price",
        "--token",
        "NOPE",
        "--start-predict",
        "+0m",
        "--end-predict",
        "+1h",
        "--end-round",
        "+2h",
      ),
    ).toMatch(/unknown token NOPE/);
  });
});
