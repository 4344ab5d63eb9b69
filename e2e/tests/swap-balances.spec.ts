import { expect, type Page, test } from "@playwright/test";
import { connectAs, preAcceptTerms, shot } from "./helpers.ts";

// Account 6 is this spec's own (swap.spec.ts uses 5, wallet.spec.ts 1, 9 is blocked).
const ACCOUNT = 6;

test.beforeEach(async ({ page }) => {
  await preAcceptTerms(page);
});

function balanceNumber(text: string | null): number {
  return Number((text ?? "").replace(/[^0-9.]/g, ""));
}

/** The balance the selector's row of `symbol` shows (the modal is opened from `side` and closed again). */
async function selectorBalance(page: Page, side: "in" | "out", symbol: string): Promise<number> {
  await page.getByTestId(`token-select-${side}`).click();
  await page.getByLabel("Search tokens").fill(symbol);
  const row = page.getByRole("option", { name: new RegExp(`^${symbol} `) }).first();
  await expect(row).toContainText(/\d/);
  const text = await row.locator("span[title]").last().textContent();
  await page.keyboard.press("Escape");
  await expect(page.getByLabel("Search tokens")).toBeHidden();
  return balanceNumber(text);
}

async function pick(page: Page, side: "in" | "out", symbol: string): Promise<void> {
  const button = page.getByTestId(`token-select-${side}`);
  if ((await button.textContent())?.trim() === symbol) return;
  await button.click();
  await page.getByLabel("Search tokens").fill(symbol);
  await page
    .getByRole("option", { name: new RegExp(`^${symbol} `) })
    .first()
    .click();
  await expect(button).toContainText(symbol);
}

test("after a wrap and a swap, the token selector and the card show the same new balances (one source)", async ({
  page,
}) => {
  await page.goto("/aggregateSwap/chart");
  await connectAs(page, ACCOUNT);
  await pick(page, "out", "WETH");
  // The selector is opened once before the writes, so its rows are already loaded (cached).
  const wethBefore = await selectorBalance(page, "out", "WETH");
  await expect(page.getByTestId("balance-out")).not.toHaveText("");
  expect(balanceNumber(await page.getByTestId("balance-out").textContent())).toBe(wethBefore);

  // Wrap 2 ETH.
  await page.getByTestId("amount-in").fill("2");
  const main = page.getByTestId("swap-main-button");
  await expect(main).toHaveText("Wrap");
  await main.click();
  await expect(page.locator(".toast").filter({ hasText: "Wrap 2 ETH to WETH" })).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(async () => balanceNumber(await page.getByTestId("balance-out").textContent()), { timeout: 15_000 })
    .toBeCloseTo(wethBefore + 2, 3);
  // The selector shows what the card shows, without any reload or refresh click.
  const cardWeth = balanceNumber(await page.getByTestId("balance-out").textContent());
  expect(await selectorBalance(page, "out", "WETH")).toBe(cardWeth);

  // Swap 1 ETH for USDT: the USDT row follows the card too.
  await pick(page, "out", "USDT");
  const usdtBefore = await selectorBalance(page, "out", "USDT");
  await page.getByTestId("amount-in").fill("1");
  await expect(main).toHaveText("Swap");
  await main.click();
  const dialog = page.getByRole("dialog", { name: "Confirm swap" });
  await dialog.getByTestId("confirm-swap").click();
  await expect(page.locator(".toast").filter({ hasText: /^Swap 1 ETH for .* USDT/ })).toBeVisible({
    timeout: 30_000,
  });
  await expect
    .poll(async () => balanceNumber(await page.getByTestId("balance-out").textContent()), { timeout: 15_000 })
    .toBeGreaterThan(usdtBefore);
  const cardUsdt = balanceNumber(await page.getByTestId("balance-out").textContent());
  expect(await selectorBalance(page, "out", "USDT")).toBe(cardUsdt);
  // And the native coin's row matches the pay side.
  const cardEth = balanceNumber(await page.getByTestId("balance-in").textContent());
  expect(await selectorBalance(page, "in", "ETH")).toBe(cardEth);
  await shot(page, "swap-balances-after-1440-light-en");

  // Issue 9 #21: the stored summaries follow the language (rendered from the records' data).
  await page.evaluate(() => localStorage.setItem("rai_lang", "ko"));
  await page.reload();
  await page.getByTestId("wallet-status").click();
  const recent = page.getByTestId("recent-transactions");
  await expect(recent).toContainText("2 ETH을(를) WETH(으)로 래핑");
  await expect(recent).toContainText(/1 ETH을\(를\) [\d,.]+ USDT\(으\)로 스왑/);
  await expect(recent).not.toContainText("Swap 1 ETH");
});
