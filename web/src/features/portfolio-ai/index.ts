// The AI portfolio builder (spec 001 §2 the home's AI box and interest view, §7 `POST /sofi/ai`).
// The home renders both; the create wizard's `?search=` preselects what they pick.

export { AiBox } from "./AiBox.tsx";
export { InterestView } from "./InterestView.tsx";
