import { expect, test } from "@playwright/test";
import { connectDevWallet, expectShell, preAcceptTerms, prefs, shot } from "./helpers.ts";

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

// web/src/app/header-logic.ts's MENU_COMPACT_WIDTH_PX
const COMPACT = 1360;

// Spec 000 §2: the menu collapses only under 800 px, so from 800 px up every entry (the shell's and
// each capability's) must fit beside the wallet button: nothing clipped, nothing under the wallet.
for (const lang of ["en", "ko"] as const)
  test(`the full menu fits beside a connected wallet from 800 to 1440 px (${lang})`, async ({ page }) => {
    await preAcceptTerms(page);
    await prefs(page, lang, "light");
    await page.setViewportSize({ width: 1440, height: 800 });
    await page.goto("/");
    await expectShell(page);
    await connectDevWallet(page, 5);
    await expect(page.getByTestId("wallet-status")).not.toHaveText(lang === "en" ? "Connect wallet" : "지갑 연결");
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    for (const width of [800, 900, 1024, 1099, 1100, 1359, 1360, 1440]) {
      await page.setViewportSize({ width, height: 800 });
      const nav = page.locator("nav.header-nav");
      await expect(nav).toBeVisible();
      // under 1360 px Head & Tail, Predict and Social share one "More" dropdown (after the resize event)
      await expect(nav.locator(":scope > *")).toHaveCount(width < COMPACT ? 6 : 8);
      const fit = await page.evaluate(() => {
        const n = document.querySelector("nav.header-nav") as HTMLElement;
        const right = document.querySelector(".header-right") as HTMLElement;
        const items = Array.from(n.children).map((c) => (c as HTMLElement).getBoundingClientRect());
        return {
          scroll: n.scrollWidth,
          client: n.clientWidth,
          lastItemRight: Math.max(...items.map((r) => r.right)),
          walletLeft: right.getBoundingClientRect().left,
          docScroll: document.documentElement.scrollWidth,
          viewport: window.innerWidth,
          entries: items.length,
        };
      });
      const at = `${width} px ${JSON.stringify(fit)}`;
      expect(fit.entries, at).toBe(width < COMPACT ? 6 : 8);
      expect(fit.scroll, at).toBeLessThanOrEqual(fit.client);
      expect(fit.lastItemRight, at).toBeLessThanOrEqual(fit.walletLeft);
      expect(fit.docScroll, at).toBeLessThanOrEqual(fit.viewport);
      if (width === 800 || width === 1440) await shot(page, `menu-${width}-${lang}`);
    }
    // at 800 px every entry is one or two clicks away: More lists the three and leads to each
    await page.setViewportSize({ width: 800, height: 800 });
    const more = page.getByRole("button", { name: lang === "en" ? "More" : "더보기" });
    await more.click();
    const names = lang === "en" ? ["Head & Tail", "Predict", "Social"] : ["헤드 앤 테일", "예측", "소셜"];
    const menu = page.locator("#nav-menu-more");
    for (const name of names) await expect(menu.getByRole("link", { name, exact: true })).toBeVisible();
    await shot(page, `menu-800-more-${lang}`);
    await menu.getByRole("link", { name: names[1] as string, exact: true }).click();
    await expect(page).toHaveURL(/\/predict$/);
    await expect(more).toHaveClass(/active/);
  });
