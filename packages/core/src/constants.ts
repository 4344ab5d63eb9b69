/** Business constants of spec 000 §9 (and §4). One home: server and web import them from here. */
export const DEFAULT_CHAIN_ID = 8453;
export const RPC_BATCH_WAIT_MS = 50;
export const WALLET_POLLING_INTERVAL_MS = 15_000;
export const DEFAULT_SLIPPAGE_BPS = 50;
export const DEFAULT_DEADLINE_SECONDS = 1200;
export const COLLATERAL_APPROVAL_AMOUNT = 10n ** 20n;
export const QUOTE_DEBOUNCE_MS = 150;
export const TICKER_REFRESH_MS = 10_000;
export const MARKET_POLL_MS = 5_000;
export const BLOCK_UPDATE_DEBOUNCE_MS = 100;
export const MULTICALL_CHUNK = 500;
export const MULTICALL_STALE_BLOCKS = 10;
export const POPUP_AUTO_REMOVE_MS = 15_000;
export const REFRESH_SPINNER_MS = 1_000;
export const SPLASH_SPINNER_DELAY_MS = 600;
export const COPY_CONFIRMATION_MS = 500;
export const SIGNATURE_MAX_AGE_MS = 28_800_000;
export const HEADER_SCROLL_THRESHOLD_PX = 60;
export const MENU_COLLAPSE_WIDTH_PX = 800;
export const MODAL_DRAG_CLOSE_PX = 300;
export const SEARCH_DEBOUNCE_MS = 200;
export const AMOUNT_MAX_LENGTH = 79;
export const BREAKPOINTS_PX = { upToExtraSmall: 500, upToSmall: 720, upToMedium: 960, upToLarge: 1280 } as const;
export const SUPPORTED_LANGUAGES = ["en", "ko"] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const THEMES = ["light", "dark"] as const;
export type Theme = (typeof THEMES)[number];
/** localStorage keys of spec 000 §3 "Stored locally". */
export const STORAGE_KEYS = {
  walletType: "wallet_type",
  address: "address",
  signature: "signature",
  signatureMsg: "signatureMsg",
  theme: "rai_theme",
  lang: "rai_lang",
} as const;
