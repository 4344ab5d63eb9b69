/**
 * The swap page in a real browser (scripts/browser.ts's Chromium through playwright-core) against the real
 * stack (`startStack`: anvil + deploy + 30 days seeded + server serving web/dist):
 *   - first load of /aggregateSwap: how many JSON-RPC HTTP POSTs reach the chain RPC until the
 *     network is idle, and how many JSON-RPC calls they carried (batch sizes, methods);
 *   - quote latency: ETH → USDT, an amount typed `samples` times (each one different), time from the
 *     last keystroke to the output field showing the quote, measured in the page (keydown timestamp
 *     to the MutationObserver / requestAnimationFrame that sees the output filled).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { QUOTE_DEBOUNCE_MS } from "@sofi/core";
import { type Browser, type BrowserContext, chromium, type Page, type Request } from "playwright-core";
import { launchOptions, resolveBrowser } from "../../scripts/browser.ts";
import { startStack } from "../../scripts/start.ts";
import { percentile } from "./load.ts";
import { freePort } from "./net.ts";

export type RpcRequest = { url: string; calls: number; methods: string[] };

export type WebSwapResult = {
  chromium: string;
  firstLoad: {
    /** JSON-RPC HTTP POSTs to the chain RPC until the network was idle (500 ms without requests). */
    requests: number;
    /** JSON-RPC calls they carried (a batch counts its every entry). */
    calls: number;
    batches: RpcRequest[];
    /** Navigation start to network idle. */
    ms: number;
  };
  /** The same with the dev wallet's session restored from a previous visit (balances are read too). */
  firstLoadWithWallet: WebSwapResult["firstLoad"];
  quote: {
    pair: string;
    wallet: boolean;
    debounceMs: number;
    samplesMs: number[];
    medianMs: number;
    p90Ms: number;
    minMs: number;
    maxMs: number;
    /** JSON-RPC HTTP POSTs from the last keystroke until the bench read the timing back (the route's reserves, read right after the quote shows, may fall in), per sample. */
    rpcRequestsPerQuote: number[];
  };
};

/** Anvil account the bench connects (the e2e specs use 1 to 5 and block 9). */
const DEV_ACCOUNT = 6;

export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  if (s.length === 0) return Number.NaN;
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

/** The JSON-RPC payload of a request, or null when it is not one (a batch is an array). */
export function jsonRpcCalls(postData: string | null): { method: string }[] | null {
  if (!postData) return null;
  try {
    const body = JSON.parse(postData) as unknown;
    const list = Array.isArray(body) ? body : [body];
    if (list.length === 0) return null;
    if (!list.every((c) => c && typeof c === "object" && (c as { jsonrpc?: unknown }).jsonrpc === "2.0")) return null;
    return list.map((c) => ({ method: String((c as { method?: unknown }).method) }));
  } catch {
    return null;
  }
}

/** Amount typed for sample `i`: every sample different, all small enough for the seeded liquidity. */
export function sampleAmount(i: number): string {
  return `${(i % 9) + 1}.${String(((i * 37) % 997) + 1).padStart(3, "0")}`;
}

/** One real stack and one browser context for the page measurements (swap, market). */
export type PageStack = {
  url: string;
  rpcOrigin: string;
  chromium: string;
  /** The swap page's context (its wallet session persists in it). */
  context: BrowserContext;
  /** A fresh context (no stored wallet session), terms accepted, for another page's measurements. */
  newContext: () => Promise<BrowserContext>;
};

/** Starts the real stack and Chromium once, runs `fn`, and stops both. */
export async function withPageStack<T>(log: (s: string) => void, fn: (p: PageStack) => Promise<T>): Promise<T> {
  // The one rule (scripts/browser.ts): CHROMIUM_PATH, else the npm package's Chromium, else the system's.
  const resolved = resolveBrowser();
  log(`pages: browser ${resolved.executablePath} (${resolved.source})`);
  const dataDir = mkdtempSync(join(tmpdir(), "sofi-bench-pages-"));
  log("pages: starting the stack (anvil, deploy, seed, server; builds web/dist if stale)");
  const stack = await startStack({
    port: await freePort(),
    rpcPort: await freePort(),
    dataDir,
    reset: true,
    log: (line) => log(`  stack: ${line}`),
  });
  let browser: Browser | undefined;
  try {
    const b = await chromium.launch({ ...launchOptions(resolved), headless: true });
    browser = b;
    const newContext = async () => {
      const context = await b.newContext({ viewport: { width: 1440, height: 900 } });
      // The terms of use count as accepted (the terms modal has its own e2e test).
      await context.addInitScript(
        'if (!localStorage.getItem("terms_accepted")) localStorage.setItem("terms_accepted", "1")',
      );
      return context;
    };
    return await fn({
      url: stack.url,
      rpcOrigin: new URL(stack.rpcUrl).origin,
      chromium: `${resolved.executablePath} (${resolved.source})`,
      context: await newContext(),
      newContext,
    });
  } finally {
    await browser?.close().catch(() => undefined);
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The swap page's amount fields: the input, and the output that shows the quote. */
const SWAP_FIELDS: AmountFields = { input: "amount-in", output: "amount-out", empty: "" };

export async function measureWebSwap(
  p: PageStack,
  opts: { samples: number; log: (s: string) => void },
): Promise<WebSwapResult> {
  const { log } = opts;
  const url = `${p.url}/aggregateSwap`;
  const card = (page: Page) => page.getByTestId("swap-card").waitFor();

  log("swap: first load of /aggregateSwap (no wallet)");
  const { page, rpc, load: firstLoad } = await measureFirstLoad(p.context, url, p.rpcOrigin, log, card);

  await pickToken(page, "out", "USDT");
  const quote = await measureQuotes(page, opts.samples, () => rpc.length, log, SWAP_FIELDS, "ETH → USDT");

  // A returning user: the dev wallet session is restored on load, so balances are read too.
  log("swap: first load of /aggregateSwap with the dev wallet session restored");
  if (!quote.wallet) await connectDevWallet(page, DEV_ACCOUNT);
  await page.close();
  const withWallet = await measureFirstLoad(p.context, url, p.rpcOrigin, log, async (pg) => {
    await card(pg);
    await pg.getByTestId("balance-in").waitFor({ timeout: 15_000 });
  }).catch((e: unknown) => {
    throw new Error(`the dev wallet session was not restored on reload (no input balance shown): ${String(e)}`);
  });
  await withWallet.page.close();
  return {
    chromium: p.chromium,
    firstLoad,
    firstLoadWithWallet: withWallet.load,
    quote: { pair: "ETH-USDT", debounceMs: QUOTE_DEBOUNCE_MS, ...quote },
  };
}

type FirstLoad = WebSwapResult["firstLoad"];

/**
 * Opens `url` in a new page and counts the JSON-RPC POSTs to the chain RPC until the network is
 * idle and `ready` resolves (what the page must show). The page keeps recording into `rpc`
 * afterwards (every JSON-RPC POST, any origin).
 */
export async function measureFirstLoad(
  context: BrowserContext,
  url: string,
  rpcOrigin: string,
  log: (s: string) => void,
  ready: (page: Page) => Promise<void>,
): Promise<{ page: Page; rpc: RpcRequest[]; load: FirstLoad }> {
  const page = await context.newPage();
  const rpc: RpcRequest[] = [];
  page.on("request", (req: Request) => {
    if (req.method() !== "POST") return;
    const calls = jsonRpcCalls(req.postData());
    if (calls) rpc.push({ url: req.url(), calls: calls.length, methods: calls.map((c) => c.method) });
  });
  const t0 = performance.now();
  await page.goto(url, { waitUntil: "networkidle" });
  // A restored session can finish after the network first went quiet (a loaded machine): the load
  // lasts until what it shows is there, so the requests it needed are counted too.
  await ready(page);
  const ms = performance.now() - t0;
  const batches = rpc.filter((r) => new URL(r.url).origin === rpcOrigin);
  const elsewhere = rpc.filter((r) => new URL(r.url).origin !== rpcOrigin);
  if (elsewhere.length > 0)
    log(`pages: JSON-RPC POSTs to another origin too (not counted): ${elsewhere.map((r) => r.url).join(", ")}`);
  const load = { requests: batches.length, calls: batches.reduce((a, b) => a + b.calls, 0), batches, ms };
  log(
    `pages: ${load.requests} JSON-RPC HTTP requests carrying ${load.calls} calls: ${batches.map((b) => `[${b.methods.join(", ")}]`).join(" ")}`,
  );
  return { page, rpc, load };
}

async function pickToken(page: Page, side: "in" | "out", symbol: string): Promise<void> {
  const button = page.getByTestId(`token-select-${side}`);
  if ((await button.textContent())?.trim() === symbol) return;
  await button.click();
  await page.getByLabel("Search tokens").fill(symbol);
  await page
    .getByRole("option", { name: new RegExp(`^${symbol} `) })
    .first()
    .click();
  await page.getByTestId(`token-select-${side}`).filter({ hasText: symbol }).waitFor();
}

export async function connectDevWallet(page: Page, index: number): Promise<void> {
  // The dev wallet lists its accounts once the app knows it is on the local chain (its config
  // loaded); on a loaded machine a dialog opened before that shows none: open it again.
  for (let attempt = 1; ; attempt++) {
    await page.getByTestId("wallet-status").click();
    await page.getByTestId("wallet-option-devWallet").click();
    const shown = await page
      .getByTestId(`dev-account-${index}`)
      .waitFor({ timeout: 10_000 })
      .then(
        () => true,
        () => false,
      );
    if (shown) break;
    if (attempt >= 4) throw new Error(`the dev wallet never listed account ${index}`);
    await page.keyboard.press("Escape");
    await page.waitForTimeout(1_000);
  }
  await page.getByTestId(`dev-account-${index}`).click();
  await page.getByTestId("dev-wallet-connect").click();
  await page.getByTestId("account-panel").waitFor();
  await page.keyboard.press("Escape");
  await page.getByTestId("account-panel").waitFor({ state: "hidden" });
}

/**
 * A page's amount input and the field that shows its quote (test ids), and what that field shows
 * without a quote. The output's value is its `value` (an input) or its text.
 */
export type AmountFields = {
  input: string;
  output: string;
  empty: string;
  /** The amount typed for sample `i` (default `sampleAmount`). */
  sample?: (i: number) => string;
};

/** Empties the input and waits for the output to clear (the page clears it at once on empty input). */
async function clearAmount(page: Page, f: AmountFields): Promise<void> {
  await page.getByTestId(f.input).fill("");
  await page.waitForFunction(
    `(() => { const o = document.querySelector('[data-testid="${f.output}"]'); return o && (o.value ?? o.textContent) === ${JSON.stringify(f.empty)}; })()`,
  );
}

/**
 * In-page watcher (plain JavaScript: a string, so the bench's TypeScript transform adds nothing the
 * page lacks). Resolves with the ms from the keydown that completed `expected` in the input to the
 * first moment the output field holds a value, seen by a MutationObserver or a requestAnimationFrame
 * poll, or null after `timeout` ms.
 */
const WATCHER = `(expected, timeout, f) => new Promise((resolve) => {
  const marked = document.querySelector('[data-testid="' + f.input + '"]');
  const input = marked.matches("input") ? marked : marked.querySelector("input");
  const output = () => document.querySelector('[data-testid="' + f.output + '"]');
  let lastKeyDown = 0, lastKeystroke = 0, done = false, timer = 0;
  const onKeyDown = () => { lastKeyDown = performance.now(); };
  const onInput = () => { if (input.value === expected) lastKeystroke = lastKeyDown || performance.now(); };
  const observer = new MutationObserver(() => check());
  const finish = (ms) => {
    done = true;
    observer.disconnect();
    window.removeEventListener("keydown", onKeyDown, true);
    window.removeEventListener("input", onInput, true);
    clearTimeout(timer);
    resolve(ms);
  };
  const check = () => {
    if (done || !lastKeystroke) return;
    const o = output();
    const v = o ? (o.value ?? o.textContent) : f.empty;
    if (v !== f.empty) finish(performance.now() - lastKeystroke);
  };
  window.addEventListener("keydown", onKeyDown, true);
  window.addEventListener("input", onInput, true);
  observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  const frame = () => { check(); if (!done) requestAnimationFrame(frame); };
  requestAnimationFrame(frame);
  timer = setTimeout(() => finish(null), timeout);
})`;

/**
 * Arms an in-page watcher, types `amount`, and returns the time from the keydown that completed
 * `amount` to the moment the output field holds a non-empty value, or null after `timeoutMs`.
 */
async function typeAndTime(page: Page, amount: string, timeoutMs: number, f: AmountFields): Promise<number | null> {
  // `void`: evaluate would otherwise wait for the promise before the typing starts.
  await page.evaluate(
    `void (window.__quoteTiming = (${WATCHER})(${JSON.stringify(amount)}, ${timeoutMs}, ${JSON.stringify(f)}))`,
  );
  await page.getByTestId(f.input).focus();
  await page.keyboard.type(amount);
  return (await page.evaluate("window.__quoteTiming")) as number | null;
}

export async function measureQuotes(
  page: Page,
  samples: number,
  rpcCount: () => number,
  log: (s: string) => void,
  f: AmountFields,
  what: string,
): Promise<Omit<WebSwapResult["quote"], "pair" | "debounceMs">> {
  let wallet = false;
  // Quotes need no wallet on these pages; if the first one never shows, connect the dev wallet and retry.
  await clearAmount(page, f);
  const warm = await typeAndTime(page, "0.5", 15_000, f);
  if (warm === null) {
    log(`pages: no ${what} quote without a wallet; connecting the dev wallet`);
    await connectDevWallet(page, DEV_ACCOUNT);
    wallet = true;
    await clearAmount(page, f);
    const again = await typeAndTime(page, "0.5", 15_000, f);
    if (again === null) throw new Error(`no ${what} quote shown within 15 s (with the dev wallet)`);
  }
  const samplesMs: number[] = [];
  const rpcRequestsPerQuote: number[] = [];
  for (let i = 0; i < samples; i++) {
    await clearAmount(page, f);
    // Let the cleared state settle (no request in flight from the previous sample).
    await page.waitForTimeout(300);
    const before = rpcCount();
    const amount = (f.sample ?? sampleAmount)(i);
    const ms = await typeAndTime(page, amount, 10_000, f);
    if (ms === null) throw new Error(`no ${what} quote shown within 10 s for ${amount}`);
    rpcRequestsPerQuote.push(rpcCount() - before);
    samplesMs.push(ms);
  }
  const sorted = [...samplesMs].sort((a, b) => a - b);
  log(`pages: ${what} quote after the last keystroke: median ${median(samplesMs).toFixed(1)} ms over ${samples}`);
  return {
    wallet,
    samplesMs,
    medianMs: median(samplesMs),
    p90Ms: percentile(sorted, 90),
    minMs: sorted[0] as number,
    maxMs: sorted[sorted.length - 1] as number,
    rpcRequestsPerQuote,
  };
}
