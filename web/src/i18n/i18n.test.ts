import { describe, expect, it } from "vitest";
import { buildResources, collectDictionaries, type Dictionary, loadDictionaries } from "./index.ts";

const dictionaries = await loadDictionaries();

function keyPaths(d: Dictionary, prefix = ""): string[] {
  return Object.entries(d).flatMap(([k, v]) =>
    typeof v === "string" ? [`${prefix}${k}`] : keyPaths(v as Dictionary, `${prefix}${k}.`),
  );
}

function placeholders(s: string): string[] {
  return [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] ?? "").sort();
}

function valueAt(d: Dictionary, path: string): string | undefined {
  let cur: string | Dictionary | undefined = d;
  for (const part of path.split(".")) cur = typeof cur === "object" ? cur[part] : undefined;
  return typeof cur === "string" ? cur : undefined;
}

describe("i18n dictionaries", () => {
  it("loads every feature folder's i18n.ts under its folder name", () => {
    expect(Object.keys(dictionaries)).toEqual(expect.arrayContaining(["shell", "settings", "placeholders"]));
  });

  for (const [ns, dict] of Object.entries(dictionaries)) {
    it(`${ns}: every key exists in both en and ko, non-empty, same placeholders`, () => {
      const en = keyPaths(dict.en).sort();
      const ko = keyPaths(dict.ko).sort();
      expect(en.length).toBeGreaterThan(0);
      expect(ko, `keys missing in ko: ${en.filter((k) => !ko.includes(k))}`).toEqual(en);
      for (const k of en) {
        const e = valueAt(dict.en, k) ?? "";
        const o = valueAt(dict.ko, k) ?? "";
        expect(e.trim(), `${ns}.en.${k} is empty`).not.toBe("");
        expect(o.trim(), `${ns}.ko.${k} is empty`).not.toBe("");
        expect(placeholders(o), `${ns}.${k} placeholders differ`).toEqual(placeholders(e));
      }
    });
  }

  it("the parity check itself catches a key missing in ko", () => {
    const broken = collectDictionaries({
      "../features/x/i18n.ts": { default: { en: { a: "A", b: { c: "C" } }, ko: { a: "가" } } },
    });
    const d = broken.x;
    expect(d).toBeDefined();
    if (!d) return;
    expect(keyPaths(d.ko)).not.toEqual(keyPaths(d.en));
  });

  it("builds i18next resources per language and namespace", () => {
    const r = buildResources(dictionaries);
    expect(Object.keys(r).sort()).toEqual(["en", "ko"]);
    expect(r.ko?.shell).toBe(dictionaries.shell?.ko);
  });

  it("uses the spec's exact English text for the terms error", () => {
    expect(valueAt(dictionaries.shell?.en ?? {}, "terms.mustAccept")).toBe("Should accept the Terms of Use");
  });
});
