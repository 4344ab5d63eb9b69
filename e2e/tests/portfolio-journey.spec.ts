import { expect, type Page, test } from "@playwright/test";
import { ANVIL_ACCOUNTS } from "@sofi/protocol/deployments/anvil-accounts.ts";
import { connectAs, preAcceptTerms, prefs, shot } from "./helpers.ts";

// Issue 10's whole story with the dev wallet, as two people would live it: a manager creates a
// 3-token portfolio in the wizard, finds it on /sts/more/new and its page, enables trading; another
// account buys with ETH and with USDT, favourites it and sells half; the buyer's balance and the
// portfolio's holders count follow. Account 3 creates (the create spec's manager account: every
// portfolio it makes is new), account 8 trades (the trade spec's trader: other portfolios).
const MANAGER = 3;
const BUYER = 8;

test.beforeEach(async ({ page }) => {
  await preAcceptTerms(page);
});

const number = async (page: Page, testId: string): Promise<number> =>
  Number(((await page.getByTestId(testId).textContent()) ?? "").replace(/,/g, "").match(/[\d.]+/)?.[0] ?? "NaN");

type Detail = { name: string; holders_count: number; trading_enabled: boolean; favorite: boolean };

test("create in the wizard, enable trading, buy with ETH and USDT, favourite, sell half", async ({ page, browser }) => {
  test.setTimeout(480_000);
  await prefs(page, "en", "light");
  const detail = async (address: string, me?: string): Promise<Detail> =>
    (await (
      await page.request.get(`/api/local/sofi/portfolios/${address}${me ? `?address=${me}` : ""}`)
    ).json()) as Detail;

  // ---- the manager creates WETH / USDC / DAI at the default start price
  await page.goto("/sts/create?search=WETH");
  await connectAs(page, MANAGER);
  await expect(page.getByTestId("create-tokens")).toBeVisible();
  for (const symbol of ["USDC", "DAI"]) {
    const input = page.locator("#pc-tokens");
    await input.click();
    await input.fill(symbol);
    await page
      .locator(".ant-select-item-option")
      .filter({ has: page.getByTestId(`token-option-${symbol}`) })
      .click();
    await page.keyboard.press("Escape");
  }
  for (const s of ["WETH", "USDC", "DAI"]) await expect(page.getByTestId(`allocation-${s}`)).toBeVisible();
  await expect(page.getByTestId(/^allocation-/)).toHaveCount(3);
  await page.getByTestId("create-next").click();
  const tag = Date.now().toString(36).slice(-5).toUpperCase();
  const name = `Journey ${tag}`;
  const symbol = `JY${tag}`;
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Symbol").fill(symbol);
  await expect(page.getByLabel("Starting price (USD)")).toHaveValue("100");
  await page.getByTestId("create-next").click();
  await expect(page.getByTestId("create-review")).toBeVisible();
  await page.getByTestId("create-publish").click();
  await expect(page.getByTestId("create-success")).toBeVisible({ timeout: 60_000 });
  const address = (await page.getByTestId("created-address").textContent())?.trim() ?? "";
  expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
  await expect
    .poll(async () => (await page.request.get(`/api/local/sofi/portfolios/${address}`)).status(), {
      timeout: 60_000,
    })
    .toBe(200);

  // ---- it is the newest on /sts/more/new, and its page opens from there
  await page.goto("/sts/more/new");
  await page.getByRole("link", { name: `Open ${name} (${symbol})` }).click();
  await expect(page).toHaveURL(new RegExp(`/sts/portfolio/${address}$`));
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  expect((await detail(address)).holders_count).toBe(0);

  // ---- the manager adds and initialises the trading module and opens buy and sell
  await page.getByRole("button", { name: "Manage" }).click();
  await expect(page).toHaveURL(new RegExp(`/sts/manage/${address}$`));
  const state = page.getByTestId("module-state");
  await expect(state).toContainText("0 · Not added");
  await page.getByTestId("module-add").click();
  await expect(state).toContainText("1 · Added, not initialised", { timeout: 30_000 });
  await page.getByTestId("module-initialize").click();
  await expect(state).toContainText("2 · Ready", { timeout: 30_000 });
  await page.getByTestId("module-toggle").click();
  await expect(page.getByTestId("trading-status")).toHaveText("Buying and selling are open to everyone.", {
    timeout: 30_000,
  });
  await expect.poll(async () => (await detail(address)).trading_enabled, { timeout: 30_000 }).toBe(true);

  // ---- another account buys 1 with ETH, then 1 with USDT (approving USDT first)
  const ctx = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const buyer = await ctx.newPage();
  await preAcceptTerms(buyer);
  await prefs(buyer, "en", "light");
  await buyer.goto(`/sts/buy/${address}`);
  await connectAs(buyer, BUYER);
  const button = buyer.getByTestId("trade-button");
  await buyer.getByTestId("amount").fill("1");
  await expect(button).toHaveText(`Buy ${symbol}`);
  await button.click();
  await expect(buyer.getByText(`Bought ${symbol}`)).toBeVisible({ timeout: 30_000 });
  await buyer.getByTestId("token-select").click();
  await buyer.keyboard.type("USDT");
  await buyer.locator('.ant-select-item-option[title="USDT"]').first().click();
  await buyer.getByTestId("amount").fill("1");
  await expect(button).toHaveText(/^(Approve USDT|Buy .+)$/);
  if ((await button.textContent()) === "Approve USDT") {
    await button.click();
    await expect(button).toHaveText(`Buy ${symbol}`, { timeout: 30_000 });
  }
  await button.click();
  await expect(buyer.getByText(`Bought ${symbol}`).last()).toBeVisible({ timeout: 30_000 });
  await buyer.getByTestId("mode-tabs").getByText("Sell").click();
  await expect.poll(() => number(buyer, "set-balance"), { timeout: 30_000 }).toBe(2);
  await expect.poll(async () => (await detail(address)).holders_count, { timeout: 30_000 }).toBe(1);

  // ---- the buyer favourites it
  await buyer.goto(`/sts/portfolio/${address}`);
  const fav = buyer.getByTestId("favorite-toggle");
  await expect(fav).toBeEnabled();
  await expect(fav).toHaveAttribute("aria-pressed", "false");
  await fav.click();
  await expect(buyer.getByText("Successfully favorited")).toBeVisible();
  await expect(fav).toHaveAttribute("aria-pressed", "true");
  const holders = buyer
    .getByTestId("portfolio-summary")
    .locator("div", { has: buyer.locator("dt", { hasText: /^Holders$/ }) })
    .locator("dd");
  await expect(holders).toHaveText("1");
  expect((await detail(address, ANVIL_ACCOUNTS[BUYER]?.address)).favorite).toBe(true);

  // ---- and sells half for ETH (approving the portfolio token first)
  await buyer.goto(`/sts/sell/${address}`);
  await expect.poll(() => number(buyer, "set-balance"), { timeout: 30_000 }).toBe(2);
  await buyer.getByTestId("amount").fill("1");
  await expect(button).toHaveText(new RegExp(`^(Approve ${symbol}|Sell ${symbol})$`));
  if ((await button.textContent()) === `Approve ${symbol}`) {
    await button.click();
    await expect(button).toHaveText(`Sell ${symbol}`, { timeout: 30_000 });
  }
  await button.click();
  await expect(buyer.getByText(`Sold ${symbol}`)).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => number(buyer, "set-balance"), { timeout: 30_000 }).toBe(1);
  await shot(buyer, "portfolio-journey-sold-1440-light-en");
  // still one holder (the buyer keeps half); the buyer's favourite stands
  await expect.poll(async () => (await detail(address)).holders_count, { timeout: 30_000 }).toBe(1);
  await ctx.close();
});
