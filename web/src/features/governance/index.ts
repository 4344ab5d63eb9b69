// Governance (spec 002 §2-§9, issue 18): /proposals, /proposals/select, /proposals/create and
// /proposals/{contract}/{proposalId}, the Governance menu entry and the created proposals of profile
// tab 3. Its rules live in @sofi/core governance.ts; the screens' own in rules.ts.

export { feature } from "./feature.ts";
export { Markdown } from "./markdown.tsx";
