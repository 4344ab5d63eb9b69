// Head & Tail races (spec 002 §2-§9, issue 20): /headTail, /headTail/moreRace,
// /headTail/{token}-usdt/{roundId} and /headTail/event/{roundId}, and the menu entry. Its rules live
// in @sofi/core races.ts; the screens' own in rules.ts.

export { feature } from "./feature.ts";
