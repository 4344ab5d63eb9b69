import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
// @ts-expect-error plain ESM script without type declarations
import { FIRST_LOAD_BUDGET_KB, firstLoadSize, htmlScripts, staticImports } from "../../scripts/first-load-size.mjs";

type Size = { chunks: { file: string; gzip: number }[]; gzip: number; raw: number };

function dist(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "first-load-"));
  mkdirSync(join(dir, "assets"));
  for (const [name, body] of Object.entries(files)) writeFileSync(join(dir, name), body);
  return dir;
}

const gz = (s: string) => gzipSync(Buffer.from(s)).length;

describe("first-load size check (scripts/first-load-size.mjs)", () => {
  it("the budget is DESIGN.md's 250 KB", () => {
    expect(FIRST_LOAD_BUDGET_KB).toBe(250);
  });

  it("reads the entry script and the modulepreload links of index.html", () => {
    const html = `<script type="module" crossorigin src="/assets/index-a.js"></script>
      <link rel="modulepreload" crossorigin href="/assets/react-b.js">
      <link rel="stylesheet" href="/assets/index.css">`;
    expect(htmlScripts(html)).toEqual({ entries: ["/assets/index-a.js"], preloads: ["/assets/react-b.js"] });
  });

  it("follows static imports, not dynamic import()", () => {
    const code = `import{a as b}from"./x-1.js";import"./y-2.js";export*from"./z-3.js";const l=()=>import("./lazy-4.js");`;
    expect(staticImports(code).sort()).toEqual(["./x-1.js", "./y-2.js", "./z-3.js"]);
  });

  it("counts the entry, its preloads and their static imports once each, never lazy chunks", () => {
    const entry = `import{r}from"./react.js";import"./shared.js";const w=()=>import("./wallet.js");console.log(r,w)`;
    const react = `import"./shared.js";export const r=${JSON.stringify("x".repeat(500))};`;
    const shared = `export const s=1;`;
    const wallet = `export const w=${JSON.stringify("w".repeat(5000))};`;
    const dir = dist({
      "index.html": `<script type="module" src="/assets/index.js"></script><link rel="modulepreload" href="/assets/react.js">`,
      "assets/index.js": entry,
      "assets/react.js": react,
      "assets/shared.js": shared,
      "assets/wallet.js": wallet,
    });
    const r = firstLoadSize(dir) as Size;
    expect(r.chunks.map((c) => c.file.split("/").pop()).sort()).toEqual(["index.js", "react.js", "shared.js"]);
    expect(r.gzip).toBe(gz(entry) + gz(react) + gz(shared));
    expect(r.raw).toBe(entry.length + react.length + shared.length);
  });

  it("fails loudly without an entry script", () => {
    const dir = dist({ "index.html": "<html></html>" });
    expect(() => firstLoadSize(dir)).toThrow(/no <script type="module" src>/);
  });
});
