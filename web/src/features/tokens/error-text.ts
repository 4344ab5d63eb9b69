import { ERRORS, TOKEN_LIST_ERRORS } from "@sofi/core";
import type { TFunction } from "i18next";

const KEYS: [string, string][] = [
  [TOKEN_LIST_ERRORS.failedValidation, "errors.failedValidation"],
  [TOKEN_LIST_ERRORS.failedDownload, "errors.failedDownload"],
  [TOKEN_LIST_ERRORS.unrecognizedProtocol, "errors.unrecognizedProtocol"],
  [TOKEN_LIST_ERRORS.ensResolve, "errors.ensResolve"],
  [TOKEN_LIST_ERRORS.contenthash, "errors.contenthash"],
  [ERRORS.duplicateTokens, "errors.duplicateTokens"],
  [TOKEN_LIST_ERRORS.lastList, "lastList"],
];

/** The user's-language form of a list error; validation details (after the colon) stay as they are. */
export function listErrorText(t: TFunction<"tokens">, message: string): string {
  for (const [text, key] of KEYS) {
    if (message === text) return t(key as "lastList");
    if (message.startsWith(`${text}:`)) return `${t(key as "lastList")}:${message.slice(text.length + 1)}`;
  }
  return message;
}
