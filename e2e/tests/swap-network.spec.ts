import { expect, type Page, test } from "@playwright/test";
import { connectDevWallet, preAcceptTerms, shot } from "./helpers.ts";

// Account 7 is this spec's own (swap.spec.ts uses 5, swap-balances.spec.ts 6, wallet.spec.ts 1).
const ACCOUNT = 7;

test.beforeEach(async ({ page }) => {
  await preAcceptTerms(page);
});

/** Connects the dev wallet, then moves it to chain 1337, which this deployment does not serve. */
async function connectOnUnlistedChain(page: Page): Promise<void> {
  await connectDevWallet(page, ACCOUNT);
  await expect(page.getByTestId("account-panel")).toBeVisible();
  await page.getByTestId("dev-wallet-network").click();
  // The page reloads when the wallet's chain changes (spec 000 §2).
  await Promise.all([page.waitForEvent("load"), page.getByText("Unlisted test chain (1337)").click()]);
  await expect(page.getByTestId("wallet-status")).toHaveText("Wrong Network");
}

async function setLook(page: Page, look: { theme: "light" | "dark"; lang: "en" | "ko"; width: number }) {
  await page.evaluate(({ theme, lang }) => {
    localStorage.setItem("rai_theme", theme);
    localStorage.setItem("rai_lang", lang);
  }, look);
  await page.setViewportSize({ width: look.width, height: look.width < 500 ? 780 : 900 });
  await page.reload();
  await expect(page.getByTestId("swap-main-button")).toBeVisible();
}

test("on a network this deployment does not serve, the card shows no balances and its button switches the wallet back", async ({
  page,
}) => {
  await page.goto("/aggregateSwap?outputCurrency=USDT");
  await connectOnUnlistedChain(page);
  const main = page.getByTestId("swap-main-button");
  await expect(main).toHaveText("Switch to Local");
  await expect(main).toHaveAttribute("data-state", "switchNetwork");
  await expect(main).toBeEnabled();
  // No balance is shown as if it were valid, and nothing offers to spend it.
  await expect(page.getByTestId("balance-in")).toHaveCount(0);
  await expect(page.getByTestId("balance-out")).toHaveCount(0);
  await expect(page.getByTestId("max-button")).toHaveCount(0);
  // A typed amount gets a quote (prices are public) but the button still only switches.
  await page.getByTestId("amount-in").fill("1");
  await expect(page.getByTestId("amount-out")).not.toHaveValue("");
  await expect(main).toHaveText("Switch to Local");
  // The selector's rows carry no balances either.
  await page.getByTestId("token-select-out").click();
  await page.getByLabel("Search tokens").fill("WETH");
  const row = page.getByRole("option", { name: /^WETH / }).first();
  await expect(row).toBeVisible();
  await expect(row.locator("span[title]").last()).toHaveText("");
  await page.keyboard.press("Escape");
  await expect(page.locator("body")).not.toContainText(/does not match|chain of the wallet|ChainMismatch/i);
  await shot(page, "swap-wrong-network-1440-light-en");

  for (const look of [
    { theme: "dark", lang: "en", width: 1440 },
    { theme: "light", lang: "en", width: 360 },
    { theme: "dark", lang: "en", width: 360 },
    { theme: "dark", lang: "ko", width: 360 },
  ] as const) {
    await setLook(page, look);
    await expect(main).toHaveText(look.lang === "ko" ? "로컬(으)로 전환" : "Switch to Local");
    await expect(page.getByTestId("network-badge")).toHaveText(look.lang === "ko" ? "로컬" : "Local");
    await expect(page.getByTestId("balance-in")).toHaveCount(0);
    await shot(page, `swap-wrong-network-${look.width}-${look.theme}-${look.lang}`);
  }
  await setLook(page, { theme: "light", lang: "en", width: 1440 });

  // Switching works: the wallet goes back to the local chain and the page reloads with it.
  await Promise.all([page.waitForEvent("load"), main.click()]);
  await expect(page.getByTestId("wallet-status")).not.toHaveText("Wrong Network");
  await expect(main).not.toHaveAttribute("data-state", "switchNetwork");
  await expect(page.getByTestId("balance-in")).toContainText(/\d/);
  await page.getByTestId("amount-in").fill("1");
  await expect(main).toHaveText("Swap");
});
