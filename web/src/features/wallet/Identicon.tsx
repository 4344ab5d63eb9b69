import { keccak256, toBytes } from "viem";

/** Deterministic 5x5 mirrored avatar derived from the address hash: its colour and filled cells. */
export function identiconCells(address: string): { color: string; filled: { x: number; y: number }[] } {
  const hash = toBytes(keccak256(toBytes(address.toLowerCase())));
  const hue = (((hash[0] ?? 0) << 8) | (hash[1] ?? 0)) % 360;
  const filled: { x: number; y: number }[] = [];
  for (let y = 0; y < 5; y++) {
    for (let x = 0; x < 3; x++) {
      if (((hash[2 + y * 3 + x] ?? 0) & 1) === 0) continue;
      filled.push({ x, y });
      if (x < 2) filled.push({ x: 4 - x, y });
    }
  }
  return { color: `hsl(${hue} 65% 50%)`, filled };
}

export function Identicon({ address, size = 32 }: { address: string; size?: number }) {
  const { color, filled } = identiconCells(address);
  return (
    <svg width={size} height={size} viewBox="0 0 5 5" role="img" aria-label={address} style={{ borderRadius: "50%" }}>
      <rect width="5" height="5" fill="#e9eef3" />
      {filled.map(({ x, y }) => (
        <rect key={`${x}-${y}`} x={x} y={y} width="1" height="1" fill={color} />
      ))}
    </svg>
  );
}
