import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, type Page } from "@playwright/test";

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

/** Opens the wallet dialog and connects the dev wallet with anvil account `index`. */
export async function connectDevWallet(page: Page, index: number): Promise<void> {
  await page.getByTestId("wallet-status").click();
  const account = page.getByTestId(`dev-account-${index}`);
  // Once in a CI run (not reproduced locally, also under load) the click on the option left the
  // dialog on its options view; the user's remedy, clicking again, keeps a flake from hiding the
  // tests behind it.
  await expect(async () => {
    if (!(await account.isVisible())) await page.getByTestId("wallet-option-devWallet").click({ timeout: 5_000 });
    await expect(account).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await account.click();
  await expect(account).toBeChecked();
  await page.getByTestId("dev-wallet-connect").click();
  // the dev wallet connects with the account picked (stop 29: once under load it connected account 0)
  await expect.poll(() => page.evaluate(() => localStorage.getItem("dev_wallet_account"))).toBe(String(index));
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
