import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, posix } from "node:path";
import { gzipSync } from "node:zlib";
import { REPO_ROOT } from "./paths.ts";

export type WebResult = {
  dist: string;
  built: boolean;
  files: { file: string; bytes: number; gzipBytes: number }[];
  jsBytes: number;
  jsGzipBytes: number;
};

/** Static `import ... from "./x.js"` / `import "./x.js"` / `export ... from "./x.js"` in a built chunk (not `import()`). */
export function staticImports(code: string): string[] {
  const found = new Set<string>();
  const re = /(?:\bimport|\bexport)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+\.m?js)["']/g;
  for (let m = re.exec(code); m; m = re.exec(code)) {
    // `import(` is dynamic: the regex needs a quote right after `import`/`from`, so it never matches `import("`.
    found.add(m[1] as string);
  }
  return [...found];
}

/** Entry scripts and modulepreload links of index.html (what the browser fetches before the first route renders). */
export function entryScripts(html: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(/<script\b[^>]*\btype=["']module["'][^>]*\bsrc=["']([^"']+)["']/g))
    out.push(m[1] as string);
  for (const m of html.matchAll(/<link\b[^>]*\brel=["']modulepreload["'][^>]*\bhref=["']([^"']+)["']/g))
    out.push(m[1] as string);
  return out;
}

/**
 * The first route's JavaScript: index.html's entry module(s) and modulepreloads plus everything they
 * import statically (recursively), gzipped one by one at level 9. Lazy route chunks (`import()`) are
 * not counted. Builds web/dist first if it is missing.
 */
export function measureWeb(opts: { build?: boolean } = {}): WebResult {
  const dist = join(REPO_ROOT, "web/dist");
  let built = false;
  if (!existsSync(join(dist, "index.html")) && opts.build !== false) {
    const r = spawnSync("npm", ["run", "build", "-w", "web"], { cwd: REPO_ROOT, stdio: "pipe", encoding: "utf8" });
    if (r.status !== 0) throw new Error(`npm run build -w web failed:\n${r.stdout}\n${r.stderr}`);
    built = true;
  }
  const html = readFileSync(join(dist, "index.html"), "utf8");
  const toFile = (url: string, from = "/") => {
    if (/^https?:\/\//.test(url)) return undefined;
    const p = url.startsWith("/") ? url : posix.join(posix.dirname(from), url);
    return posix.normalize(p.split("?")[0] as string);
  };
  const queue = entryScripts(html)
    .map((u) => toFile(u))
    .filter((x): x is string => !!x);
  if (queue.length === 0) throw new Error("web/dist/index.html has no module entry script");
  const seen = new Set<string>();
  const files: WebResult["files"] = [];
  while (queue.length > 0) {
    const f = queue.shift() as string;
    if (seen.has(f)) continue;
    seen.add(f);
    const abs = join(dist, f);
    if (!existsSync(abs)) throw new Error(`web/dist is missing ${f}`);
    const buf = readFileSync(abs);
    files.push({ file: f, bytes: buf.length, gzipBytes: gzipSync(buf, { level: 9 }).length });
    for (const imp of staticImports(buf.toString("utf8"))) {
      const next = toFile(imp, f);
      if (next && !seen.has(next)) queue.push(next);
    }
  }
  return {
    dist: dirname(join(dist, "index.html")),
    built,
    files,
    jsBytes: files.reduce((a, f) => a + f.bytes, 0),
    jsGzipBytes: files.reduce((a, f) => a + f.gzipBytes, 0),
  };
}
