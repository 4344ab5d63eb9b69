import type { CSSProperties } from "react";

/** Round and fixed in size; inline so the icon looks the same on every screen that shows it. */
const DISC: CSSProperties = { borderRadius: "50%", flex: "none", objectFit: "cover" };

/** The portfolio's icon (its uploaded image) or, without one, its symbol's first letters on a tinted disc. */
export function PortfolioIcon({ uri, symbol, size = 40 }: { uri: string | null; symbol: string; size?: number }) {
  if (uri) {
    return <img className="pf-icon" src={uri} alt="" width={size} height={size} loading="lazy" style={DISC} />;
  }
  let h = 0;
  for (const ch of symbol) h = (h * 31 + ch.charCodeAt(0)) % 360;
  return (
    <span
      className="pf-icon pf-icon-letters"
      aria-hidden
      style={{
        ...DISC,
        display: "inline-flex",
        alignItems: "center",
        justifyContent: "center",
        color: "#fff",
        fontWeight: 700,
        width: size,
        height: size,
        fontSize: size * 0.36,
        background: `hsl(${h} 60% 45%)`,
      }}
    >
      {symbol.slice(0, 2)}
    </span>
  );
}
