// Token lists, the token selector modal and token logos (issue 3). Pure rules live in @sofi/core
// (token-lists.ts, token-search.ts).
export { buildChainTokens, defaultListUrl } from "./chain-tokens.ts";
export { getTokenList } from "./fetch-list.ts";
export {
  addCustomToken,
  removeCustomToken,
  useChainTokens,
  useCustomTokens,
  useIsListed,
  useListsUpdater,
  useOnChainToken,
  useTokenBalances,
} from "./hooks.ts";
export { announceListUpdate, ListUpdatePopup } from "./ListUpdatePopup.tsx";
export { LISTS_STORAGE_KEY, useListsStore } from "./lists-store.ts";
export { monogramText, TokenLogo, tokenIconUrl, tokenLogoPath } from "./TokenLogo.tsx";
export { TokenSelectModal, type TokenSelectModalProps } from "./TokenSelectModal.tsx";
export { isNative, NATIVE, nativeToken, sameToken, tokenKey, type UiToken } from "./types.ts";
