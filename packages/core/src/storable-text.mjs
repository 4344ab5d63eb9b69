// The one rule for text the product stores or shows from outside: strings from events and calls
// (names, symbols), revert reasons, RPC errors, webhook replies, model output. PostgreSQL text
// cannot hold NUL or invalid UTF-8, a stranger can write both on chain, and bidi controls reorder
// what a screen shows around them, so every such string passes through here before it is written
// (server) or shown (web, for what it reads from the chain itself). User input is refused rather
// than cleaned (validation.ts textProblem, which refuses the same characters). Plain JavaScript,
// imported as `@sofi/core/storable-text`, so that the indexer's logs worker (plain node, tsx and
// vitest alike), the server and the web app share the very same code. Types: storable-text.d.mts.

/** Longest stored text by default (UTF-16 code units, a cut pair never left behind). */
export const STORABLE_TEXT_MAX = 1_000;

/** What stands in for each removed character: visible, so a spoof attempt stays visible. */
export const REPLACEMENT = "\uFFFD";

/** Marks a text cut at its bound. */
export const ELLIPSIS = "\u2026";

// C0 controls, DEL, C1 controls; the bidi marks, embeddings, overrides and isolates (U+061C,
// U+200E-U+200F, U+202A-U+202E, U+2066-U+2069), which reorder the text shown around them; lone
// UTF-16 surrogates (not encodable as UTF-8); U+FFFE/U+FFFF non-characters.
const UNSAFE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
  /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
// The same, keeping tab and newline (multi-line user text such as posts).
const UNSAFE_MULTILINE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * `value` as text PostgreSQL stores and a screen shows without surprises: each unsafe character
 * (see UNSAFE) replaced by U+FFFD, and at most `max` UTF-16 code units, a cut text ending in "…".
 * Anything that is not a string is turned into one first (an Error gives its message).
 */
export function storableText(value, opts = {}) {
  const max = opts.max ?? STORABLE_TEXT_MAX;
  let s =
    typeof value === "string"
      ? value
      : value instanceof Error
        ? value.message
        : value === null || value === undefined
          ? ""
          : String(value);
  s = s.replace(opts.multiline ? UNSAFE_MULTILINE : UNSAFE, REPLACEMENT);
  if (s.length > max) {
    let end = Math.max(0, max - 1);
    // never leave half of a surrogate pair
    const code = s.charCodeAt(end - 1);
    if (code >= 0xd800 && code <= 0xdbff) end--;
    s = s.slice(0, end) + ELLIPSIS;
  }
  return s;
}

const decoder = new TextDecoder("utf-8", { fatal: false });

/**
 * Text from raw bytes (hex `0x…` or a Uint8Array) as it came from the chain: invalid UTF-8
 * becomes U+FFFD (the WHATWG decoder's replacement), then storableText. Returns the text and
 * whether it differs from an exact reading of the bytes (so callers can keep the raw bytes).
 */
export function storableTextFromBytes(bytes, opts = {}) {
  const buf = typeof bytes === "string" ? hexBytes(bytes) : bytes;
  let exact = true;
  let decoded;
  try {
    decoded = new TextDecoder("utf-8", { fatal: true }).decode(buf);
  } catch {
    exact = false;
    decoded = decoder.decode(buf);
  }
  const text = storableText(decoded, opts);
  return { text, exact: exact && text === decoded };
}

function hexBytes(hex) {
  const h = hex.startsWith("0x") ? hex.slice(2) : hex;
  const out = new Uint8Array(h.length >> 1);
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(h.slice(i * 2, i * 2 + 2), 16);
  return out;
}

/** Every string inside a JSON-like value passed through storableText (object keys too). */
export function storableJson(value, opts = {}) {
  if (typeof value === "string") return storableText(value, opts);
  if (Array.isArray(value)) return value.map((v) => storableJson(v, opts));
  if (value && typeof value === "object") {
    const out = {};
    for (const [k, v] of Object.entries(value)) out[storableText(k, opts)] = storableJson(v, opts);
    return out;
  }
  return value;
}
