import { useState } from "react";
import { KNOWN_LOGO_SYMBOLS } from "./known-logos.ts";
import type { UiToken } from "./types.ts";

/**
 * Spec 000 §7: token icons live at a static path ending in the lowercase symbol plus .png (the
 * server's token list names these as logoURI; gen-logos.mjs draws them).
 */
export function tokenLogoPath(symbol: string): string {
  return `/tokens/${encodeURIComponent(symbol.toLowerCase())}.png`;
}

/**
 * The brand icon the app shows for a well-known symbol (issue 9 #23): a static SVG from
 * @web3icons/core copied by gen-logos.mjs, so the bundle carries only the list of symbols. Null for
 * any other symbol: it gets a monogram.
 */
export function tokenIconUrl(symbol: string): string | null {
  const s = symbol.toUpperCase();
  return KNOWN_LOGO_SYMBOLS.has(s) ? `/tokens/${encodeURIComponent(s.toLowerCase())}.svg` : null;
}

/** Up to two letters or digits of the symbol, as the monogram shows them ("?" when it has none). */
export function monogramText(symbol: string | undefined): string {
  const chars = [...(symbol ?? "").toUpperCase()].filter((c) => /[\p{L}\p{N}]/u.test(c));
  return chars.length > 0 ? chars.slice(0, 2).join("") : "?";
}

/** A stable hue per symbol, so two monograms with the same letters (e.g. "US") still differ. */
export function monogramHue(symbol: string): number {
  let hash = 0;
  for (const c of symbol) hash = (hash * 31 + (c.codePointAt(0) ?? 0)) >>> 0;
  return hash % 360;
}

export type TokenLogoProps = { token: Pick<UiToken, "symbol"> | null | undefined; size?: number; className?: string };

/**
 * The token's icon: the brand icon for a known symbol, otherwise (or when the icon fails to load)
 * a monogram on a colour of its own. Decorative: pair it with the symbol text.
 */
export function TokenLogo({ token, size = 24, className }: TokenLogoProps) {
  const symbol = token?.symbol ?? "";
  const src = token ? tokenIconUrl(symbol) : null;
  const [failed, setFailed] = useState<string | null>(null);
  const box = { width: size, height: size, borderRadius: "50%", flex: "none" } as const;
  if (src && failed !== src) {
    return (
      <img
        className={className}
        src={src}
        alt=""
        aria-hidden="true"
        width={size}
        height={size}
        loading="lazy"
        decoding="async"
        style={{ ...box, objectFit: "cover" }}
        onError={() => setFailed(src)}
        data-symbol={token?.symbol}
      />
    );
  }
  const text = monogramText(token?.symbol);
  return (
    <span
      className={className}
      aria-hidden="true"
      data-symbol={token?.symbol}
      data-monogram={text}
      style={{
        ...box,
        display: "inline-flex",
        alignItems: "center",
        justifyContent: "center",
        background: token ? `hsl(${monogramHue(symbol)} 55% 45%)` : "hsl(240 5% 57%)",
        color: "#fff",
        fontSize: Math.max(8, Math.round(size * (text.length > 1 ? 0.4 : 0.5))),
        fontWeight: 700,
        lineHeight: 1,
        letterSpacing: 0,
        userSelect: "none",
      }}
    >
      {text}
    </span>
  );
}
