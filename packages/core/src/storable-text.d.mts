export type StorableTextOptions = {
  /** Longest text kept (UTF-16 code units); default STORABLE_TEXT_MAX. */
  max?: number;
  /** Keep tab and newline (multi-line user text). */
  multiline?: boolean;
};
export const STORABLE_TEXT_MAX: number;
export const REPLACEMENT: string;
export const ELLIPSIS: string;
export function storableText(value: unknown, opts?: StorableTextOptions): string;
export function storableTextFromBytes(
  bytes: string | Uint8Array,
  opts?: StorableTextOptions,
): { text: string; exact: boolean };
export function storableJson<T>(value: T, opts?: StorableTextOptions): T;
