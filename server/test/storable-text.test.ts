/** The one rule for text stored from outside (issue 22): storable by PostgreSQL, safe to show, bounded. */

import {
  ELLIPSIS,
  REPLACEMENT,
  STORABLE_TEXT_MAX,
  storableJson,
  storableText,
  storableTextFromBytes,
} from "@sofi/core/storable-text";
import { afterAll, describe, expect, it } from "vitest";
import { closeAllDbs, DB_KINDS, freshDb } from "./helpers/db.ts";

afterAll(closeAllDbs);

describe("storableText", () => {
  it("replaces NUL, every other C0/C1 control and DEL with U+FFFD, one for each", () => {
    expect(storableText("Evil\u0000Name")).toBe(`Evil${REPLACEMENT}Name`);
    expect(storableText("a\u0001\u001f\u007f\u0085\u009fb")).toBe(`a${REPLACEMENT.repeat(5)}b`);
    expect(storableText("line\nbreak\ttab\r")).toBe(`line${REPLACEMENT}break${REPLACEMENT}tab${REPLACEMENT}`);
  });

  it("replaces the bidi marks, embeddings, overrides and isolates", () => {
    for (const c of [
      "\u061c",
      "\u200e",
      "\u200f",
      "\u202a",
      "\u202b",
      "\u202c",
      "\u202d",
      "\u202e",
      "\u2066",
      "\u2067",
      "\u2068",
      "\u2069",
    ])
      expect(storableText(`x${c}y`)).toBe(`x${REPLACEMENT}y`);
  });

  it("replaces lone surrogates and keeps pairs (emoji) and other scripts", () => {
    expect(storableText("a\ud800b\udc00c")).toBe(`a${REPLACEMENT}b${REPLACEMENT}c`);
    expect(storableText("🚀 블루칩 — naïve ©")).toBe("🚀 블루칩 — naïve ©");
  });

  it("keeps tab and newline only for multi-line text", () => {
    expect(storableText("a\nb\tc\u0000", { multiline: true })).toBe(`a\nb\tc${REPLACEMENT}`);
  });

  it("bounds the length, marks the cut, and never leaves half a surrogate pair", () => {
    expect(storableText("x".repeat(STORABLE_TEXT_MAX + 5)).length).toBe(STORABLE_TEXT_MAX);
    expect(storableText("abcdef", { max: 4 })).toBe(`abc${ELLIPSIS}`);
    const cut = storableText("ab🚀cd", { max: 4 });
    expect(cut).toBe(`ab${ELLIPSIS}`);
    expect(storableText("abcd", { max: 4 })).toBe("abcd");
  });

  it("turns anything into text: errors give their message, null and undefined give empty text", () => {
    expect(storableText(new Error("boom\u0000"))).toBe(`boom${REPLACEMENT}`);
    expect(storableText(null)).toBe("");
    expect(storableText(undefined)).toBe("");
    expect(storableText(42)).toBe("42");
  });
});

describe("storableTextFromBytes", () => {
  it("replaces invalid UTF-8 and says the text is not exact", () => {
    expect(storableTextFromBytes("0x41ff42")).toEqual({ text: `A${REPLACEMENT}B`, exact: false });
    expect(storableTextFromBytes("0xc3")).toEqual({ text: REPLACEMENT, exact: false });
  });
  it("is exact for clean UTF-8, and not for a removed control or a cut", () => {
    expect(storableTextFromBytes("0x").text).toBe("");
    expect(storableTextFromBytes("0xebb894eba3a8ecb9a9")).toEqual({ text: "블루칩", exact: true });
    expect(storableTextFromBytes("0x410042").exact).toBe(false);
    expect(storableTextFromBytes("0x41424344", { max: 2 })).toEqual({ text: `A${ELLIPSIS}`, exact: false });
  });
});

describe("storableJson", () => {
  it("cleans every string inside, keys too, and leaves other values", () => {
    expect(storableJson({ "k\u0000": ["a\u0000", 1, true, null, { x: "\u202e" }] })).toEqual({
      [`k${REPLACEMENT}`]: [`a${REPLACEMENT}`, 1, true, null, { x: REPLACEMENT }],
    });
  });
});

describe.each(DB_KINDS)("what it returns is stored as it is (%s)", (kind) => {
  it("text and jsonb columns take every hostile input once cleaned", async () => {
    const db = await freshDb(kind);
    const hostile = [
      "Evil\u0000Name",
      "\ud800lone",
      "bidi\u202eevil",
      "\u0000".repeat(5000),
      new TextDecoder().decode(new Uint8Array([0xff, 0xfe, 0x00, 0x41])),
    ];
    await db.query("CREATE TABLE t (v text NOT NULL, j jsonb NOT NULL)");
    for (const h of hostile) {
      const v = storableText(h);
      await db.query("INSERT INTO t (v, j) VALUES ($1, $2::jsonb)", [v, JSON.stringify(storableJson({ h }))]);
      const [row] = await db.query<{ v: string }>("SELECT v FROM t ORDER BY ctid DESC LIMIT 1");
      expect(row?.v).toBe(v);
    }
    // the raw value is what PostgreSQL refuses
    await expect(db.query("INSERT INTO t (v, j) VALUES ($1, '{}')", ["a\u0000b"])).rejects.toThrow();
  });
});
