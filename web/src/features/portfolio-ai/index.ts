// The AI portfolio builder (spec 001 §2 the home's AI box and interest view, §7 `POST /sofi/ai`).
// Both are sections of the social-trading home (`home.sections`: the AI box under the shortcuts,
// order 20; the interest view last, order 60); the create wizard's `?search=` preselects their picks.
export { feature } from "./feature.ts";
