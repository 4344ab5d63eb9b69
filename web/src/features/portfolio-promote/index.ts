// Promote a portfolio (spec 001 §2 "Promote dialog (three steps)", §4, §5, §9; issue 11). It adds
// the manager's Promote button and the running promotion's end to a portfolio page's side panel
// through the `portfolio.actions` slot.

export { feature } from "./feature.ts";
export { PromoteDialog, type PromoteDialogProps } from "./PromoteDialog.tsx";
export { type PromotionInfo, promotionOf } from "./rules.ts";
