// Promote a portfolio (spec 001 §2 "Promote dialog (three steps)", §4, §5, §9; issue 11). The
// portfolio page's side panel places <PromoteEntry /> (the manager's Promote button and the
// running promotion's end).
export { PromoteDialog, type PromoteDialogProps } from "./PromoteDialog.tsx";
export { PromoteEntry, type PromoteEntryProps } from "./PromoteEntry.tsx";
export { type PromotionInfo, promotionOf } from "./rules.ts";
