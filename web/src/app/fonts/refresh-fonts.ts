/**
 * Two Chromium quirks with a unicode-range–sliced font (seen with the Korean slices, issue 9 #21):
 * 1. a word laid out while one of its slices was loading stays in the fallback font after the slice
 *    arrives ("스왑" at 24 px / 600 stayed as boxes while the same word at 20 px rendered);
 * 2. a slice some on-screen text needs is sometimes never requested at all ("베타" in the nav badge).
 * So: a Korean page first renders after its dictionaries' characters are in (preloadHangul); on
 * every DOM change (debounced) the Hangul characters on screen are asked for explicitly,
 * per weight the family has (`document.fonts.load` downloads only the slices holding them, once),
 * and every time web fonts finish loading the page gets a new value of an inert font feature (a tag
 * no font has, which shaping ignores), so the browser looks the fonts up again and lays the text
 * out with the loaded slices. (A new font-variation-settings value or a new FontFace does not do it.)
 */
const HANGUL = /[\u1100-\u11ff\u3130-\u318f\ua960-\ua97f\uac00-\ud7ff]/;
const HANGUL_ALL = /[\u1100-\u11ff\u3130-\u318f\ua960-\ua97f\uac00-\ud7ff]/g;

/** The family's weights (app/fonts/noto-sans-kr.css): 500 and below use 400, above use 700. */
export function faceWeight(cssWeight: string | number): 400 | 700 {
  return Number(cssWeight) > 500 ? 700 : 400;
}

/** Hangul characters of `root`'s text, by the face weight that draws them. */
export function hangulByWeight(root: Node, weightOf: (el: Element) => string | number): Map<400 | 700, Set<string>> {
  const out = new Map<400 | 700, Set<string>>();
  const doc = root.ownerDocument ?? (root as Document);
  const walker = doc.createTreeWalker(root, 4 /* NodeFilter.SHOW_TEXT */);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const text = n.nodeValue ?? "";
    if (!HANGUL.test(text) || !n.parentElement) continue;
    const w = faceWeight(weightOf(n.parentElement));
    const set = out.get(w) ?? new Set<string>();
    out.set(w, set);
    for (const c of text.match(HANGUL_ALL) ?? []) set.add(c);
  }
  return out;
}

/**
 * Loads, at both weights, the slices holding the Hangul characters of `text` (the Korean
 * dictionaries): called before a Korean page first renders, so its words are laid out with their
 * slices already in (quirk 1 cannot happen to them). Gives up waiting after `timeoutMs`.
 */
export function preloadHangul(
  text: string,
  opts: { fonts?: FontFaceSet; family?: string; timeoutMs?: number } = {},
): Promise<void> {
  const fonts = opts.fonts ?? (typeof document !== "undefined" ? document.fonts : undefined);
  const chars = [...new Set(text.match(HANGUL_ALL) ?? [])].join("");
  if (!fonts?.load || chars === "") return Promise.resolve();
  const family = opts.family ?? "Noto Sans KR";
  const loads = Promise.all([400, 700].map((w) => fonts.load(`${w} 16px "${family}"`, chars))).then(
    () => {},
    () => {},
  );
  return Promise.race([loads, new Promise<void>((ok) => setTimeout(ok, opts.timeoutMs ?? 2500))]);
}

export function refreshTextAfterFontLoads(doc: Document = document, family = "Noto Sans KR"): () => void {
  const fonts = doc.fonts as FontFaceSet | undefined;
  if (!fonts?.addEventListener) return () => {};
  let generation = 0;
  const refresh = () => {
    generation += 1;
    doc.documentElement.style.setProperty("font-feature-settings", `"zzzz" ${generation}`);
  };
  fonts.addEventListener("loadingdone", refresh);

  const asked = { 400: new Set<string>(), 700: new Set<string>() };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const askForScreenText = () => {
    timer = undefined;
    const view = doc.defaultView;
    if (!doc.body || !view) return;
    const byWeight = hangulByWeight(doc.body, (el) => view.getComputedStyle(el).fontWeight);
    for (const [w, chars] of byWeight) {
      const fresh = [...chars].filter((c) => !asked[w].has(c));
      if (fresh.length === 0) continue;
      for (const c of fresh) asked[w].add(c);
      fonts.load(`${w} 16px "${family}"`, fresh.join("")).catch(() => {});
    }
  };
  const schedule = () => {
    if (timer === undefined) timer = setTimeout(askForScreenText, 100);
  };
  const MO = doc.defaultView?.MutationObserver;
  const observer = MO ? new MO(schedule) : undefined;
  observer?.observe(doc.documentElement, { childList: true, subtree: true, characterData: true });
  schedule();
  return () => {
    fonts.removeEventListener("loadingdone", refresh);
    observer?.disconnect();
    if (timer !== undefined) clearTimeout(timer);
  };
}
