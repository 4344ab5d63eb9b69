// Generates the token icons in web/public/tokens/. Run: node web/src/features/tokens/gen-logos.mjs
// - `{symbol}.svg`: the brand icon from @web3icons/core (MIT, "background" variant: the mark on its
//   brand-coloured square, round once the app clips it) for the symbols in KNOWN_ICONS, and
//   `known-logos.ts`, the list of those symbols. The app (TokenLogo.tsx) shows these, and a monogram
//   it draws itself for every other symbol (issue 9 #23).
// - `{symbol}.png` (real PNGs: a coloured disc with the symbol's first letters in a 5x7 pixel font)
//   for the deployment's tokens, the native coin and the fallback `unknown.png`: the static icons at
//   spec 000 §7's path (lowercase symbol + .png) that the server's token list names as logoURI.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { deflateSync } from "node:zlib";

const here = dirname(fileURLToPath(import.meta.url));
const outDir = join(here, "../../../public/tokens");
const deployment = JSON.parse(
  readFileSync(join(here, "../../../../packages/protocol/src/deployments/31337.json"), "utf8"),
);

const FONT = {
  A: ["01110", "10001", "10001", "11111", "10001", "10001", "10001"],
  B: ["11110", "10001", "10001", "11110", "10001", "10001", "11110"],
  C: ["01110", "10001", "10000", "10000", "10000", "10001", "01110"],
  D: ["11110", "10001", "10001", "10001", "10001", "10001", "11110"],
  E: ["11111", "10000", "10000", "11110", "10000", "10000", "11111"],
  F: ["11111", "10000", "10000", "11110", "10000", "10000", "10000"],
  G: ["01110", "10001", "10000", "10111", "10001", "10001", "01111"],
  H: ["10001", "10001", "10001", "11111", "10001", "10001", "10001"],
  I: ["01110", "00100", "00100", "00100", "00100", "00100", "01110"],
  J: ["00111", "00010", "00010", "00010", "00010", "10010", "01100"],
  K: ["10001", "10010", "10100", "11000", "10100", "10010", "10001"],
  L: ["10000", "10000", "10000", "10000", "10000", "10000", "11111"],
  M: ["10001", "11011", "10101", "10101", "10001", "10001", "10001"],
  N: ["10001", "10001", "11001", "10101", "10011", "10001", "10001"],
  O: ["01110", "10001", "10001", "10001", "10001", "10001", "01110"],
  P: ["11110", "10001", "10001", "11110", "10000", "10000", "10000"],
  Q: ["01110", "10001", "10001", "10001", "10101", "10010", "01101"],
  R: ["11110", "10001", "10001", "11110", "10100", "10010", "10001"],
  S: ["01111", "10000", "10000", "01110", "00001", "00001", "11110"],
  T: ["11111", "00100", "00100", "00100", "00100", "00100", "00100"],
  U: ["10001", "10001", "10001", "10001", "10001", "10001", "01110"],
  V: ["10001", "10001", "10001", "10001", "10001", "01010", "00100"],
  W: ["10001", "10001", "10001", "10101", "10101", "10101", "01010"],
  X: ["10001", "10001", "01010", "00100", "01010", "10001", "10001"],
  Y: ["10001", "10001", "01010", "00100", "00100", "00100", "00100"],
  Z: ["11111", "00001", "00010", "00100", "01000", "10000", "11111"],
  "?": ["01110", "10001", "00001", "00010", "00100", "00000", "00100"],
};

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}
function png(size, pixel) {
  const raw = Buffer.alloc((size * 4 + 1) * size);
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    for (let x = 0; x < size; x++) raw.set(pixel(x, y), y * (size * 4 + 1) + 1 + x * 4);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  const sig = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
  return Buffer.concat([sig, chunk("IHDR", ihdr), chunk("IDAT", deflateSync(raw)), chunk("IEND", Buffer.alloc(0))]);
}

function hsl(h, s, l) {
  const a = s * Math.min(l, 1 - l);
  const f = (n) => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}

function icon(symbol, colour) {
  const size = 64;
  const letters = [...symbol.toUpperCase().replace(/[^A-Z?]/g, "")].slice(0, 2);
  const scale = letters.length > 1 ? 4 : 5;
  const w = letters.length * 5 * scale + (letters.length - 1) * scale;
  const h = 7 * scale;
  const x0 = Math.round((size - w) / 2);
  const y0 = Math.round((size - h) / 2);
  const ink = (x, y) => {
    const lx = x - x0;
    const ly = y - y0;
    if (lx < 0 || ly < 0 || ly >= h) return false;
    const cell = Math.floor(lx / scale);
    const li = Math.floor(cell / 6);
    const col = cell % 6;
    if (li >= letters.length || col === 5) return false;
    return FONT[letters[li]]?.[Math.floor(ly / scale)]?.[col] === "1";
  };
  return png(size, (x, y) => {
    // 4x4 supersampled disc edge
    let cover = 0;
    for (let sy = 0; sy < 4; sy++)
      for (let sx = 0; sx < 4; sx++) {
        const dx = x + (sx + 0.5) / 4 - size / 2;
        const dy = y + (sy + 0.5) / 4 - size / 2;
        if (dx * dx + dy * dy <= (size / 2) ** 2) cover++;
      }
    const alpha = Math.round((cover / 16) * 255);
    const [r, g, b] = ink(x, y) ? [255, 255, 255] : colour;
    return [r, g, b, alpha];
  });
}

function hue(symbol) {
  let hash = 0;
  for (const c of symbol) hash = (hash * 31 + c.charCodeAt(0)) >>> 0;
  return hash % 360;
}

const symbols = [...new Set(["ETH", ...deployment.tokens.map((t) => t.symbol)])];
for (const s of symbols) writeFileSync(join(outDir, `${s.toLowerCase()}.png`), icon(s, hsl(hue(s), 0.55, 0.45)));
writeFileSync(join(outDir, "unknown.png"), icon("?", [140, 140, 150]));
console.log(`wrote ${symbols.length + 1} icons to ${outDir}`);

/**
 * Symbol (as tokens spell it) → @web3icons/core token icon. Only well-known, unambiguous symbols:
 * RAI is left out (web3icons' RAI is Rai Reflex Index; this deployment's RAI is another token).
 * WETH shows the ETH mark, as wallets do.
 */
const KNOWN_ICONS = {
  ETH: "ETH",
  WETH: "ETH",
  BTC: "BTC",
  WBTC: "WBTC",
  USDT: "USDT",
  USDC: "USDC",
  DAI: "DAI",
  SOFI: "SOFI",
  POL: "POL",
  MATIC: "MATIC",
  LINK: "LINK",
  UNI: "UNI",
  AAVE: "AAVE",
  ARB: "ARB",
  OP: "OP",
  BLAST: "BLAST",
  CBETH: "CBETH",
  RETH: "RETH",
  LDO: "LDO",
  MKR: "MKR",
  CRV: "CRV",
  COMP: "COMP",
  SNX: "SNX",
  SUSHI: "SUSHI",
  PEPE: "PEPE",
  SHIB: "SHIB",
  EURC: "EURC",
  FRAX: "FRAX",
  USDE: "USDE",
  PYUSD: "PYUSD",
  DEGEN: "DEGEN",
  TBTC: "TBTC",
};
const known = [];
for (const [symbol, icon] of Object.entries(KNOWN_ICONS)) {
  const { default: svg } = await import(`@web3icons/core/svgs/tokens/background/${icon}.svg.js`);
  // Width and height go, so the image scales to the size the app asks for (the viewBox stays).
  const out = svg.replace(/\s(width|height)="24"/g, "").replace(/\n\s*/g, "");
  writeFileSync(join(outDir, `${symbol.toLowerCase()}.svg`), `${out}\n`);
  known.push(symbol);
}
const version = JSON.parse(
  readFileSync(join(here, "../../../../node_modules/@web3icons/core/package.json"), "utf8"),
).version;
const listFile = join(here, "known-logos.ts");
writeFileSync(
  listFile,
  `// Generated by gen-logos.mjs from @web3icons/core ${version} (MIT): do not edit.\n` +
    `/** Symbols with a brand icon at /tokens/{lowercase symbol}.svg. */\n` +
    `export const KNOWN_LOGO_SYMBOLS: ReadonlySet<string> = new Set(${JSON.stringify(known)});\n`,
);
execFileSync("npx", ["biome", "format", "--write", listFile], { stdio: "ignore" });
console.log(`wrote ${known.length} brand icons (svg) to ${outDir}`);
