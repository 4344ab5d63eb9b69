/**
 * The small deployment the portfolio tests index against: USDT, RAI and WETH with a RAI/USDT pool
 * (and, when asked, a WETH/USDT one), and a way to set RAI's price by writing a candle.
 */
import type { Deployment } from "@sofi/protocol";
import type { Db } from "../../src/db/client.ts";

export const E18 = 10n ** 18n;
export const USDT = "0x0000000000000000000000000000000000000010";
export const RAI = "0x0000000000000000000000000000000000000011";
export const WETH = "0x0000000000000000000000000000000000000012";
export const RAI_USDT = "0x0000000000000000000000000000000000000020";
export const WETH_USDT = "0x0000000000000000000000000000000000000021";

export function fixtureDeployment(
  contracts: Deployment["contracts"] = {},
  opts: { wethPair?: boolean } = {},
): Deployment {
  const pairs: Deployment["pairs"] = [{ address: RAI_USDT, dex: "x", token0: RAI, token1: USDT }];
  if (opts.wethPair) pairs.push({ address: WETH_USDT, dex: "x", token0: WETH, token1: USDT });
  return {
    chainId: 31337,
    startBlock: 0,
    deployer: "0x0000000000000000000000000000000000000001",
    weth: WETH,
    multicall3: "0x0000000000000000000000000000000000000003",
    dexes: [],
    tokens: [
      { symbol: "USDT", name: "Tether", decimals: 18, address: USDT, tags: [] },
      { symbol: "RAI", name: "Rai", decimals: 18, address: RAI, tags: [] },
    ],
    pairs,
    contracts,
  };
}

/** RAI's price in USDT (`usd` whole dollars) from a new candle of the RAI/USDT pool at `ts`. */
export const setRaiPrice = (db: Db, ts: number, usd: bigint) =>
  db.query(
    `INSERT INTO pair_candles (chain_id, pair, bucket, block_number, log_index, timestamp, reserve0, reserve1)
     VALUES (31337, $1, $2, $3, 0, $4, $5, $6)`,
    [RAI_USDT, Math.floor(ts / 300) * 300, ts, ts, (1000n * E18).toString(), (1000n * usd * E18).toString()],
  );
