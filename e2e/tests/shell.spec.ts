import { expect, test } from "@playwright/test";
import { expectShell, shot } from "./helpers.ts";

test("loads / and shows the shell after accepting the terms of use", async ({ page }) => {
  await page.goto("/");
  const terms = page.getByRole("dialog", { name: "Terms of Use" });
  await expect(terms).toBeVisible();
  await terms.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByText("Should accept the Terms of Use")).toBeVisible();
  await terms.getByText("I have read and accept the Terms of Use").click();
  await terms.getByRole("button", { name: "Confirm" }).click();
  await expect(terms).toBeHidden();
  await expectShell(page);
  await expect(page.getByTestId("wallet-status")).toHaveText("Connect wallet");
  await shot(page, "shell-1440-light-en");
  await page.reload();
  await expectShell(page);
  await expect(page.getByRole("dialog", { name: "Terms of Use" })).toBeHidden();
});

test("switching to Korean and dark in the settings drawer survives a reload", async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem("terms_accepted", "1"));
  await page.goto("/");
  await expectShell(page);
  await page.getByRole("button", { name: "Settings" }).click();
  const drawer = page.locator(".settings-drawer");
  await expect(drawer).toBeVisible();
  await drawer.getByText("한국어 (Korean)").click();
  await drawer.getByText("다크").click();
  await expect(page.locator("html")).toHaveAttribute("lang", "ko");
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("lang", "ko");
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await expect(page.getByTestId("wallet-status")).toHaveText("지갑 연결");
  expect(await page.evaluate(() => [localStorage.getItem("rai_lang"), localStorage.getItem("rai_theme")])).toEqual([
    "ko",
    "dark",
  ]);
  await shot(page, "shell-1440-dark-ko");
  await page.setViewportSize({ width: 360, height: 780 });
  await shot(page, "shell-360-dark-ko");
});
