import { expect, type Locator, type Page, test } from "@playwright/test";
import { TEST_ACCOUNT_1 } from "../env.ts";
import { connectDevWallet, preAcceptTerms, prefs, shot } from "./helpers.ts";

/**
 * The faucet dialog (spec 001 §2, §4, §8) against the stack's real faucet (anvil account 10):
 * account 1 claims once (10,000 test USDT and 0.1 ETH arrive), is refused the second time with
 * "Already Funded Today." and faucet_count 1, which switches the dialog to extra mode; the extra
 * claim needs both social links opened and both usernames, then sends 100 more test USDT.
 * Account 1's other spec (wallet.spec.ts) asserts no balances.
 */
const ACCOUNT = 1;
const E18 = 10n ** 18n;

const value = async (l: Locator) => BigInt((await l.getAttribute("data-value")) || "0");

async function openFaucet(page: Page): Promise<Locator> {
  await page.goto("/");
  await expect(page.getByTestId("faucet-open")).toHaveCount(0); // no wallet, no faucet button
  await connectDevWallet(page, ACCOUNT);
  await expect(page.getByTestId("account-panel")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("account-panel")).toBeHidden();
  await page.getByTestId("faucet-open").click();
  const dialog = page.getByTestId("faucet-dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId("faucet-usdt-balance")).not.toHaveAttribute("data-value", "");
  await expect(dialog.getByTestId("faucet-native-balance")).not.toHaveAttribute("data-value", "");
  return dialog;
}

test.beforeEach(async ({ page, context }) => {
  await preAcceptTerms(page);
  // The social links open the real sites in a new tab; the test machine has no internet.
  await context.route(/^https:\/\/(x\.com|telegram\.org)\//, (route) =>
    route.fulfill({ status: 200, contentType: "text/html", body: "<title>social</title>" }),
  );
});

test("claims once, is refused the second time, then the extra claim needs both links and usernames", async ({
  page,
  context,
}) => {
  const dialog = await openFaucet(page);
  await expect(page.getByRole("dialog").getByText("Get test token").first()).toBeVisible();
  const usdt = dialog.getByTestId("faucet-usdt-balance");
  const native = dialog.getByTestId("faucet-native-balance");
  const usdtBefore = await value(usdt);
  const nativeBefore = await value(native);
  await shot(page, "faucet-1440-light-en");

  // 1. The normal claim: 10,000 test USDT and 0.1 ETH arrive.
  await dialog.getByTestId("faucet-submit").click();
  await expect(dialog.getByTestId("faucet-success")).toHaveText("Sent 10,000 test USDT and 0.1 ETH to your wallet.", {
    timeout: 60_000,
  });
  await expect.poll(() => value(usdt)).toBe(usdtBefore + 10_000n * E18);
  await expect.poll(() => value(native)).toBe(nativeBefore + E18 / 10n);
  await shot(page, "faucet-success-1440-light-en");

  // 2. Again the same day: the server's text as a toast, and faucet_count 1 switches to extra mode.
  await dialog.getByTestId("faucet-submit").click();
  await expect(page.getByRole("status").filter({ hasText: "Already Funded Today." })).toBeVisible();
  const body = dialog.getByTestId("faucet-body");
  await expect(body).toHaveAttribute("data-mode", "extra");
  await expect(page.getByRole("dialog").getByText("Get Extra Test Token").first()).toBeVisible();
  await expect(dialog.getByTestId("faucet-success")).toHaveCount(0);
  expect(await value(usdt)).toBe(usdtBefore + 10_000n * E18); // nothing sent
  const submit = dialog.getByTestId("faucet-submit");
  await expect(submit).toBeDisabled();
  await expect(dialog.getByTestId("faucet-needs-links")).toBeVisible();

  // Usernames alone are not enough; each link must be opened too.
  await dialog.getByTestId("faucet-username-x").fill("@sofi_tester");
  await dialog.getByTestId("faucet-username-telegram").fill("sofi_tg");
  await expect(submit).toBeDisabled();
  const [x] = await Promise.all([context.waitForEvent("page"), dialog.getByTestId("faucet-link-x").click()]);
  await x.close();
  await expect(submit).toBeDisabled();
  const [tg] = await Promise.all([context.waitForEvent("page"), dialog.getByTestId("faucet-link-telegram").click()]);
  await tg.close();
  await expect(submit).toBeEnabled();
  // An emptied username disables it again.
  await dialog.getByTestId("faucet-username-telegram").fill("  ");
  await expect(submit).toBeDisabled();
  await dialog.getByTestId("faucet-username-telegram").fill("sofi_tg");
  await shot(page, "faucet-extra-1440-light-en");
  await page.setViewportSize({ width: 360, height: 780 });
  await shot(page, "faucet-extra-360-light-en");
  await page.setViewportSize({ width: 1440, height: 900 });

  // 3. The extra claim: 100 more test USDT; the server stores the two usernames joined.
  const sent = page.waitForRequest((r) => r.url().endsWith("/sts/faucet") && r.method() === "POST");
  await submit.click();
  expect((await sent).postDataJSON()).toEqual({ address: TEST_ACCOUNT_1, name: "sofi_tester,sofi_tg" });
  await expect(dialog.getByTestId("faucet-success")).toHaveText("Sent 100 more test USDT to your wallet.", {
    timeout: 60_000,
  });
  await expect.poll(() => value(usdt)).toBe(usdtBefore + 10_100n * E18);

  // 4. Nothing more today.
  await submit.click();
  await expect(page.getByRole("status").filter({ hasText: "Already Funded Today." })).toHaveCount(1);
  await expect(dialog.getByTestId("faucet-success")).toHaveCount(0);
  expect(await value(usdt)).toBe(usdtBefore + 10_100n * E18);
});

test("the faucet dialog at phone width, dark and Korean", async ({ page }) => {
  await prefs(page, "ko", "dark");
  await page.setViewportSize({ width: 360, height: 780 });
  const dialog = await openFaucet(page);
  await expect(page.getByTestId("faucet-open")).toHaveAccessibleName("테스트 토큰 받기");
  await expect(dialog.getByTestId("faucet-submit")).toBeVisible();
  await shot(page, "faucet-360-dark-ko");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await shot(page, "faucet-header-360-dark-ko");
});
