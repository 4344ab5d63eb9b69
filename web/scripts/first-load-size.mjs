#!/usr/bin/env node
// First-load JavaScript of the web app (DESIGN.md: under 250 KB gzip): the entry script of
// dist/index.html, every modulepreloaded chunk, and every chunk reachable from those through static
// `import ... from "./x.js"` (dynamic `import()` is a lazy chunk and is not counted).
// Exits 1 over the budget: `npm run build -w web` runs it, so the target cannot regress silently.
// Usage: node scripts/first-load-size.mjs [distDir] [--json] [--summary] [--max-kb=250]
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

export const FIRST_LOAD_BUDGET_KB = 250;

/** Paths (relative to dist) of the entry script and the modulepreloaded chunks in index.html. */
export function htmlScripts(html) {
  const entries = [...html.matchAll(/<script\b[^>]*type="module"[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]);
  const preloads = [...html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*\bhref="([^"]+)"/g)].map((m) => m[1]);
  return { entries, preloads };
}

/** Static imports of a built chunk (`import{a}from"./x.js"`, `import"./x.js"`, `export*from"./x.js"`). */
export function staticImports(code) {
  const out = new Set();
  for (const m of code.matchAll(/(?:\bfrom|\bimport)\s*["'](\.{1,2}\/[^"']+\.js)["']/g)) out.add(m[1]);
  return [...out];
}

/** Every first-load chunk with its raw and gzip size; total in bytes. */
export function firstLoadSize(distDir) {
  const html = readFileSync(join(distDir, "index.html"), "utf8");
  const { entries, preloads } = htmlScripts(html);
  if (entries.length === 0) throw new Error(`no <script type="module" src> in ${join(distDir, "index.html")}`);
  const seen = new Map();
  const queue = [...entries, ...preloads].map((p) => join(distDir, p.replace(/^\//, "")));
  while (queue.length) {
    const file = resolve(queue.shift());
    if (seen.has(file)) continue;
    const code = readFileSync(file);
    seen.set(file, { file, raw: code.length, gzip: gzipSync(code).length });
    for (const imp of staticImports(code.toString("utf8"))) queue.push(join(dirname(file), imp));
  }
  const chunks = [...seen.values()].sort((a, b) => b.gzip - a.gzip);
  return {
    chunks,
    raw: chunks.reduce((s, c) => s + c.raw, 0),
    gzip: chunks.reduce((s, c) => s + c.gzip, 0),
  };
}

const isMain = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const args = process.argv.slice(2);
  const distDir = resolve(
    args.find((a) => !a.startsWith("--")) ?? join(dirname(fileURLToPath(import.meta.url)), "..", "dist"),
  );
  const maxArg = args.find((a) => a.startsWith("--max-kb="));
  const maxKb = maxArg ? Number(maxArg.slice("--max-kb=".length)) : FIRST_LOAD_BUDGET_KB;
  const r = firstLoadSize(distDir);
  const kb = (n) => (n / 1024).toFixed(1);
  if (args.includes("--json")) {
    console.log(JSON.stringify({ gzipBytes: r.gzip, rawBytes: r.raw, chunks: r.chunks.length, budgetKb: maxKb }));
  } else {
    if (!args.includes("--summary"))
      for (const c of r.chunks)
        console.log(
          `${kb(c.gzip).padStart(7)} KB gzip  ${kb(c.raw).padStart(7)} KB  ${c.file.slice(distDir.length + 1)}`,
        );
    console.log(
      `first-load JavaScript: ${kb(r.gzip)} KB gzip (${kb(r.raw)} KB raw) in ${r.chunks.length} chunks; budget ${maxKb} KB`,
    );
  }
  if (r.gzip > maxKb * 1024) {
    console.error(`over budget: ${kb(r.gzip)} KB gzip > ${maxKb} KB`);
    process.exit(1);
  }
}
