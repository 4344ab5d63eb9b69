import { loadDeployment } from "@sofi/protocol";
import type { PublicClient } from "viem";
import { describe, expect, it } from "vitest";
import { InsufficientLiquidityError, quoteExactOut } from "./quote.ts";

const deployment = loadDeployment(31337);
if (!deployment) throw new Error("the local deployment file is missing");
const A = "0x00000000000000000000000000000000000000a1" as const;
const B = "0x00000000000000000000000000000000000000a2" as const;
const ROUTER = "0x00000000000000000000000000000000000000b1" as const;

/** A client whose aggregator finds a route and whose routers answer `getAmountsIn` as given. */
const fakeClient = (amountsIn: ({ status: "success"; result: bigint[] } | { status: "failure"; error: Error })[]) =>
  ({
    readContract: async () => [[ROUTER], [1n], [[B, A]]],
    multicall: async () => amountsIn,
  }) as unknown as PublicClient;

describe("exact output quote (issue 9 #18)", () => {
  it("a route whose pools cannot give that much is insufficient liquidity, not no route", async () => {
    const client = fakeClient([{ status: "failure", error: new Error("UniswapV2Library: INSUFFICIENT_LIQUIDITY") }]);
    await expect(quoteExactOut(client, deployment, ROUTER, 10n ** 30n, A, B, false)).rejects.toBeInstanceOf(
      InsufficientLiquidityError,
    );
  });
  it("a route that can is quoted", async () => {
    const q = await quoteExactOut(
      fakeClient([{ status: "success", result: [7n, 5n] }]),
      deployment,
      ROUTER,
      5n,
      A,
      B,
      false,
    );
    expect(q).toMatchObject({ amountIn: 7n, amountOut: 5n, path: [A, B], exact: "out" });
  });
  it("no route at all is still no route", async () => {
    const client = {
      readContract: async () => [[], [], []],
      multicall: async () => [],
    } as unknown as PublicClient;
    expect(await quoteExactOut(client, deployment, ROUTER, 5n, A, B, false)).toBeNull();
  });
});
