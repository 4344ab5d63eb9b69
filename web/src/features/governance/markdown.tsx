import { createElement, type ReactNode } from "react";

/**
 * A proposal's content is markdown a stranger wrote (spec 002 §2 "markdown editor with write and
 * preview tabs"). This tiny renderer turns it into React elements, never into HTML: every character
 * of the source reaches the page as text (React escapes it), so raw HTML, `<script>` and event
 * attributes are shown inert. It knows headings, paragraphs, lists, block quotes, fenced code,
 * rules, pipe tables, emphasis, inline code and links; a link is rendered only when its URL is
 * http(s) (anything else, `javascript:` included, stays text) and opens in a new tab with
 * `rel="noopener noreferrer"`. Images are shown as links (no remote image loads from a proposal).
 * Searches for a closing mark look a bounded distance ahead, so no input makes it quadratic.
 */

export type Inline =
  | { t: "text"; text: string }
  | { t: "code"; text: string }
  | { t: "strong" | "em" | "del"; children: Inline[] }
  | { t: "link"; href: string | null; children: Inline[] }
  | { t: "br" };

export type Block =
  | { t: "heading"; level: number; text: string }
  | { t: "paragraph"; text: string }
  | { t: "list"; ordered: boolean; start: number; items: string[] }
  | { t: "code"; text: string }
  | { t: "quote"; blocks: Block[] }
  | { t: "hr" }
  | { t: "table"; header: string[]; rows: string[][] };

/** How far ahead a closing mark is looked for, and how deep marks and quotes nest. */
const LOOKAHEAD = 2_000;
const MAX_DEPTH = 8;

/** The URL a link may point at: http or https only, normalised by the URL parser; else null. */
export function safeHref(raw: string): string | null {
  const url = raw.trim();
  if (!url) return null;
  try {
    const u = new URL(url);
    return u.protocol === "http:" || u.protocol === "https:" ? u.href : null;
  } catch {
    return null;
  }
}

// ------------------------------------------------------------------ blocks

const FENCE = /^\s{0,3}(`{3,}|~{3,})/;
const HEADING = /^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$/;
const HR = /^\s{0,3}([-*_])(\s*\1){2,}\s*$/;
const BULLET = /^\s*[-*+]\s+(.*)$/;
const ORDERED = /^\s*(\d{1,9})[.)]\s+(.*)$/;
const QUOTE = /^\s{0,3}>\s?(.*)$/;
const TABLE_SEP = /^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$/;

const cells = (line: string): string[] => {
  let s = line.trim();
  if (s.startsWith("|")) s = s.slice(1);
  if (s.endsWith("|") && !s.endsWith("\\|")) s = s.slice(0, -1);
  return s.split(/(?<!\\)\|/).map((c) => c.trim().replace(/\\\|/g, "|"));
};

const startsBlock = (line: string, next: string | undefined): boolean =>
  FENCE.test(line) ||
  HEADING.test(line) ||
  HR.test(line) ||
  BULLET.test(line) ||
  ORDERED.test(line) ||
  QUOTE.test(line) ||
  (line.includes("|") && next !== undefined && TABLE_SEP.test(next));

/** The source's blocks (line based). */
export function parseBlocks(source: string, depth = 0): Block[] {
  const lines = source.replace(/\r\n?/g, "\n").split("\n");
  const out: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] as string;
    if (!line.trim()) {
      i++;
      continue;
    }
    const fence = FENCE.exec(line);
    if (fence) {
      const mark = fence[1] as string;
      const body: string[] = [];
      i++;
      while (i < lines.length && !(lines[i] as string).trim().startsWith(mark)) body.push(lines[i++] as string);
      i++;
      out.push({ t: "code", text: body.join("\n") });
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      out.push({ t: "heading", level: (heading[1] as string).length, text: heading[2] as string });
      i++;
      continue;
    }
    if (line.includes("|") && i + 1 < lines.length && TABLE_SEP.test(lines[i + 1] as string)) {
      const header = cells(line);
      const rows: string[][] = [];
      i += 2;
      while (i < lines.length && (lines[i] as string).includes("|") && (lines[i] as string).trim()) {
        rows.push(cells(lines[i++] as string));
      }
      out.push({ t: "table", header, rows });
      continue;
    }
    if (HR.test(line)) {
      out.push({ t: "hr" });
      i++;
      continue;
    }
    if (QUOTE.test(line)) {
      const body: string[] = [];
      while (i < lines.length && QUOTE.test(lines[i] as string))
        body.push((QUOTE.exec(lines[i++] as string) as RegExpExecArray)[1] as string);
      out.push(
        depth >= MAX_DEPTH
          ? { t: "paragraph", text: body.join("\n") }
          : { t: "quote", blocks: parseBlocks(body.join("\n"), depth + 1) },
      );
      continue;
    }
    const bullet = BULLET.exec(line);
    const ordered = ORDERED.exec(line);
    if (bullet || ordered) {
      const isOrdered = !bullet;
      const re = isOrdered ? ORDERED : BULLET;
      const items: string[] = [];
      const start = ordered ? Number(ordered[1]) : 1;
      while (i < lines.length) {
        const l = lines[i] as string;
        const m = re.exec(l);
        if (m) {
          items.push((isOrdered ? m[2] : m[1]) as string);
          i++;
        } else if (l.trim() && /^\s+/.test(l) && items.length > 0) {
          items[items.length - 1] += `\n${l.trim()}`;
          i++;
        } else break;
      }
      out.push({ t: "list", ordered: isOrdered, start, items });
      continue;
    }
    const para: string[] = [line];
    i++;
    while (i < lines.length && (lines[i] as string).trim() && !startsBlock(lines[i] as string, lines[i + 1]))
      para.push(lines[i++] as string);
    out.push({ t: "paragraph", text: para.join("\n") });
  }
  return out;
}

// ------------------------------------------------------------------ inline

const ESCAPABLE = "\\`*_{}[]()#+-.!|~>";

/** Where `mark` closes `s` from `from` on (within the lookahead), or -1. */
function closing(s: string, mark: string, from: number): number {
  const end = Math.min(s.length, from + LOOKAHEAD);
  for (let k = from; k <= end - mark.length; k++) {
    if (s[k] === "\\") {
      k++;
      continue;
    }
    if (s.startsWith(mark, k)) return k;
  }
  return -1;
}

/** The `](url)` after a link's text: its URL and where it ends, or null. */
function linkTarget(s: string, close: number): { url: string; end: number } | null {
  if (s[close + 1] !== "(") return null;
  const end = s.indexOf(")", close + 2);
  if (end < 0 || end - close > LOOKAHEAD) return null;
  const inner = s.slice(close + 2, end).trim();
  // `(url "title")`: the title is dropped
  const url = inner.split(/\s+/)[0] ?? "";
  return { url: url.replace(/^<(.*)>$/, "$1"), end };
}

/** Inline marks of one block's text. */
export function parseInline(s: string, depth = 0): Inline[] {
  const out: Inline[] = [];
  let text = "";
  const flush = () => {
    if (text) out.push({ t: "text", text });
    text = "";
  };
  let i = 0;
  while (i < s.length) {
    const c = s[i] as string;
    if (c === "\\" && i + 1 < s.length && ESCAPABLE.includes(s[i + 1] as string)) {
      text += s[i + 1];
      i += 2;
      continue;
    }
    if (c === "\n") {
      // a line break inside a paragraph: two trailing spaces make a <br>, else a space
      if (text.endsWith("  ")) {
        text = text.trimEnd();
        flush();
        out.push({ t: "br" });
      } else text += " ";
      i++;
      continue;
    }
    if (c === "`") {
      let n = 1;
      while (s[i + n] === "`") n++;
      const mark = "`".repeat(n);
      const end = s.indexOf(mark, i + n);
      if (end > 0 && end - i <= LOOKAHEAD) {
        flush();
        out.push({ t: "code", text: s.slice(i + n, end).replace(/^ (.*) $/, "$1") });
        i = end + n;
        continue;
      }
      text += mark;
      i += n;
      continue;
    }
    if (depth < MAX_DEPTH && (c === "[" || (c === "!" && s[i + 1] === "["))) {
      const open = c === "!" ? i + 1 : i;
      const close = closing(s, "]", open + 1);
      const target = close > 0 ? linkTarget(s, close) : null;
      if (target) {
        flush();
        out.push({
          t: "link",
          href: safeHref(target.url),
          children: parseInline(s.slice(open + 1, close), depth + 1),
        });
        i = target.end + 1;
        continue;
      }
    }
    if (depth < MAX_DEPTH && (c === "*" || c === "_" || c === "~")) {
      const double = s[i + 1] === c;
      const mark = double ? c + c : c;
      const prev = s[i - 1];
      // `snake_case` and `2*3*4` are not emphasis: an underscore must not follow a letter or digit
      const opens = s[i + mark.length] !== undefined && !/\s/.test(s[i + mark.length] as string);
      const wordInside = c === "_" && prev !== undefined && /[A-Za-z0-9]/.test(prev);
      if (opens && !wordInside && (c !== "~" || double)) {
        const end = closing(s, mark, i + mark.length + 1);
        if (end > 0 && !/\s/.test(s[end - 1] as string)) {
          flush();
          const children = parseInline(s.slice(i + mark.length, end), depth + 1);
          out.push({ t: c === "~" ? "del" : double ? "strong" : "em", children });
          i = end + mark.length;
          continue;
        }
      }
      text += mark;
      i += mark.length;
      continue;
    }
    text += c;
    i++;
  }
  flush();
  return out;
}

// ------------------------------------------------------------------ rendering

function renderInline(nodes: Inline[], key = "i"): ReactNode[] {
  return nodes.map((n, k) => {
    const id = `${key}.${k}`;
    switch (n.t) {
      case "text":
        return n.text;
      case "br":
        return <br key={id} />;
      case "code":
        return <code key={id}>{n.text}</code>;
      case "strong":
        return <strong key={id}>{renderInline(n.children, id)}</strong>;
      case "em":
        return <em key={id}>{renderInline(n.children, id)}</em>;
      case "del":
        return <del key={id}>{renderInline(n.children, id)}</del>;
      case "link":
        return n.href ? (
          <a key={id} href={n.href} target="_blank" rel="noopener noreferrer">
            {renderInline(n.children, id)}
          </a>
        ) : (
          <span key={id}>{renderInline(n.children, id)}</span>
        );
    }
    return null;
  });
}

const inline = (text: string, key: string) => renderInline(parseInline(text), key);

function renderBlocks(blocks: Block[], headingBase: number, key = "b"): ReactNode[] {
  return blocks.map((b, k) => {
    const id = `${key}.${k}`;
    switch (b.t) {
      case "heading":
        return createElement(`h${Math.min(6, headingBase + b.level - 1)}`, { key: id }, inline(b.text, id));
      case "paragraph":
        return <p key={id}>{inline(b.text, id)}</p>;
      case "code":
        return (
          <pre key={id}>
            <code>{b.text}</code>
          </pre>
        );
      case "hr":
        return <hr key={id} />;
      case "quote":
        return <blockquote key={id}>{renderBlocks(b.blocks, headingBase, id)}</blockquote>;
      case "list": {
        const items = b.items.map((item, j) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: list items of a static text
          <li key={j}>{inline(item, `${id}.${j}`)}</li>
        ));
        return b.ordered ? (
          <ol key={id} start={b.start === 1 ? undefined : b.start}>
            {items}
          </ol>
        ) : (
          <ul key={id}>{items}</ul>
        );
      }
      case "table":
        return (
          <div key={id} className="gv-md-table">
            <table>
              <thead>
                <tr>
                  {b.header.map((h, j) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: cells of a static text
                    <th key={j}>{inline(h, `${id}.h${j}`)}</th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {b.rows.map((r, j) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: rows of a static text
                  <tr key={j}>
                    {b.header.map((_, m) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: cells of a static text
                      <td key={m}>{inline(r[m] ?? "", `${id}.${j}.${m}`)}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        );
    }
    return null;
  });
}

/**
 * Markdown `source` rendered safely (see the module comment). `headingLevel` is the HTML level of a
 * `#` heading (default 3: the page has its h1 and the section its h2).
 */
export function Markdown({
  source,
  headingLevel = 3,
  className,
}: {
  source: string;
  headingLevel?: number;
  className?: string;
}) {
  return (
    <div className={className ? `gv-md ${className}` : "gv-md"} dir="auto">
      {renderBlocks(parseBlocks(source), headingLevel)}
    </div>
  );
}
