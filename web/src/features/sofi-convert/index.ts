// Convert RAI to SOFI (spec 001 §2 "Convert to SOFI dialog", §7, §9). The wallet's account panel
// places <ConvertEntry />; <ConvertHost /> is mounted once inside the wallet slice (WalletStatus).
export { ConvertEntry } from "./ConvertEntry.tsx";
export { ConvertHost } from "./ConvertHost.tsx";
export { type ConverterInfo, converterOf } from "./rules.ts";
export { useConvertDialog } from "./store.ts";
