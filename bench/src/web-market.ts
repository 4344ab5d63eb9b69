/**
 * The prediction market's page in a real browser, on the stack `withPageStack` started (issue 19's
 * bench rows, measured as the swap page's are):
 *   - first load of /predict/{market} (an open seeded market): JSON-RPC HTTP POSTs to the chain
 *     RPC until the network is idle and the trade panel is shown; then again with the dev wallet's
 *     session restored (its SOFI balance shown);
 *   - quote latency: a buy amount typed `samples` times (each one different), from the last
 *     keystroke to the panel's "total shares" showing the lens's quote.
 */
import { type ApiMarket, QUOTE_DEBOUNCE_MS } from "@sofi/core";
import type { Page } from "playwright-core";
import {
  type AmountFields,
  connectDevWallet,
  measureFirstLoad,
  measureQuotes,
  type PageStack,
  type WebSwapResult,
} from "./web-swap.ts";

export type WebMarketResult = {
  chromium: string;
  market: string;
  firstLoad: WebSwapResult["firstLoad"];
  firstLoadWithWallet: WebSwapResult["firstLoad"];
  quote: WebSwapResult["quote"];
};

/** Anvil account the bench connects on the market page (the swap page's is 6). */
const DEV_ACCOUNT = 7;

/** The trade panel's amount and the quote's first figure ("--" until quoted). */
const MARKET_FIELDS: AmountFields = {
  input: "amount-input",
  output: "total-shares",
  empty: "--",
  // SOFI amounts take at most two decimals (spec 002 §5): 1.01 to 9.99, each different
  sample: (i) => `${(i % 9) + 1}.${String(((i * 37) % 99) + 1).padStart(2, "0")}`,
};

export async function measureWebMarket(
  p: PageStack,
  opts: { samples: number; log: (s: string) => void },
): Promise<WebMarketResult> {
  const { log } = opts;
  const reply = await fetch(`${p.url}/api/local/sofi/markets`);
  const markets = (await reply.json()) as ApiMarket[];
  const open = markets.find((m) => m.status === "active");
  if (!open) throw new Error(`no open market on the seeded stack (${markets.length} markets)`);
  const url = `${p.url}/predict/${open.market}`;
  const panel = (page: Page) => page.getByTestId("trade-panel").waitFor();

  // its own context: the swap page's holds that page's wallet session
  const context = await p.newContext();
  log(`market: first load of /predict/{market} (no wallet): ${open.title}`);
  const { page, rpc, load: firstLoad } = await measureFirstLoad(context, url, p.rpcOrigin, log, panel);
  const quote = await measureQuotes(page, opts.samples, () => rpc.length, log, MARKET_FIELDS, "market buy");

  log("market: first load of /predict/{market} with the dev wallet session restored");
  if (!quote.wallet) await connectDevWallet(page, DEV_ACCOUNT);
  await page.close();
  const withWallet = await measureFirstLoad(context, url, p.rpcOrigin, log, async (pg) => {
    await panel(pg);
    await pg.waitForFunction(
      '(() => { const b = document.querySelector(\'[data-testid="wallet-balance"]\'); return b && b.textContent !== "--"; })()',
      undefined,
      { timeout: 15_000 },
    );
  }).catch((e: unknown) => {
    throw new Error(`the dev wallet session was not restored on reload (no SOFI balance shown): ${String(e)}`);
  });
  await withWallet.page.close();
  return {
    chromium: p.chromium,
    market: open.market,
    firstLoad,
    firstLoadWithWallet: withWallet.load,
    quote: { pair: `${open.outcomeNames[0] ?? "Yes"} shares for SOFI`, debounceMs: QUOTE_DEBOUNCE_MS, ...quote },
  };
}
