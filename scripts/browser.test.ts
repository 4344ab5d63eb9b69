/**
 * The browser resolver (scripts/browser.ts): its order (CHROMIUM_PATH, then the npm package's
 * Chromium, then the system's), its extraction (atomic, once), and the npm build itself: with
 * `LD_LIBRARY_PATH` limited to the libraries it ships, `ldd` and the running browser's memory maps
 * show NSS, NSPR and expat from the cache folder and nothing from the system but glibc, and it
 * renders text with its own fonts. The npm package is a devDependency: when it is missing these
 * last tests fail, they do not skip.
 */
import { execFileSync, spawn } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants as zlib } from "node:zlib";
import { chromium } from "playwright-core";
import { afterAll, describe, expect, it, vi } from "vitest";
import {
  CACHE_ROOT,
  CHROMIUM_ARGS,
  extractNpmChromium,
  extractTar,
  launchOptions,
  npmChromium,
  npmLayout,
  resolveBrowser,
  SYSTEM_CHROMIUM,
  systemChromium,
} from "./browser.ts";

const NPM = { executablePath: "/cache/chromium", env: { LD_LIBRARY_PATH: "/cache/lib" } };
const yes = () => true;

describe("resolveBrowser: CHROMIUM_PATH, then npm, then the system", () => {
  it("CHROMIUM_PATH wins over the npm package and the system, which are not even looked at", () => {
    const npmBrowser = vi.fn(() => NPM);
    const systemBrowser = vi.fn(() => "/usr/bin/chromium");
    const b = resolveBrowser({
      env: { CHROMIUM_PATH: "/opt/chrome/chrome" },
      npmBrowser,
      systemBrowser,
      isExecutable: yes,
    });
    expect(b).toMatchObject({ source: "CHROMIUM_PATH", executablePath: "/opt/chrome/chrome", env: {} });
    expect(npmBrowser).not.toHaveBeenCalled();
    expect(systemBrowser).not.toHaveBeenCalled();
  });

  it("a CHROMIUM_PATH that is not an executable is an error, not a silent fallback", () => {
    expect(() =>
      resolveBrowser({
        env: { CHROMIUM_PATH: "/nowhere/chromium" },
        npmBrowser: () => NPM,
        systemBrowser: () => "/usr/bin/chromium",
        isExecutable: () => false,
      }),
    ).toThrow(/CHROMIUM_PATH is \/nowhere\/chromium, which is not an executable/);
  });

  it("without CHROMIUM_PATH (unset or empty) the npm package's Chromium comes before the system's", () => {
    for (const env of [{}, { CHROMIUM_PATH: "" }]) {
      const systemBrowser = vi.fn(() => "/usr/bin/chromium");
      const b = resolveBrowser({ env, npmBrowser: () => NPM, systemBrowser, isExecutable: yes });
      expect(b).toMatchObject({ source: "npm", executablePath: "/cache/chromium", env: NPM.env });
      expect(systemBrowser).not.toHaveBeenCalled();
    }
  });

  it("the system's Chromium only when the npm package cannot serve, saying why", () => {
    const b = resolveBrowser({
      env: {},
      npmBrowser: () => ({ unavailable: "not installed (run `npm install`)" }),
      systemBrowser: () => "/usr/bin/chromium",
      isExecutable: yes,
    });
    expect(b).toMatchObject({ source: "system", executablePath: "/usr/bin/chromium", env: {} });
    expect(b.skipped).toEqual([
      "CHROMIUM_PATH is not set",
      "npm package @sparticuz/chromium: not installed (run `npm install`)",
    ]);
  });

  it("none: one error naming the three sources in order and what to do", () => {
    let message = "";
    try {
      resolveBrowser({
        env: {},
        npmBrowser: () => ({ unavailable: "its build is for Linux x64 only (this is darwin arm64)" }),
        systemBrowser: () => ({ unavailable: "none at /usr/bin/chromium" }),
        isExecutable: yes,
      });
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toContain("No Chromium for the browser tests");
    expect(message).toContain("1. CHROMIUM_PATH is not set");
    expect(message).toContain(
      "2. npm package @sparticuz/chromium: its build is for Linux x64 only (this is darwin arm64)",
    );
    expect(message).toContain("3. system Chromium: none at /usr/bin/chromium");
    expect(message).toContain("npm install");
  });

  it("the system's Chromium: chromium on PATH, then /usr/bin/chromium", () => {
    expect(systemChromium({ PATH: "/a:/b" }, (p) => p === "/b/chromium" || p === SYSTEM_CHROMIUM)).toBe("/b/chromium");
    expect(systemChromium({ PATH: "/a" }, (p) => p === "/a/chromium-browser")).toBe("/a/chromium-browser");
    expect(systemChromium({ PATH: "/a" }, (p) => p === SYSTEM_CHROMIUM)).toBe(SYSTEM_CHROMIUM);
    expect(systemChromium({ PATH: "/a" }, () => false)).toEqual({
      unavailable: expect.stringContaining(SYSTEM_CHROMIUM),
    });
  });

  it("the npm build is Linux x64 only: elsewhere it stands aside for the system's", () => {
    expect(npmChromium({ platform: "darwin", arch: "arm64" })).toEqual({
      unavailable: "its build is for Linux x64 only (this is darwin arm64)",
    });
    expect(npmChromium({ platform: "linux", arch: "arm64" })).toHaveProperty("unavailable");
  });

  it("the browser's variables reach the browser's launch options only, not this process", () => {
    const before = process.env.LD_LIBRARY_PATH;
    const o = launchOptions({
      source: "npm",
      executablePath: "/c/chromium",
      env: { LD_LIBRARY_PATH: "/c/lib" },
      skipped: [],
    });
    expect(o.env?.LD_LIBRARY_PATH).toBe("/c/lib");
    expect(o.env?.PATH).toBe(process.env.PATH);
    expect(o.args).toEqual(CHROMIUM_ARGS);
    expect(process.env.LD_LIBRARY_PATH).toBe(before);
    // Any other source: Playwright's default, this process's environment as it is.
    expect(
      launchOptions({ source: "system", executablePath: "/usr/bin/chromium", env: {}, skipped: [] }).env,
    ).toBeUndefined();
  });
});

/** A ustar archive of the given entries (the tar reader's test input). */
function tar(entries: { name: string; type?: string; body?: string; link?: string; mode?: number }[]): Buffer {
  const blocks: Buffer[] = [];
  for (const e of entries) {
    const body = Buffer.from(e.body ?? "");
    const h = Buffer.alloc(512);
    h.write(e.name.slice(0, 100), 0);
    h.write(`${(e.mode ?? 0o644).toString(8).padStart(7, "0")}\0`, 100);
    h.write(`${body.length.toString(8).padStart(11, "0")}\0`, 124);
    h.write(e.type ?? "0", 156);
    h.write(e.link ?? "", 157);
    h.write("ustar\0", 257);
    h.write("00", 263);
    blocks.push(h, body, Buffer.alloc((512 - (body.length % 512)) % 512));
  }
  return Buffer.concat([...blocks, Buffer.alloc(1024)]);
}

const tmpDirs: string[] = [];
function tmp(): string {
  const d = mkdtempSync(join(tmpdir(), "sofi-browser-test-"));
  tmpDirs.push(d);
  return d;
}
afterAll(() => {
  for (const d of tmpDirs) rmSync(d, { recursive: true, force: true });
});

describe("extraction", () => {
  it("the tar reader writes files, folders, symlinks and GNU long names, with their modes", () => {
    const dest = tmp();
    const long = `fonts/${"x".repeat(120)}.ttf`;
    extractTar(
      tar([
        { name: "lib/", type: "5" },
        { name: "lib/libnss3.so", body: "elf", mode: 0o755 },
        { name: "lib/libnss3.so.1", type: "2", link: "libnss3.so" },
        { name: "././@LongLink", type: "L", body: `${long}\0` },
        { name: long.slice(0, 100), body: "font" },
      ]),
      dest,
    );
    expect(readFileSync(join(dest, "lib/libnss3.so"), "utf8")).toBe("elf");
    expect(statSync(join(dest, "lib/libnss3.so")).mode & 0o777).toBe(0o755);
    expect(readFileSync(join(dest, "lib/libnss3.so.1"), "utf8")).toBe("elf");
    expect(readFileSync(join(dest, long), "utf8")).toBe("font");
  });

  it("the tar reader refuses entries that would land outside the destination", () => {
    expect(() => extractTar(tar([{ name: "../evil", body: "x" }]), tmp())).toThrow(/outside the destination/);
    expect(() => extractTar(tar([{ name: "lib/x", type: "2", link: "../../etc/passwd" }]), tmp())).toThrow(/outside/);
  });

  /** A package bin/ folder like @sparticuz/chromium's, with a tiny "chromium". */
  function fakeBin(opts: { corrupt?: boolean; padding?: number } = {}): string {
    const bin = tmp();
    const exe = Buffer.concat([Buffer.from("#!/bin/sh\necho chromium\n"), Buffer.alloc(opts.padding ?? 0)]);
    writeFileSync(join(bin, "chromium.br"), brotliCompressSync(exe, { params: { [zlib.BROTLI_PARAM_QUALITY]: 1 } }));
    writeFileSync(join(bin, "al2023.tar.br"), brotliCompressSync(tar([{ name: "lib/libnss3.so", body: "nss" }])));
    writeFileSync(join(bin, "swiftshader.tar.br"), brotliCompressSync(tar([{ name: "libEGL.so", body: "egl" }])));
    writeFileSync(
      join(bin, "fonts.tar.br"),
      opts.corrupt
        ? Buffer.from("not brotli")
        : brotliCompressSync(tar([{ name: "fonts/Open_Sans/OpenSans-Regular.ttf", body: "ttf" }])),
    );
    return bin;
  }

  it("extracts once into <cache>/<version>/, with a fontconfig naming the extracted fonts", () => {
    const cache = tmp();
    const dest = join(cache, "1.0.0");
    const layout = extractNpmChromium(fakeBin(), dest);
    expect(layout).toEqual(npmLayout(dest));
    expect(statSync(layout.executablePath).mode & 0o111).not.toBe(0);
    expect(readFileSync(join(layout.libDir, "libnss3.so"), "utf8")).toBe("nss");
    expect(existsSync(join(dest, "libEGL.so"))).toBe(true);
    expect(readFileSync(layout.fontsConf, "utf8")).toContain(`<dir>${join(dest, "fonts")}</dir>`);
    expect(readdirSync(cache)).toEqual(["1.0.0"]);
    // A second call finds it and writes nothing.
    const mtime = statSync(layout.executablePath).mtimeMs;
    extractNpmChromium(join(cache, "no-such-bin"), dest);
    expect(statSync(layout.executablePath).mtimeMs).toBe(mtime);
  });

  it("a failed extraction leaves neither the folder nor its temporary one; a killed one's leftover is swept", () => {
    const cache = tmp();
    const stale = join(cache, ".tmp-killed");
    mkdirSync(stale);
    const old = new Date(Date.now() - 3600_000);
    utimesSync(stale, old, old);
    expect(() => extractNpmChromium(fakeBin({ corrupt: true }), join(cache, "1.0.0"))).toThrow();
    expect(readdirSync(cache)).toEqual([]);
  });

  it("two processes extracting at once: both get the same complete folder, nothing is left aside", async () => {
    const bin = fakeBin({ padding: 64 << 20 });
    const cache = tmp();
    const go = join(cache, "..", `${cache.split("/").pop()}-go`);
    const module = fileURLToPath(new URL("./browser.ts", import.meta.url));
    const code = `import { existsSync } from "node:fs";
      import { extractNpmChromium } from ${JSON.stringify(module)};
      while (!existsSync(${JSON.stringify(go)})) await new Promise((r) => setTimeout(r, 5));
      console.log(extractNpmChromium(${JSON.stringify(bin)}, ${JSON.stringify(join(cache, "1.0.0"))}).executablePath);`;
    const runs = [0, 1].map(
      () =>
        new Promise<string>((ok, fail) => {
          const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", code], {
            stdio: ["ignore", "pipe", "inherit"],
          });
          let out = "";
          child.stdout.on("data", (d: Buffer) => {
            out += d.toString();
          });
          child.on("exit", (rc) => (rc === 0 ? ok(out.trim()) : fail(new Error(`extraction exited with ${rc}`))));
        }),
    );
    await new Promise((r) => setTimeout(r, 1500));
    writeFileSync(go, "");
    try {
      const paths = await Promise.all(runs);
      expect(paths).toEqual([join(cache, "1.0.0", "chromium"), join(cache, "1.0.0", "chromium")]);
      expect(readdirSync(cache)).toEqual(["1.0.0"]);
      expect(statSync(join(cache, "1.0.0", "chromium")).size).toBe(24 + (64 << 20));
    } finally {
      rmSync(go, { force: true });
    }
  }, 30_000);
});

// The real npm build (the devDependency): these run on every `npm test` where that build runs (Linux
// x64: everywhere else the resolver passes it over for the system's) and fail when it is missing.
describe.runIf(process.platform === "linux" && process.arch === "x64")("the npm package's Chromium", () => {
  const resolved = npmChromium();
  const npm = () => {
    if ("unavailable" in resolved) throw new Error(`@sparticuz/chromium: ${resolved.unavailable}`);
    return resolved;
  };
  /** What the browser may take from the system: glibc and libgcc_s. */
  const GLIBC =
    /^(linux-vdso\.so\.1|ld-linux-x86-64\.so\.2|libc\.so\.6|libm\.so\.6|libdl\.so\.2|libpthread\.so\.0|librt\.so\.1|libgcc_s\.so\.1)$/;
  const BUNDLED = ["libnss3.so", "libnssutil3.so", "libnspr4.so", "libplc4.so", "libplds4.so", "libexpat.so.1"];

  it("is extracted into the repository's cache folder", () => {
    const b = npm();
    expect(b.executablePath).toBe(join(CACHE_ROOT, b.version, "chromium"));
    expect(b.env).toEqual({
      LD_LIBRARY_PATH: join(CACHE_ROOT, b.version, "lib"),
      FONTCONFIG_FILE: join(CACHE_ROOT, b.version, "fonts.conf"),
      FONTCONFIG_PATH: join(CACHE_ROOT, b.version),
    });
  });

  it("ldd with LD_LIBRARY_PATH limited to the bundled libraries: NSS, NSPR and expat from the cache, the rest glibc", () => {
    const b = npm();
    const out = execFileSync("ldd", [b.executablePath], {
      env: { PATH: process.env.PATH, LD_LIBRARY_PATH: b.env.LD_LIBRARY_PATH },
    }).toString();
    const libs = new Map<string, string>();
    for (const line of out.split("\n")) {
      const m = /^\s*(\S+)(?: => (\S+| not found))?/.exec(line);
      if (m?.[1]) libs.set(m[1], (m[2] ?? m[1]).trim());
    }
    expect(out).not.toContain("not found");
    for (const lib of BUNDLED)
      expect(libs.get(lib), `${lib} in:\n${out}`).toBe(join(b.env.LD_LIBRARY_PATH as string, lib));
    for (const [name, path] of libs) {
      if (!path.startsWith(b.env.LD_LIBRARY_PATH as string))
        expect(name.split("/").pop(), `${name} => ${path} comes from the system`).toMatch(GLIBC);
    }
  });

  it("launches under Playwright, renders text in its own font, and maps no library of the system's but glibc", async () => {
    const b = npm();
    const opts = launchOptions({ source: "npm", executablePath: b.executablePath, env: b.env, skipped: [] });
    const browser = await chromium.launch({ ...opts, headless: true });
    try {
      const page = await browser.newPage();
      await page.setContent('<p id="t" style="font-family: sans-serif; font-size: 40px">SoFi 123</p>');
      const cdp = await page.context().newCDPSession(page);
      await cdp.send("DOM.enable");
      await cdp.send("CSS.enable");
      const { root } = await cdp.send("DOM.getDocument");
      const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector: "#t" });
      const { fonts } = await cdp.send("CSS.getPlatformFontsForNode", { nodeId });
      expect(fonts.map((f) => f.familyName)).toEqual(["Open Sans"]);
      expect((await page.locator("#t").boundingBox())?.width).toBeGreaterThan(100);

      // Every process of this browser (browser, zygote, renderer, utility): this test's descendants
      // started from the extracted binary. What the dynamic loader mapped into each.
      const parent = (pid: string) => /^\d+ \(.*\) \S (\d+)/s.exec(readFileSync(`/proc/${pid}/stat`, "utf8"))?.[1];
      const descends = (pid: string): boolean => {
        for (let p: string | undefined = pid; p && p !== "0" && p !== "1"; p = parent(p)) {
          if (p === String(process.pid)) return true;
        }
        return false;
      };
      const pids = readdirSync("/proc").filter((p) => {
        try {
          return (
            /^\d+$/.test(p) && readFileSync(`/proc/${p}/cmdline`, "utf8").startsWith(b.executablePath) && descends(p)
          );
        } catch {
          return false;
        }
      });
      expect(pids.length).toBeGreaterThan(1);
      const mapped = new Set<string>();
      for (const pid of pids) {
        for (const line of readFileSync(`/proc/${pid}/maps`, "utf8").split("\n")) {
          const m = /\s(\/\S+\.so(?:\.[\d.]+)?)$/.exec(line);
          if (m?.[1]) mapped.add(m[1]);
        }
      }
      const dir = join(CACHE_ROOT, b.version);
      for (const lib of ["libnss3.so", "libnspr4.so", "libexpat.so.1"]) expect(mapped).toContain(join(dir, "lib", lib));
      for (const path of mapped) {
        if (!path.startsWith(`${dir}/`)) expect(path.split("/").pop(), `${path} is the system's`).toMatch(GLIBC);
      }
    } finally {
      await browser.close();
    }
  }, 60_000);
});
