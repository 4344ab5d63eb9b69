import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Markdown, parseBlocks, parseInline, safeHref } from "./markdown.tsx";

const html = (source: string) => render(<Markdown source={source} />).container;

describe("markdown: safety (a proposal's content is a stranger's text)", () => {
  it("a <script> stays text: no script element, its text visible", () => {
    const c = html(
      'Hello <script>window.__pwned = 1</script> world\n\n<script src="https://evil.example/x.js"></script>',
    );
    expect(c.querySelector("script")).toBeNull();
    expect(c.textContent).toContain("<script>window.__pwned = 1</script>");
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
  });

  it("<img onerror> and raw HTML are shown as text, no element or attribute made", () => {
    const c = html(
      '<img src=x onerror="alert(1)">\n\n<div style="position:fixed">overlay</div> <b>bold?</b> <iframe src="https://x"></iframe>',
    );
    for (const tag of ["img", ".gv-md div", "b", "iframe"]) expect(c.querySelector(tag)).toBeNull();
    expect(c.querySelector("[onerror]")).toBeNull();
    expect(c.querySelector("[style]")).toBeNull();
    expect(c.textContent).toContain('<img src=x onerror="alert(1)">');
    expect(c.textContent).toContain("<b>bold?</b>");
  });

  it("javascript:, data: and other non-http links are not links; their text stays", () => {
    const c = html(
      "[click](javascript:alert(1)) [tab](java\tscript:alert(1)) [data](data:text/html;base64,PHNjcmlwdD4=) [rel](/sts) [mail](mailto:a@b.c) ![img](javascript:alert(2))",
    );
    expect(c.querySelectorAll("a")).toHaveLength(0);
    expect(c.textContent).toContain("click");
    expect(c.textContent).toContain("data");
  });

  it("http(s) links open in a new tab with rel=noopener noreferrer", () => {
    const c = html("See [the docs](https://example.com/a?b=1) and [old](http://example.org).");
    const links = [...c.querySelectorAll("a")];
    expect(links.map((a) => a.getAttribute("href"))).toEqual(["https://example.com/a?b=1", "http://example.org/"]);
    for (const a of links) {
      expect(a.getAttribute("target")).toBe("_blank");
      expect(a.getAttribute("rel")).toBe("noopener noreferrer");
    }
  });

  it("safeHref accepts http and https only", () => {
    expect(safeHref("https://a.b/c")).toBe("https://a.b/c");
    expect(safeHref(" javascript:alert(1)")).toBeNull();
    expect(safeHref("JAVASCRIPT:alert(1)")).toBeNull();
    expect(safeHref("vbscript:x")).toBeNull();
    expect(safeHref("//evil.example")).toBeNull();
    expect(safeHref("")).toBeNull();
  });

  it("pathological input stays fast (bounded lookahead)", () => {
    const t0 = performance.now();
    parseInline("[".repeat(20_000));
    parseInline("*".repeat(20_000));
    parseInline("`a".repeat(10_000));
    parseBlocks(">".repeat(5_000));
    expect(performance.now() - t0).toBeLessThan(2_000);
  });
});

describe("markdown: what it renders", () => {
  it("headings (shifted under the page's), paragraphs, emphasis, code, lists, quotes, rules", () => {
    const c = html(
      "# Title\n\n## Part\n\nSome **bold**, *em*, _em too_, ~~gone~~ and `x < y`.\nSame paragraph.\n\n- one\n- two\n\n3. three\n4. four\n\n> quoted\n\n---\n\n```\n<b>code</b>\n```",
    );
    expect(c.querySelector("h3")?.textContent).toBe("Title");
    expect(c.querySelector("h4")?.textContent).toBe("Part");
    expect(c.querySelector("strong")?.textContent).toBe("bold");
    expect([...c.querySelectorAll("em")].map((e) => e.textContent)).toEqual(["em", "em too"]);
    expect(c.querySelector("del")?.textContent).toBe("gone");
    expect(c.querySelector("p code")?.textContent).toBe("x < y");
    expect(c.querySelectorAll("ul li")).toHaveLength(2);
    expect(c.querySelector("ol")?.getAttribute("start")).toBe("3");
    expect(c.querySelector("blockquote")?.textContent).toBe("quoted");
    expect(c.querySelector("hr")).not.toBeNull();
    expect(c.querySelector("pre code")?.textContent).toBe("<b>code</b>");
    expect(c.querySelector("p")?.textContent).toContain("Same paragraph.");
  });

  it("snake_case and escaped marks stay literal", () => {
    const c = html("a snake_case_name and \\*not em\\* and 2*3");
    expect(c.querySelector("em")).toBeNull();
    expect(c.textContent).toBe("a snake_case_name and *not em* and 2*3");
  });

  it("pipe tables (the seed's active proposal has one)", () => {
    const c = html("| | now | proposed |\n|---|---|---|\n| stake | 100,000 | 50,000 |");
    expect([...c.querySelectorAll("th")].map((x) => x.textContent)).toEqual(["", "now", "proposed"]);
    expect([...c.querySelectorAll("td")].map((x) => x.textContent)).toEqual(["stake", "100,000", "50,000"]);
  });
});
