import { expect, type Page, test } from "@playwright/test";
import { connectAs, preAcceptTerms, prefs, shot } from "./helpers.ts";

// Account 3 is this spec's own: the portfolios it creates are managed by it and by no other spec's account.
const ACCOUNT = 3;
const ACCOUNT_ADDRESS = "0x90F79bf6EB2c4f870365E785982E1f101E93b906";

test.beforeEach(async ({ page }) => {
  await preAcceptTerms(page);
});

/** Picks a token in the multi-select by typing its symbol. */
async function pick(page: Page, symbol: string): Promise<void> {
  const input = page.locator("#pc-tokens");
  await input.click();
  await input.fill(symbol);
  await page
    .locator(".ant-select-item-option")
    .filter({ has: page.getByTestId(`token-option-${symbol}`) })
    .click();
  await expect(row(page, symbol)).toBeVisible();
  await page.keyboard.press("Escape");
}

const row = (page: Page, symbol: string) => page.getByTestId(`allocation-${symbol}`);
const bps = async (page: Page, symbol: string) => Number(await row(page, symbol).getAttribute("data-bps"));
const shares = (page: Page, symbols: string[]) => Promise.all(symbols.map((s) => bps(page, s)));
const percent = (page: Page, symbol: string) => page.getByRole("textbox", { name: `${symbol} share (%)` });
const slider = (page: Page, symbol: string) => page.getByRole("slider", { name: `${symbol} share slider` });

test("without a wallet the wizard asks to connect one; cancel returns to /sts", async ({ page }) => {
  await prefs(page, "en", "light");
  await page.goto("/sts/create");
  await expect(page.getByRole("heading", { name: "Create portfolio", level: 1 })).toBeVisible();
  await expect(page.getByTestId("create-connect-gate")).toContainText("Connect a wallet to create a portfolio");
  await expect(page.getByText("Disclaimer")).toBeVisible();
  await shot(page, "portfolio-create-connect-1440-light-en");
  await page.getByTestId("create-connect-gate").getByRole("button", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/sts$/);
  // The home's create button leads here.
  await page.getByRole("link", { name: "Create portfolio" }).click();
  await expect(page).toHaveURL(/\/sts\/create$/);
});

test("create: tokens, percents, sliders and locks, validation, info, publish, then the indexed portfolio", async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  await prefs(page, "en", "light");
  await page.goto("/sts/create");
  // The gate's button opens the wallet dialog.
  await page.getByTestId("create-connect").click();
  await expect(page.getByRole("dialog", { name: "Connect a wallet" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog", { name: "Connect a wallet" })).toBeHidden();
  await connectAs(page, ACCOUNT);
  await expect(page.getByTestId("create-tokens")).toBeVisible();

  // Step 0: nothing chosen.
  await page.getByTestId("create-next").click();
  await expect(page.getByRole("alert").filter({ hasText: "Please select tokens" })).toBeVisible();
  await expect(page.getByTestId("create-wizard")).toHaveAttribute("data-step", "0");

  // Three tokens: equal shares with the remainder on the last.
  await pick(page, "WETH");
  await expect(percent(page, "WETH")).toHaveValue("100.00");
  await expect(percent(page, "WETH")).toBeDisabled(); // one token holds everything
  await pick(page, "USDC");
  await pick(page, "NAGI");
  expect(await shares(page, ["WETH", "USDC", "NAGI"])).toEqual([3333, 3333, 3334]);
  const weth = await page.locator('input[name^="precent-0x"]').first().getAttribute("name");
  expect(weth).toMatch(/^precent-0x[0-9a-fA-F]{40}$/);

  // A percent typed moves the share; the others re-spread.
  await percent(page, "WETH").fill("50");
  expect(await shares(page, ["WETH", "USDC", "NAGI"])).toEqual([5000, 2500, 2500]);
  await expect(percent(page, "USDC")).toHaveValue("25.00");

  // Bad percents: the spec's two messages, and Next stays on step 0.
  await percent(page, "USDC").fill("12.345");
  await expect(row(page, "USDC").getByRole("alert")).toHaveText(
    "Please input a percent from 0.01 to 99.97 with at most 2 decimals",
  );
  await percent(page, "USDC").fill("99.98");
  await expect(row(page, "USDC").getByRole("alert")).toContainText("Please input a percent");
  await percent(page, "USDC").fill("");
  await expect(row(page, "USDC").getByRole("alert")).toHaveText("Please input the percent");
  await page.getByTestId("create-next").click();
  await expect(page.getByTestId("create-wizard")).toHaveAttribute("data-step", "0");
  await percent(page, "USDC").fill("25");
  await expect(row(page, "USDC").getByRole("alert")).toHaveCount(0);
  // USDC took 25 %: every other unlocked token (WETH too) shares the rest.
  expect(await shares(page, ["WETH", "USDC", "NAGI"])).toEqual([3750, 2500, 3750]);
  await percent(page, "WETH").fill("50");
  expect(await shares(page, ["WETH", "USDC", "NAGI"])).toEqual([5000, 2500, 2500]);

  // Lock WETH: its slider stops; USDC's slider re-spreads the rest to NAGI, each keeps ≥ 1.
  await row(page, "WETH").getByRole("button", { name: "Lock WETH's share" }).click();
  await expect(slider(page, "WETH")).toHaveAttribute("aria-disabled", "true");
  await slider(page, "USDC").focus();
  await page.keyboard.press("End");
  expect(await shares(page, ["WETH", "USDC", "NAGI"])).toEqual([5000, 4999, 1]);
  await page.keyboard.press("Home");
  expect(await shares(page, ["WETH", "USDC", "NAGI"])).toEqual([5000, 1, 4999]);
  for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowRight");
  expect(await shares(page, ["WETH", "USDC", "NAGI"])).toEqual([5000, 4, 4996]);
  await shot(page, "portfolio-create-tokens-1440-light-en");

  // Removing NAGI removes its allocation: USDC, the one unlocked token left, takes it and cannot move.
  await row(page, "NAGI").getByRole("button", { name: "Remove NAGI" }).click();
  await expect(row(page, "NAGI")).toHaveCount(0);
  expect(await shares(page, ["WETH", "USDC"])).toEqual([5000, 5000]);
  await expect(slider(page, "USDC")).toHaveAttribute("aria-disabled", "true");
  await pick(page, "DAI");
  expect(await shares(page, ["WETH", "USDC", "DAI"])).toEqual([5000, 2500, 2500]);

  // Step 1: the spec's messages for empty and bad fields.
  await page.getByTestId("create-next").click();
  await expect(page.getByTestId("create-wizard")).toHaveAttribute("data-step", "1");
  await expect(page.getByLabel("Starting price (USD)")).toHaveValue("100");
  await page.getByTestId("create-next").click();
  await expect(page.getByTestId("create-wizard")).toHaveAttribute("data-step", "1");
  await expect(page.locator("#pc-name-error")).toHaveText("Please select tokens");
  await expect(page.locator("#pc-symbol-error")).toHaveText("Please input the symbol");
  await page.getByLabel("Starting price (USD)").fill("");
  await expect(page.locator("#pc-startPrice-error")).toHaveText("Please input the starting price");
  await page.getByLabel("Starting price (USD)").fill("0.5");
  await expect(page.locator("#pc-startPrice-error")).toHaveText(
    "Please input a starting price of at least 1 with at most 2 decimals",
  );
  await page.getByLabel("Starting price (USD)").fill("12.345");
  await expect(page.locator("#pc-startPrice-error")).toContainText("at most 2 decimals");
  await shot(page, "portfolio-create-info-errors-1440-light-en");

  const tag = Date.now().toString(36).slice(-5).toUpperCase();
  const name = `E2E Basket ${tag}`;
  const symbol = `E2E${tag}`.slice(0, 10);
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Symbol").fill(symbol.toLowerCase());
  await expect(page.getByLabel("Symbol")).toHaveValue(symbol);
  await page.getByLabel("Starting price (USD)").fill("250.5");
  await expect(page.locator(".pc-info [role=alert]")).toHaveCount(0);

  // Step 2: the review with the factory's units per set.
  await page.getByTestId("create-next").click();
  await expect(page.getByTestId("create-review")).toBeVisible();
  await expect(page.getByTestId("review-name")).toHaveText(name);
  await expect(page.getByTestId("review-symbol")).toHaveText(symbol);
  await expect(page.getByTestId("review-WETH")).toContainText("50.00%");
  await expect(page.getByTestId("review-USDC").locator("td").last()).toHaveText(/^\d[\d,]*\.\d+$/);
  await shot(page, "portfolio-create-review-1440-light-en");

  // Publish: the factory's create through the transactor, then the success stage.
  await page.getByTestId("create-publish").click();
  await expect(page.getByTestId("create-success")).toBeVisible({ timeout: 60_000 });
  const address = (await page.getByTestId("created-address").textContent())?.trim() ?? "";
  expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
  await expect(page.getByTestId("my-created")).toHaveAttribute("href", `/sts/profile/${ACCOUNT_ADDRESS}/3`);
  await shot(page, "portfolio-create-success-1440-light-en");

  // The indexer picks it up: the API knows it, with its manager, name and components.
  await expect
    .poll(
      async () => {
        const r = await request.get(`/api/local/sofi/portfolios/${address}`);
        return r.ok() ? ((await r.json()) as { name: string }).name : `HTTP ${r.status()}`;
      },
      { timeout: 60_000 },
    )
    .toBe(name);
  const detail = (await (await request.get(`/api/local/sofi/portfolios/${address}`)).json()) as {
    symbol: string;
    manager: string;
    components: { symbol: string }[];
  };
  expect(detail.symbol).toBe(symbol);
  expect(detail.manager.toLowerCase()).toBe(ACCOUNT_ADDRESS.toLowerCase());
  expect(detail.components.map((c) => c.symbol).sort()).toEqual(["DAI", "USDC", "WETH"]);
  const search = (await (
    await request.get(`/api/local/v2/sofi/portfolios?search=${encodeURIComponent(symbol)}`)
  ).json()) as { portfolios: { address: string }[] };
  expect(search.portfolios.map((p) => p.address.toLowerCase())).toContain(address.toLowerCase());

  // And its page.
  await page.getByTestId("open-created").click();
  await expect(page).toHaveURL(new RegExp(`/sts/portfolio/${address}$`));
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
});

test("?search= preselects the matching allow-listed tokens; cancel returns to /sts", async ({ page }) => {
  await prefs(page, "en", "dark");
  await page.goto("/sts/create?search=meme");
  await expect(page.getByTestId("create-connect")).toBeVisible();
  await connectAs(page, ACCOUNT);
  await expect(page.getByTestId("create-tokens")).toBeVisible();
  for (const s of ["DOGAI", "FROGGO", "BLUB"]) await expect(row(page, s)).toBeVisible();
  await expect(page.getByTestId(/^allocation-/)).toHaveCount(3);
  expect(await shares(page, ["DOGAI", "FROGGO", "BLUB"])).toEqual([3333, 3333, 3334]);
  await page.getByTestId("create-cancel").click();
  await expect(page).toHaveURL(/\/sts$/);
});

test("a create the factory refuses: the review warns, publish shows the failure with create again and cancel", async ({
  page,
}) => {
  await prefs(page, "en", "light");
  await page.goto("/sts/create");
  await expect(page.getByTestId("create-connect")).toBeVisible();
  await connectAs(page, ACCOUNT);
  await expect(page.getByTestId("create-tokens")).toBeVisible();
  // 0.01 % of a $1 set in WBTC is below one satoshi: the factory's UnitTooSmall.
  await pick(page, "WBTC");
  await pick(page, "USDC");
  await slider(page, "WBTC").focus();
  await page.keyboard.press("Home");
  expect(await shares(page, ["WBTC", "USDC"])).toEqual([1, 9999]);
  await page.getByTestId("create-next").click();
  await page.getByLabel("Name").fill("Too small");
  await page.getByLabel("Symbol").fill("TINY");
  await page.getByLabel("Starting price (USD)").fill("1");
  await page.getByTestId("create-next").click();
  await expect(page.getByTestId("create-review")).toContainText("The factory would refuse these prices");
  await page.getByTestId("create-publish").click();
  await expect(page.getByTestId("create-failed")).toContainText("Portfolio creation failed");
  await expect(page.getByTestId("create-failed")).toContainText("UnitTooSmall");
  await shot(page, "portfolio-create-failed-1440-light-en");
  await page.getByTestId("create-again").click();
  await expect(page.getByTestId("create-wizard")).toHaveAttribute("data-step", "2");
  await expect(page.getByTestId("review-name")).toHaveText("Too small");
  await page.getByTestId("create-publish").click();
  await expect(page.getByTestId("create-failed")).toBeVisible();
  await page.getByTestId("create-failed").getByRole("button", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/sts$/);
});

for (const [width, theme, lang] of [
  [360, "light", "en"],
  [360, "dark", "ko"],
  [1440, "dark", "en"],
  [1440, "light", "ko"],
] as const) {
  test(`wizard screens at ${width} px, ${theme}, ${lang}`, async ({ page }) => {
    await prefs(page, lang, theme);
    await page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
    await page.goto("/sts/create?search=ai");
    await expect(page.getByTestId("create-connect")).toBeVisible();
    await shot(page, `portfolio-create-connect-${width}-${theme}-${lang}`);
    await connectAs(page, ACCOUNT);
    await expect(page.getByTestId("create-tokens")).toBeVisible();
    await expect(page.getByTestId(/^allocation-/)).toHaveCount(3); // NAGI, GPUX, DOGAI: tagged ai
    await shot(page, `portfolio-create-tokens-${width}-${theme}-${lang}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.getByTestId("create-next").click();
    await page.locator("#pc-name").fill("AI Leaders");
    await page.locator("#pc-symbol").fill("ail");
    await page.getByTestId("create-next").click();
    await expect(page.getByTestId("create-review")).toBeVisible();
    await expect(page.getByTestId("create-review").locator("tbody td.mono").first()).not.toHaveText("--");
    await shot(page, `portfolio-create-review-${width}-${theme}-${lang}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });
}
