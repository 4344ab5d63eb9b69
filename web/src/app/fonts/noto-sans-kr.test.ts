import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { refreshTextAfterFontLoads } from "./refresh-fonts.ts";

const here = dirname(new URL(import.meta.url).pathname);
const css = readFileSync(join(here, "noto-sans-kr.css"), "utf8");
const pkgDir = dirname(createRequire(import.meta.url).resolve("@fontsource/noto-sans-kr/package.json"));
const rules = [...css.matchAll(/@font-face\s*\{([^}]*)\}/g)].map((m) => {
  const body = m[1] as string;
  const ranges = (/unicode-range:([^;}]+)/.exec(body)?.[1] ?? "").split(",").map((p) => {
    const [a, b] = p.trim().replace(/^U\+/i, "").split("-");
    const lo = Number.parseInt(a as string, 16);
    return [lo, b ? Number.parseInt(b, 16) : lo] as const;
  });
  return {
    weight: Number(/font-weight:\s*(\d+)/.exec(body)?.[1]),
    family: /font-family:\s*"([^"]+)"/.exec(body)?.[1],
    srcs: [...body.matchAll(/url\("([^"]+)"\)/g)].map((s) => s[1] as string),
    ranges,
  };
});
const covers = (weight: number, cp: number) =>
  rules.some((r) => r.weight === weight && r.ranges.some(([lo, hi]) => cp >= lo && cp <= hi));

describe("self-hosted Korean font (issue 9 #21)", () => {
  it("declares Noto Sans KR at 400 and 700 only, woff2 only, every rule with a unicode-range", () => {
    expect(rules.length).toBeGreaterThan(100);
    expect(new Set(rules.map((r) => r.weight))).toEqual(new Set([400, 700]));
    for (const r of rules) {
      expect(r.family).toBe("Noto Sans KR");
      expect(r.srcs).toHaveLength(1);
      expect(r.srcs[0]).toMatch(/^@fontsource\/noto-sans-kr\/files\/noto-sans-kr-\d+-(400|700)-normal\.woff2$/);
      expect(r.ranges.length).toBeGreaterThan(0);
    }
  });

  it("covers every Hangul syllable at both weights, and no slice is Latin-only", () => {
    for (const weight of [400, 700])
      for (let cp = 0xac00; cp <= 0xd7a3; cp += 1) if (!covers(weight, cp)) throw new Error(`U+${cp.toString(16)}`);
    for (const r of rules) expect(r.ranges.some(([, hi]) => hi >= 0x1100)).toBe(true);
  });

  it("every file it names is in the package", () => {
    for (const r of rules) {
      const file = (r.srcs[0] as string).replace("@fontsource/noto-sans-kr/", "");
      expect(existsSync(join(pkgDir, file)), file).toBe(true);
    }
  });

  it("after web fonts load, the page gets a new inert font feature so text is laid out again", () => {
    const listeners: (() => void)[] = [];
    const doc = {
      fonts: { addEventListener: (_: string, f: () => void) => listeners.push(f), removeEventListener: () => {} },
      documentElement: document.createElement("html"),
    } as unknown as Document;
    refreshTextAfterFontLoads(doc);
    for (const f of listeners) f();
    expect(doc.documentElement.style.getPropertyValue("font-feature-settings")).toBe('"zzzz" 1');
    for (const f of listeners) f();
    expect(doc.documentElement.style.getPropertyValue("font-feature-settings")).toBe('"zzzz" 2');
  });
});

describe("Hangul on screen by weight", () => {
  it("collects each text's Hangul under the face weight that draws it", async () => {
    const { faceWeight, hangulByWeight, preloadHangul } = await import("./refresh-fonts.ts");
    expect([faceWeight(400), faceWeight("500"), faceWeight(600), faceWeight(700)]).toEqual([400, 400, 700, 700]);
    const root = document.createElement("div");
    root.innerHTML = `<h3 data-w="600">스왑</h3><p data-w="400">지갑 연결 Swap</p><p data-w="400">English</p>`;
    const got = hangulByWeight(root, (el) => el.getAttribute("data-w") ?? 400);
    expect([...(got.get(700) ?? [])].sort()).toEqual(["스", "왑"]);
    expect([...(got.get(400) ?? [])].sort()).toEqual(["갑", "결", "연", "지"]);
    const asked: string[] = [];
    const fonts = {
      load: async (font: string, text: string) => {
        asked.push(`${font}|${text}`);
        return [];
      },
    };
    await preloadHangul('{"a":"스왑 스왑","b":"Swap"}', { fonts: fonts as unknown as FontFaceSet });
    expect(asked).toEqual(['400 16px "Noto Sans KR"|스왑', '700 16px "Noto Sans KR"|스왑']);
  });
});
