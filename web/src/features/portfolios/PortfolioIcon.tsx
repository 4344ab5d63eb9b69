/** The portfolio's icon (its uploaded image) or, without one, its symbol's first letters on a tinted disc. */
export function PortfolioIcon({ uri, symbol, size = 40 }: { uri: string | null; symbol: string; size?: number }) {
  if (uri) {
    return <img className="pf-icon" src={uri} alt="" width={size} height={size} loading="lazy" />;
  }
  let h = 0;
  for (const ch of symbol) h = (h * 31 + ch.charCodeAt(0)) % 360;
  return (
    <span
      className="pf-icon pf-icon-letters"
      aria-hidden
      style={{ width: size, height: size, fontSize: size * 0.36, background: `hsl(${h} 60% 45%)` }}
    >
      {symbol.slice(0, 2)}
    </span>
  );
}
