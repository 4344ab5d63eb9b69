/**
 * The one rule for which Chromium the end-to-end tests, the bench's browser rows and any screenshot
 * tooling drive:
 *   1. `CHROMIUM_PATH` when it is set (and then it must be an executable: no silent fallback);
 *   2. otherwise the Chromium of the npm package `@sparticuz/chromium` (a devDependency), extracted
 *      once into `.cache/chromium/<version>/` (gitignored) and launched with the NSS, NSPR and expat
 *      libraries it ships on `LD_LIBRARY_PATH` and its fonts in a fontconfig of its own, set for the
 *      browser process only (`launchOptions(...).env`), never in the caller's `process.env`;
 *   3. the system's Chromium (`chromium` or `chromium-browser` on `PATH`, `/usr/bin/chromium`)
 *      only as a fallback, e.g. on a machine the npm package has no build for (it is Linux x64).
 *
 * `npx tsx scripts/browser.ts` resolves (extracting on first use) and prints the source and path.
 */
import {
  accessSync,
  chmodSync,
  constants,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { delimiter, dirname, join, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliDecompressSync } from "node:zlib";

export const NPM_PACKAGE = "@sparticuz/chromium";
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
/** Where the npm package's Chromium is extracted, one folder per package version (gitignored). */
export const CACHE_ROOT = join(ROOT, ".cache", "chromium");
/** The system Chromium's usual path on Debian and Ubuntu; `chromium` on PATH is looked at first. */
export const SYSTEM_CHROMIUM = "/usr/bin/chromium";

export type BrowserSource = "CHROMIUM_PATH" | "npm" | "system";

export type ResolvedBrowser = {
  source: BrowserSource;
  executablePath: string;
  /** Variables for the browser process only (the npm build's libraries and fonts); empty otherwise. */
  env: Record<string, string>;
  /** Why the earlier sources were passed over (printed by the CLI; empty when the first one served). */
  skipped: string[];
};

/** Flags every launch uses. The npm build is a headless shell that runs with these as they are. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** A source that cannot serve says why, so the final error can name every source and its reason. */
export type Unavailable = { unavailable: string };

export type ResolveDeps = {
  env: Record<string, string | undefined>;
  /** The npm package's Chromium (extracted on first use), or why there is none. */
  npmBrowser: () => { executablePath: string; env: Record<string, string> } | Unavailable;
  /** The system's Chromium, or why there is none. */
  systemBrowser: () => string | Unavailable;
  isExecutable: (path: string) => boolean;
};

export function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** Resolves the browser by the rule above; throws an error naming all three sources when none serves. */
export function resolveBrowser(deps: Partial<ResolveDeps> = {}): ResolvedBrowser {
  const d: ResolveDeps = {
    env: process.env,
    npmBrowser: () => npmChromium(),
    systemBrowser: () => systemChromium(deps.env ?? process.env, deps.isExecutable ?? isExecutable),
    isExecutable,
    ...deps,
  };
  const override = d.env.CHROMIUM_PATH;
  if (override) {
    if (!d.isExecutable(override)) {
      throw new Error(
        `CHROMIUM_PATH is ${override}, which is not an executable file. Unset it to use the npm package's Chromium.`,
      );
    }
    return { source: "CHROMIUM_PATH", executablePath: override, env: {}, skipped: [] };
  }
  const skipped = ["CHROMIUM_PATH is not set"];
  const npm = d.npmBrowser();
  if (!("unavailable" in npm)) return { source: "npm", ...npm, skipped };
  skipped.push(`npm package ${NPM_PACKAGE}: ${npm.unavailable}`);
  const system = d.systemBrowser();
  if (typeof system === "string") return { source: "system", executablePath: system, env: {}, skipped };
  skipped.push(`system Chromium: ${system.unavailable}`);
  throw new Error(
    `No Chromium for the browser tests. Tried, in order:\n${skipped.map((s, i) => `  ${i + 1}. ${s}`).join("\n")}\n` +
      `Run \`npm install\` (it brings ${NPM_PACKAGE}), or set CHROMIUM_PATH to a Chromium binary.`,
  );
}

/** Playwright's launch options for a resolved browser: the browser's variables on top of this process's. */
export function launchOptions(browser: ResolvedBrowser): {
  executablePath: string;
  args: string[];
  env?: Record<string, string>;
} {
  const env = Object.keys(browser.env).length
    ? {
        ...(Object.fromEntries(Object.entries(process.env).filter(([, v]) => v !== undefined)) as Record<
          string,
          string
        >),
        ...browser.env,
      }
    : undefined;
  return { executablePath: browser.executablePath, args: [...CHROMIUM_ARGS], ...(env ? { env } : {}) };
}

export function systemChromium(
  env: Record<string, string | undefined>,
  executable: (path: string) => boolean = isExecutable,
): string | Unavailable {
  const onPath = (env.PATH ?? "")
    .split(delimiter)
    .filter(Boolean)
    .flatMap((dir) => ["chromium", "chromium-browser"].map((name) => join(dir, name)));
  const found = [...onPath, SYSTEM_CHROMIUM].find((p) => executable(p));
  return found ?? { unavailable: `none at ${SYSTEM_CHROMIUM} nor \`chromium\`/\`chromium-browser\` on PATH` };
}

/** The installed npm package's folder, or why there is none. */
export function npmPackageDir(): string | Unavailable {
  try {
    // The package exports only its entry point (build/index.js); its bin/ folder is beside build/.
    const entry = createRequire(join(ROOT, "package.json")).resolve(NPM_PACKAGE);
    return resolve(dirname(entry), "..");
  } catch {
    return { unavailable: "not installed (run `npm install`)" };
  }
}

/** The files of the npm build, extracted into `<cacheRoot>/<version>/`. */
export type NpmChromiumLayout = { dir: string; executablePath: string; libDir: string; fontsConf: string };

export function npmLayout(dir: string): NpmChromiumLayout {
  return { dir, executablePath: join(dir, "chromium"), libDir: join(dir, "lib"), fontsConf: join(dir, "fonts.conf") };
}

/** The npm package's Chromium, extracted on first use, with its variables; or why there is none. */
export function npmChromium(
  opts: { packageDir?: string; cacheRoot?: string; platform?: string; arch?: string } = {},
): { executablePath: string; env: Record<string, string>; version: string } | Unavailable {
  const platform = opts.platform ?? process.platform;
  const arch = opts.arch ?? process.arch;
  if (platform !== "linux" || arch !== "x64") {
    return { unavailable: `its build is for Linux x64 only (this is ${platform} ${arch})` };
  }
  const packageDir = opts.packageDir ?? npmPackageDir();
  if (typeof packageDir !== "string") return packageDir;
  const version = (JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8")) as { version: string }).version;
  let layout: NpmChromiumLayout;
  try {
    layout = extractNpmChromium(join(packageDir, "bin"), join(opts.cacheRoot ?? CACHE_ROOT, version));
  } catch (e) {
    return { unavailable: `extraction failed: ${e instanceof Error ? e.message : String(e)}` };
  }
  return {
    executablePath: layout.executablePath,
    version,
    env: {
      // Only the libraries the package ships: NSS, NSPR, expat (the rest is glibc's).
      LD_LIBRARY_PATH: layout.libDir,
      FONTCONFIG_FILE: layout.fontsConf,
      FONTCONFIG_PATH: layout.dir,
    },
  };
}

/** A leftover of an extraction that was killed is removed once it is this old. */
const STALE_TMP_MS = 10 * 60_000;

/**
 * Extracts the package's `bin/` (chromium.br, al2023.tar.br, swiftshader.tar.br, fonts.tar.br) into
 * `dest` once. Atomic: everything goes into a temporary sibling folder that is renamed to `dest`
 * when complete, so a killed extraction or two processes at once never leave a half folder.
 */
export function extractNpmChromium(binDir: string, dest: string): NpmChromiumLayout {
  const layout = npmLayout(dest);
  if (isExecutable(layout.executablePath)) return layout;
  const parent = dirname(dest);
  mkdirSync(parent, { recursive: true });
  for (const name of readdirSync(parent)) {
    const p = join(parent, name);
    if (name.startsWith(".tmp-") && Date.now() - statSync(p).mtimeMs > STALE_TMP_MS) {
      rmSync(p, { recursive: true, force: true });
    }
  }
  const tmp = mkdtempSync(join(parent, ".tmp-"));
  try {
    writeFileSync(join(tmp, "chromium"), brotliDecompressSync(readFileSync(join(binDir, "chromium.br"))), {
      mode: 0o755,
    });
    // al2023: lib/ (NSS, NSPR, expat); swiftshader: the GL libraries Chromium loads from its own folder.
    for (const archive of ["al2023.tar.br", "swiftshader.tar.br", "fonts.tar.br"]) {
      extractTar(brotliDecompressSync(readFileSync(join(binDir, archive))), tmp);
    }
    // The package's fonts.conf names Lambda's folders; ours names the extracted fonts only.
    writeFileSync(join(tmp, "fonts.conf"), fontsConf(dest));
    chmodSync(tmp, 0o755);
    try {
      renameSync(tmp, dest);
    } catch (e) {
      // Another process finished first: use its folder.
      if (!isExecutable(layout.executablePath)) throw e;
      rmSync(tmp, { recursive: true, force: true });
    }
  } catch (e) {
    rmSync(tmp, { recursive: true, force: true });
    throw e;
  }
  return layout;
}

function fontsConf(dir: string): string {
  const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  return `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<!-- Written by scripts/browser.ts: the npm build's fonts (Open Sans) only, the same on every machine. -->
<fontconfig>
  <dir>${esc(join(dir, "fonts"))}</dir>
  <cachedir>${esc(join(dir, "fonts-cache"))}</cachedir>
</fontconfig>
`;
}

/** A minimal tar reader (ustar, GNU long names, pax paths): regular files, folders and symlinks. */
export function extractTar(tar: Buffer, dest: string): string[] {
  const written: string[] = [];
  const root = resolve(dest);
  let offset = 0;
  let longName: string | undefined;
  const str = (start: number, len: number) => {
    const field = tar.subarray(offset + start, offset + start + len);
    const end = field.indexOf(0);
    return field.subarray(0, end === -1 ? len : end).toString("utf8");
  };
  const octal = (start: number, len: number) => Number.parseInt(str(start, len).trim() || "0", 8);
  while (offset + 512 <= tar.length) {
    const header = tar.subarray(offset, offset + 512);
    if (header.every((b) => b === 0)) break;
    const size = octal(124, 12);
    const type = String.fromCharCode(header[156] ?? 0);
    const prefix = str(257, 6).startsWith("ustar") ? str(345, 155) : "";
    let name = longName ?? (prefix ? `${prefix}/${str(0, 100)}` : str(0, 100));
    longName = undefined;
    const mode = octal(100, 8);
    const linkName = str(157, 100);
    const body = tar.subarray(offset + 512, offset + 512 + size);
    offset += 512 + Math.ceil(size / 512) * 512;
    if (type === "L") {
      longName = body.toString("utf8").replace(/\0+$/, "");
      continue;
    }
    if (type === "x") {
      const path = /(?:^|\n)\d+ path=([^\n]*)\n/.exec(body.toString("utf8"))?.[1];
      if (path) longName = path;
      continue;
    }
    if (type === "g") continue;
    name = name.replace(/^\.\//, "");
    if (!name || name === ".") continue;
    const target = resolve(root, name);
    if (!target.startsWith(root + sep)) throw new Error(`tar entry outside the destination: ${name}`);
    if (type === "5") {
      mkdirSync(target, { recursive: true });
    } else if (type === "0" || type === "\0" || type === "7") {
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, body, { mode: mode & 0o777 });
      written.push(target);
    } else if (type === "2") {
      const linked = resolve(dirname(target), linkName);
      if (!linked.startsWith(root + sep))
        throw new Error(`tar symlink outside the destination: ${name} -> ${linkName}`);
      mkdirSync(dirname(target), { recursive: true });
      symlinkSync(linkName, target);
      written.push(target);
    } else {
      throw new Error(`unsupported tar entry type ${JSON.stringify(type)} for ${name}`);
    }
  }
  return written;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const b = resolveBrowser();
    for (const s of b.skipped.slice(1)) console.log(`browser: passed over ${s}`);
    console.log(
      `browser: ${b.executablePath} (${b.source === "npm" ? `npm package ${NPM_PACKAGE}, ${CACHE_ROOT}` : b.source})`,
    );
  } catch (e) {
    console.error(e instanceof Error ? e.message : String(e));
    process.exit(1);
  }
}
