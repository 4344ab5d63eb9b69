import { useState } from "react";
import type { UiToken } from "./types.ts";

/** Spec 000 §7: token icons live at a static path ending in the lowercase symbol plus .png. */
export function tokenLogoPath(symbol: string): string {
  return `/tokens/${encodeURIComponent(symbol.toLowerCase())}.png`;
}

export const FALLBACK_LOGO = "/tokens/unknown.png";

export type TokenLogoProps = { token: Pick<UiToken, "symbol"> | null | undefined; size?: number; className?: string };

/** The token's icon by symbol, with the fallback image when it is missing. Decorative: pair it with the symbol text. */
export function TokenLogo({ token, size = 24, className }: TokenLogoProps) {
  const src = token ? tokenLogoPath(token.symbol) : FALLBACK_LOGO;
  const [failed, setFailed] = useState<string | null>(null);
  return (
    <img
      className={className}
      src={failed === src ? FALLBACK_LOGO : src}
      alt=""
      aria-hidden="true"
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      style={{ width: size, height: size, borderRadius: "50%", flex: "none", objectFit: "cover" }}
      onError={() => {
        if (failed !== src) setFailed(src);
      }}
      data-symbol={token?.symbol}
    />
  );
}
