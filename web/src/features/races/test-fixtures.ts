import type { PredictionItem, Race } from "@sofi/core";

/** Rounds and history items for the races' tests. */

export const T0 = 1_800_000_000;

export function race(over: Partial<Race> = {}): Race {
  return {
    name: "WETH-price",
    roundId: 43,
    kind: "price",
    token: "WETH",
    token_address: "0x0000000000000000000000000000000000000001",
    team_a: "",
    team_b: "",
    start_predict: T0,
    end_predict: T0 + 3600,
    start_round: T0 + 3600,
    end_round: T0 + 7200,
    result: 0,
    joined: 7,
    total_rewards: "1000",
    start_price: 0,
    end_price: 0,
    current_price: 3493.14,
    info_1_percent: 70,
    info_2_percent: 30,
    my_predict: 0,
    predicts: [],
    ...over,
  };
}

export const item = (over: Partial<PredictionItem> = {}): PredictionItem => ({
  id: "1-1",
  txid: "0x01",
  sender: "0x0000000000000000000000000000000000000002",
  info: 1,
  my_predict: 3400,
  round_id: 43,
  round_status: "ONGOING",
  timestamp: T0,
  points: 0,
  start_price: 0,
  name: "WETH-price",
  team_a: "",
  team_b: "",
  ...over,
});
