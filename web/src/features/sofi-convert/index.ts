// Convert RAI to SOFI (spec 001 §2 "Convert to SOFI dialog", §7, §9). It adds its button to the
// wallet's account panel (`account.panel`) and mounts the dialog's host once inside the wallet
// slice (`wallet.actions`; nothing visible until the dialog opens).

export { feature } from "./feature.ts";
export { type ConverterInfo, converterOf } from "./rules.ts";
export { useConvertDialog } from "./store.ts";
