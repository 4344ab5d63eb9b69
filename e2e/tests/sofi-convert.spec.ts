import { expect, type Locator, type Page, test } from "@playwright/test";
import { TEST_ACCOUNT_1 } from "../env.ts";
import { connectDevWallet, preAcceptTerms, prefs, shot } from "./helpers.ts";

/**
 * Convert RAI to SOFI (spec 001 §2, §7 "1 RAI = 1 SOFI", §9 approval of 1e20 base units) from the
 * wallet's account panel, with account 1 (seeded with 1,000,000 RAI; wallet.spec.ts and
 * faucet.spec.ts assert no RAI or SOFI balance of it).
 */
const ACCOUNT = 1;
const E18 = 10n ** 18n;

const value = async (l: Locator) => BigInt((await l.getAttribute("data-value")) || "0");

/** An eth_call through the stack's public RPC (from /api/config). */
async function ethCall(page: Page, to: string, data: string): Promise<bigint> {
  const config = (await (await page.request.get("/api/config")).json()) as {
    chains: { rpcUrl: string; deployment: { contracts: Record<string, string> } }[];
  };
  const rpc = config.chains[0]?.rpcUrl ?? "";
  const res = await page.request.post(rpc, {
    data: { jsonrpc: "2.0", id: 1, method: "eth_call", params: [{ to, data }, "latest"] },
  });
  return BigInt(((await res.json()) as { result: string }).result);
}

async function openConvert(page: Page): Promise<Locator> {
  await page.goto("/");
  await connectDevWallet(page, ACCOUNT);
  const panel = page.getByTestId("account-panel");
  await expect(panel).toBeVisible();
  await panel.getByTestId("convert-open").click();
  await expect(panel).toBeHidden();
  const dialog = page.getByTestId("convert-dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId("convert-rai-balance")).not.toHaveAttribute("data-value", "");
  await expect(dialog.getByTestId("convert-sofi-balance")).not.toHaveAttribute("data-value", "");
  return dialog;
}

test.beforeEach(async ({ page }) => {
  await preAcceptTerms(page);
});

test("converts RAI to SOFI one for one after approving 1e20 base units", async ({ page }) => {
  const dialog = await openConvert(page);
  const rai = dialog.getByTestId("convert-rai-balance");
  const sofi = dialog.getByTestId("convert-sofi-balance");
  const raiBefore = await value(rai);
  const sofiBefore = await value(sofi);
  expect(raiBefore).toBeGreaterThan(100n * E18);
  const button = dialog.getByTestId("convert-button");
  await expect(button).toHaveText("Enter an amount");
  await expect(button).toBeDisabled();

  // Max fills the whole balance; more than the balance is refused.
  await dialog.getByTestId("convert-max").click();
  const whole = raiBefore / E18;
  const frac = (raiBefore % E18).toString().padStart(18, "0").replace(/0+$/, "");
  await expect(dialog.getByTestId("convert-amount")).toHaveValue(frac ? `${whole}.${frac}` : `${whole}`);
  await dialog.getByTestId("convert-amount").fill("99999999");
  await expect(button).toHaveText("Insufficient RAI balance");
  await expect(button).toBeDisabled();
  // Letters are not typed in (the field keeps what it had).
  await dialog.getByTestId("convert-amount").fill("");
  await dialog.getByTestId("convert-amount").fill("12,5x");
  await expect(dialog.getByTestId("convert-amount")).toHaveValue("");
  await dialog.getByTestId("convert-amount").fill("12,5");
  await expect(dialog.getByTestId("convert-amount")).toHaveValue("12.5");
  await expect(dialog.getByTestId("convert-receive")).toHaveText("12.5 SOFI");

  // The approval first: exactly 1e20 base units (spec 001 §9), then the conversion.
  await expect(button).toHaveText("Approve RAI");
  await shot(page, "sofi-convert-1440-light-en");
  await button.click();
  await expect(button).toHaveText("Convert", { timeout: 60_000 });
  const config = (await (await page.request.get("/api/config")).json()) as {
    chains: { deployment: { contracts: Record<string, string>; tokens: { symbol: string; address: string }[] } }[];
  };
  const deployment = config.chains[0]?.deployment;
  const converter = deployment?.contracts.sofiConverter ?? "";
  const raiToken = deployment?.tokens.find((t) => t.symbol === "RAI")?.address ?? "";
  const pad = (a: string) => a.slice(2).toLowerCase().padStart(64, "0");
  const allowance = await ethCall(page, raiToken, `0xdd62ed3e${pad(TEST_ACCOUNT_1)}${pad(converter)}`);
  expect(allowance).toBe(10n ** 20n);

  await button.click();
  await expect(dialog.getByTestId("convert-result")).toHaveText("Converted 12.5 RAI to 12.5 SOFI", { timeout: 60_000 });
  const amount = 125n * 10n ** 17n;
  await dialog.getByTestId("convert-more").click();
  await expect.poll(() => value(rai)).toBe(raiBefore - amount);
  await expect.poll(() => value(sofi)).toBe(sofiBefore + amount);
  // The rest of the approval covers the next 87.5 RAI without asking again.
  await dialog.getByTestId("convert-amount").fill("87.5");
  await expect(button).toHaveText("Convert");
  await dialog.getByTestId("convert-amount").fill("87.6");
  await expect(button).toHaveText("Approve RAI");
  await shot(page, "sofi-convert-after-1440-light-en");
});

test("the convert dialog at phone width, dark and Korean", async ({ page }) => {
  await prefs(page, "ko", "dark");
  await page.setViewportSize({ width: 360, height: 780 });
  const dialog = await openConvert(page);
  await dialog.getByTestId("convert-amount").fill("1");
  await expect(dialog.getByTestId("convert-button")).toBeEnabled();
  await shot(page, "sofi-convert-360-dark-ko");
});
