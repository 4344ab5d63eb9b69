// The social feed (spec 002 §2 "Social feed", issue 20): /social, its posts, predictions and live bar.

export { feature } from "./feature.ts";
