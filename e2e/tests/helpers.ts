import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { type Browser, expect, type Locator, type Page } from "@playwright/test";

const SHOTS = join(dirname(fileURLToPath(import.meta.url)), "..", "screenshots");

/** Saves a screenshot under e2e/screenshots/ (gitignored) for a human to look at. */
export async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.waitForTimeout(400); // let Ant Design's open animations finish
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: false });
}

/** Marks the terms of use as accepted before the app loads (the terms modal has its own test). */
export async function preAcceptTerms(page: Page): Promise<void> {
  await page.addInitScript(() => {
    if (!localStorage.getItem("terms_accepted")) localStorage.setItem("terms_accepted", "1");
  });
}

/**
 * Waits until an open Ant Design modal has finished zooming in. For a frame or two before its
 * animation starts (rc-motion's "prepare" and "start" steps) the dialog already sits at its final
 * place, so Playwright's "stable" check can pass there and its press land on one row while the
 * release, a moment later, lands on another as the dialog zooms: no click happens. That was the
 * connectDevWallet flake of stops 39 and 41 (account 3 pressed, the pointer left over account 4),
 * seen by logging the rows' positions every frame (stop 42). A person does not click inside a
 * dialog in its first 300 ms; a test must not either.
 */
export async function dialogOpened(page: Page, content: Locator): Promise<void> {
  await expect(content).toBeVisible();
  await expect(page.locator('.ant-modal[class*="-appear"], .ant-modal[class*="-enter"]')).toHaveCount(0);
}

/** Opens the wallet dialog and connects the dev wallet with anvil account `index`. */
export async function connectDevWallet(page: Page, index: number): Promise<void> {
  await page.getByTestId("wallet-status").click();
  await dialogOpened(page, page.getByTestId("wallet-dialog"));
  const account = page.getByTestId(`dev-account-${index}`);
  if (!(await account.isVisible())) await page.getByTestId("wallet-option-devWallet").click();
  await account.click();
  await expect(account).toBeChecked();
  await page.getByTestId("dev-wallet-connect").click();
  // the dev wallet connects with the account picked (stop 29: once under load it connected account 0)
  await expect.poll(() => page.evaluate(() => localStorage.getItem("dev_wallet_account"))).toBe(String(index));
}

/** Connects the dev wallet with anvil account `index` and closes the dialog, as a user does before acting. */
export async function connectAs(page: Page, index: number): Promise<void> {
  await connectDevWallet(page, index);
  await expect(page.getByTestId("account-panel")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("account-panel")).toBeHidden();
}

/** A page of its own (its own browser context, so its own wallet session) connected as account `index`. */
export async function pageAs(browser: Browser, index: number, url: string): Promise<Page> {
  const ctx = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, viewport: { width: 1440, height: 900 } });
  const page = await ctx.newPage();
  await preAcceptTerms(page);
  await prefs(page, "en", "light");
  await page.goto(url);
  await connectAs(page, index);
  return page;
}

export async function expectShell(page: Page): Promise<void> {
  await expect(page.locator("header")).toBeVisible();
  await expect(page.getByTestId("wallet-status")).toBeVisible();
}

/** Language and theme as the settings drawer stores them (rai_lang, rai_theme), before the app loads. */
export async function prefs(page: Page, lang: "en" | "ko", theme: "light" | "dark"): Promise<void> {
  await page.addInitScript(
    ([l, t]) => {
      localStorage.setItem("rai_lang", l as string);
      localStorage.setItem("rai_theme", t as string);
    },
    [lang, theme],
  );
}
