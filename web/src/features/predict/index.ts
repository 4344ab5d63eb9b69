// The prediction market (spec 002 §2 "Prediction market" and "Staking rewards", issue 19): /predict,
// /predict/{market} and /predict/transactions, and the account panel's positions and staking pool.
// Its shared rules live in @sofi/core predict.ts; the screens' own in rules.ts.

export { feature } from "./feature.ts";
