import { expect, test } from "@playwright/test";
import { loadDeployment } from "@sofi/protocol";
import { preAcceptTerms, shot } from "./helpers.ts";

// A Uniswap V2 pair is a real ERC-20 ("UNI-V2") that no token list carries: the importable token.
const pair = loadDeployment(31337)?.pairs[0]?.address;

test.beforeEach(async ({ page }) => {
  await preAcceptTerms(page);
});

test("import a token by address: unknown-source warning, I understand, then it is selected and kept", async ({
  page,
}) => {
  if (!pair) throw new Error("the local deployment has no pairs");
  await page.goto("/aggregateSwap");
  await page.getByTestId("token-select-out").click();
  await page.getByLabel("Search tokens").fill(pair);

  const row = page.getByTestId("import-row");
  await expect(row).toContainText("UNI-V2");
  await row.getByRole("button", { name: "Import" }).click();

  await expect(page.getByText("Unknown Source")).toBeVisible();
  await expect(page.getByText("Trade at your own risk")).toBeVisible();
  const confirm = page.getByRole("button", { name: "Import", exact: true });
  await expect(confirm).toBeDisabled();
  await page.getByRole("checkbox", { name: "I understand" }).check();
  await shot(page, "import-token-1440-light-en");
  await confirm.click();

  await expect(page.getByTestId("token-select-out")).toContainText("UNI-V2");

  // Kept locally: after a reload it is found by symbol like a listed token.
  await page.reload();
  await page.getByTestId("token-select-out").click();
  await page.getByLabel("Search tokens").fill("UNI-V2");
  await expect(page.getByRole("option", { name: /^UNI-V2 / }).first()).toBeVisible();
  await expect(page.getByTestId("import-row")).toHaveCount(0);
});
