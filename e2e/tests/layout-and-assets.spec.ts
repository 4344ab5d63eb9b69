import { expect, test } from "@playwright/test";
import { preAcceptTerms, prefs, shot } from "./helpers.ts";

// Issue 9 #20–#23: the swap card at 360 px, the Korean font, networks this deployment does not
// serve, and token icons. The stack serves the local chain only.

test.beforeEach(async ({ page }) => {
  await preAcceptTerms(page);
});

test("360 px: the pay amount is fully visible and the chart toggle's tooltip does not stay after a tap", async ({
  browser,
}) => {
  const context = await browser.newContext({
    viewport: { width: 360, height: 780 },
    hasTouch: true,
    isMobile: true,
    baseURL: process.env.E2E_BASE_URL,
  });
  const page = await context.newPage();
  await preAcceptTerms(page);
  await page.goto("/aggregateSwap");
  const input = page.getByTestId("amount-in");
  await input.fill("1234.56789012");
  const fits = await input.evaluate((el: HTMLInputElement) => ({
    scroll: el.scrollWidth,
    client: el.clientWidth,
    width: el.getBoundingClientRect().width,
  }));
  expect(fits.scroll, `input ${JSON.stringify(fits)}`).toBeLessThanOrEqual(fits.client);
  expect(fits.width).toBeGreaterThan(150);

  // A tap on the chart toggle opens the chart; no tooltip stays on screen over the title.
  await page.getByTestId("chart-toggle").tap();
  await expect(page).toHaveURL(/\/aggregateSwap\/chart/);
  await page.waitForTimeout(600);
  await expect(page.getByRole("tooltip").filter({ hasText: /chart/i })).toHaveCount(0);
  await page.getByTestId("chart-toggle").tap();
  await expect(page).toHaveURL(/\/aggregateSwap(\?|$)/);
  await page.waitForTimeout(600);
  await expect(page.getByRole("tooltip").filter({ hasText: /chart/i })).toHaveCount(0);
  await context.close();
});

test("360 px with the chart: the price axis labels are inside the chart", async ({ browser }) => {
  const context = await browser.newContext({
    viewport: { width: 360, height: 780 },
    baseURL: process.env.E2E_BASE_URL,
  });
  const page = await context.newPage();
  await preAcceptTerms(page);
  await page.goto("/aggregateSwap/chart?outputCurrency=USDT");
  const canvas = page.getByTestId("chart-canvas");
  await expect(canvas).toBeVisible();
  await page.waitForTimeout(800);
  // The time axis is the chart's last table row: no label ink may touch its left or right edge
  // (a label cut by the edge, "12:0", has ink in the edge columns).
  const edgeInk = await canvas.evaluate((el) => {
    const rows = el.querySelectorAll("table tr");
    // The time axis under the pane: the last row's widest cell (the others are the price-scale stubs).
    const cell = Array.from(rows[rows.length - 1]?.querySelectorAll("td") ?? []).sort(
      (a, b) => b.getBoundingClientRect().width - a.getBoundingClientRect().width,
    )[0];
    let left = 0;
    let right = 0;
    for (const c of Array.from(cell?.querySelectorAll("canvas") ?? [])) {
      const ctx = (c as HTMLCanvasElement).getContext("2d");
      if (!ctx || c.width < 8) continue;
      const ink = (x: number) => {
        const d = ctx.getImageData(x, 0, 3, c.height).data;
        let n = 0;
        for (let i = 3; i < d.length; i += 4) if ((d[i] as number) > 40) n++;
        return n;
      };
      left += ink(0);
      right += ink(c.width - 3);
    }
    return { left, right, cells: cell ? 1 : 0 };
  });
  expect(edgeInk.cells).toBe(1);
  expect(edgeInk).toEqual({ left: 0, right: 0, cells: 1 });
  await shot(page, "layout-chart-360-light-en");
  await context.close();
});

test("Korean text renders with the self-hosted Noto Sans KR; English pages fetch no Korean font", async ({ page }) => {
  const fonts: string[] = [];
  page.on("request", (r) => {
    if (/\.woff2?(\?|$)/.test(r.url())) fonts.push(r.url());
  });
  await page.addInitScript(() => {
    if (!localStorage.getItem("rai_lang")) localStorage.setItem("rai_lang", "en");
  });
  await page.goto("/aggregateSwap");
  await expect(page.getByTestId("swap-main-button")).toBeVisible();
  await page.waitForTimeout(500);
  expect(fonts.filter((u) => /noto-sans-kr/.test(u))).toEqual([]);

  await page.evaluate(() => localStorage.setItem("rai_lang", "ko"));
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("lang", "ko");
  await expect(page.getByTestId("wallet-status")).toHaveText("지갑 연결");
  // Every Hangul glyph of the card's title (600) and of the footer text (400) comes from the web font,
  // not from a system font's empty boxes (CSS.getPlatformFontsForNode: the fonts used to draw a node).
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("DOM.enable");
  await cdp.send("CSS.enable");
  const fontsOf = async (selector: string) => {
    const { root } = await cdp.send("DOM.getDocument", { depth: 0 });
    const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector });
    const { fonts: used } = await cdp.send("CSS.getPlatformFontsForNode", { nodeId });
    return used.map((f) => `${f.isCustomFont ? "web" : "system"}:${f.familyName}`);
  };
  await expect
    .poll(() => fontsOf(".swap-title"), { timeout: 15_000 })
    .toEqual([expect.stringMatching(/^web:Noto Sans KR/)]);
  await expect.poll(() => fontsOf("footer p")).toContainEqual(expect.stringMatching(/^web:Noto Sans KR/));
  await expect.poll(() => fontsOf(".nav-badge")).toEqual([expect.stringMatching(/^web:Noto Sans KR/)]);
  expect(fonts.some((u) => /noto-sans-kr/.test(u))).toBe(true);
  // Only the slices for the app's Korean text (both weights): far fewer than the 174 files.
  console.log(`Korean font files fetched: ${fonts.length}`);
  expect(fonts.length).toBeLessThan(60);
});

test("a network this deployment does not serve is disabled in settings, and a stored one falls back without public RPC calls", async ({
  page,
}) => {
  const outside: string[] = [];
  page.on("request", (r) => {
    const host = new URL(r.url()).hostname;
    if (host !== "127.0.0.1" && host !== "localhost") outside.push(r.url());
  });
  await page.goto("/aggregateSwap");
  await page.getByRole("button", { name: "Settings" }).first().click();
  const drawer = page.locator(".settings-drawer");
  await expect(drawer).toBeVisible();
  await expect(drawer.getByText("This deployment does not serve Ethereum")).toBeVisible();
  const eth = drawer.getByRole("radio", { name: /^Ethereum/ });
  await expect(eth).toBeDisabled();
  await expect(drawer.getByRole("radio", { name: "Local" })).toBeChecked();
  await shot(page, "layout-settings-unserved-1440-light-en");

  // A network stored earlier (another deployment, an old choice) that this one does not serve.
  await page.evaluate(() => {
    const key = "sofi_user_settings";
    const stored = JSON.parse(localStorage.getItem(key) ?? "{}");
    stored.state = { ...(stored.state ?? {}), chainId: 1, chainIdChosen: true };
    localStorage.setItem(key, JSON.stringify(stored));
  });
  await page.reload();
  await expect(page.getByTestId("network-badge")).toBeVisible();
  await expect(page.getByTestId("network-badge")).toHaveText(/Local/);
  await page.waitForTimeout(1500);
  expect(outside.filter((u) => /cloudflare-eth|polygon-rpc|mainnet\.base|taiko|blast/.test(u))).toEqual([]);
});

test("token icons: known symbols get their icon, unknown ones a monogram", async ({ page }) => {
  await page.goto("/aggregateSwap");
  await expect(page.getByTestId("token-select-in")).toContainText("ETH");
  await page.getByTestId("token-select-out").click();
  const search = page.getByLabel("Search tokens");
  await expect(search).toBeVisible();
  const row = (symbol: string) => page.getByRole("option", { name: new RegExp(`^${symbol} `) }).first();
  for (const symbol of ["USDT", "USDC", "DAI", "WBTC"]) {
    await search.fill(symbol);
    const img = row(symbol).locator("img[data-symbol]");
    await expect(img).toHaveAttribute("src", new RegExp(`/tokens/${symbol.toLowerCase()}\\.svg$`));
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  }
  await search.fill("NAGI");
  await expect(row("NAGI").locator("[data-monogram]")).toHaveText("NA");
});

for (const width of [360, 1440]) {
  for (const theme of ["light", "dark"] as const) {
    for (const lang of ["en", "ko"] as const) {
      test(`screenshots: swap page and token selector at ${width} px, ${theme}, ${lang}`, async ({ browser }) => {
        const context = await browser.newContext({
          viewport: { width, height: width === 360 ? 780 : 900 },
          baseURL: process.env.E2E_BASE_URL,
        });
        const page = await context.newPage();
        await preAcceptTerms(page);
        await prefs(page, lang, theme);
        await page.goto("/aggregateSwap");
        await page.getByTestId("amount-in").fill("1234.56789012");
        await page.evaluate(() => document.fonts.ready);
        await shot(page, `layout-swap-${width}-${theme}-${lang}`);
        await page.getByTestId("token-select-out").click();
        await expect(page.getByRole("option").first()).toBeVisible();
        await page.evaluate(() => document.fonts.ready);
        await shot(page, `layout-tokens-${width}-${theme}-${lang}`);
        await context.close();
      });
    }
  }
}
