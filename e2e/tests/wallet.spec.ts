import { expect, test } from "@playwright/test";
import { shortAddress, TEST_ACCOUNT_1 } from "../env.ts";
import { connectDevWallet, expectShell, preAcceptTerms, shot } from "./helpers.ts";

test.beforeEach(async ({ page }) => {
  await preAcceptTerms(page);
});

test("the dev wallet connects account 1, shows its address, and the session survives a reload", async ({ page }) => {
  await page.goto("/");
  await expectShell(page);
  await page.getByTestId("wallet-status").click();
  const dialog = page.getByTestId("wallet-dialog");
  await expect(dialog.getByTestId("wallet-option-devWallet")).toBeVisible();
  await expect(dialog.getByTestId("wallet-option-walletConnect")).toBeVisible();
  await shot(page, "wallet-options-1440-light-en");
  await dialog.getByTestId("wallet-option-devWallet").click();
  await shot(page, "wallet-dev-accounts-1440-light-en");
  await dialog.getByTestId("dev-account-1").click();
  await dialog.getByTestId("dev-wallet-connect").click();
  await expect(dialog.getByTestId("account-panel")).toBeVisible();
  await expect(page.getByTestId("wallet-status")).toHaveText(shortAddress(TEST_ACCOUNT_1));
  expect(await page.evaluate(() => localStorage.getItem("wallet_type"))).toBe("devWallet");
  await page.reload();
  await expect(page.getByTestId("wallet-status")).toHaveText(shortAddress(TEST_ACCOUNT_1));
  await page.setViewportSize({ width: 360, height: 780 });
  await page.getByTestId("wallet-status").click();
  await expect(page.getByTestId("account-panel")).toBeVisible();
  await shot(page, "wallet-account-360-light-en");
});

test("the account panel copies the address with a short confirmation and links to the profile", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto("/");
  await connectDevWallet(page, 1);
  const panel = page.getByTestId("account-panel");
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId("account-address")).toHaveText(shortAddress(TEST_ACCOUNT_1));
  await expect(panel.getByTestId("wallet-type")).toHaveText("Connected with Dev wallet");
  await shot(page, "wallet-account-1440-light-en");
  await panel.getByTestId("copy-address").click();
  await expect(panel.getByTestId("copy-address")).toHaveText("Copied");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(TEST_ACCOUNT_1);
  // The confirmation lasts 500 ms.
  await expect(panel.getByTestId("copy-address")).toHaveText("Copy address", { timeout: 2_000 });
  await panel.getByTestId("profile-link").click();
  await expect(page).toHaveURL(new RegExp(`/sts/profile/${TEST_ACCOUNT_1}$`));
  await expect(page.getByTestId("account-panel")).toBeHidden();
});

test("a wallet on a network the app does not serve shows Wrong Network, and switching back fixes it", async ({
  page,
}) => {
  await page.goto("/");
  await connectDevWallet(page, 1);
  await expect(page.getByTestId("account-panel")).toBeVisible();
  // The page reloads when the wallet's chain changes (spec 000 §2). A click on the option while
  // the dropdown is still opening can land on nothing (CI saw the page never reload), so the pick
  // is tried again, with the dropdown opened again if it closed, until the wallet shows the chain.
  const unlisted = page.locator(".ant-select-item-option").filter({ hasText: "Unlisted test chain (1337)" });
  const status = page.getByTestId("wallet-status");
  let reloads = 0;
  page.on("load", () => reloads++);
  await expect(async () => {
    if ((await status.textContent()) === "Wrong Network") return;
    if (!(await unlisted.isVisible())) await page.getByTestId("dev-wallet-network").click();
    await unlisted.click();
    await expect(status).toHaveText("Wrong Network", { timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  expect(reloads).toBeGreaterThan(0);
  await page.getByTestId("wallet-status").click();
  const view = page.getByTestId("wallet-wrong-network");
  await expect(view.getByText("Please connect to the appropriate Ethereum network")).toBeVisible();
  await shot(page, "wallet-wrong-network-1440-light-en");
  await Promise.all([page.waitForEvent("load"), view.getByTestId("wallet-switch-network").click()]);
  await expect(page.getByTestId("wallet-status")).toHaveText(shortAddress(TEST_ACCOUNT_1));
});

test("a blocked account sees only Blocked address", async ({ page }) => {
  await page.goto("/");
  await connectDevWallet(page, 9);
  await expect(page.getByText("Blocked address")).toBeVisible();
  await expect(page.locator("header")).toHaveCount(0);
  // Nothing else of the app is rendered (account 9 is in BLOCKED_ADDRESSES of the e2e stack).
  await expect(page.locator("#root")).toHaveText("Blocked address");
  await shot(page, "blocked-1440-light-en");
  await page.reload();
  await expect(page.getByText("Blocked address")).toBeVisible();
});

test("wallet screens at phone width, dark and Korean", async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem("rai_lang", "ko");
    localStorage.setItem("rai_theme", "dark");
  });
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto("/");
  await expect(page.getByTestId("wallet-status")).toHaveText("지갑 연결");
  await page.getByTestId("wallet-status").click();
  await expect(page.getByTestId("wallet-option-devWallet")).toBeVisible();
  await shot(page, "wallet-options-360-dark-ko");
  await page.getByTestId("wallet-option-devWallet").click();
  await page.getByTestId("dev-account-1").click();
  await page.getByTestId("dev-wallet-connect").click();
  await expect(page.getByTestId("account-panel")).toBeVisible();
  await expect(page.getByTestId("wallet-type")).toHaveText("개발용 지갑(으)로 연결됨");
  await shot(page, "wallet-account-360-dark-ko");
  await page.setViewportSize({ width: 1440, height: 900 });
  await shot(page, "wallet-account-1440-dark-ko");
});
