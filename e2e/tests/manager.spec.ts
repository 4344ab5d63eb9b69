import { expect, test } from "@playwright/test";
import { preAcceptTerms, prefs, shot } from "./helpers.ts";

// The manager page (issue 11, spec 001 §2 /sts/manager/{address}) on the seeded stack.

test.beforeEach(async ({ page }) => {
  await preAcceptTerms(page);
});

type Portfolio = { address: string; name: string; manager: string };

/** The seeded manager running the most portfolios, and those portfolios. */
async function busiestManager(request: import("@playwright/test").APIRequestContext) {
  const all = (await (await request.get("/api/local/v2/sofi/portfolios?limit=1000")).json()) as {
    portfolios: Portfolio[];
  };
  const by = new Map<string, Portfolio[]>();
  for (const p of all.portfolios) by.set(p.manager, [...(by.get(p.manager) ?? []), p]);
  const [manager, portfolios] = [...by.entries()].sort((a, b) => b[1].length - a[1].length)[0] ?? ["", []];
  return { manager, portfolios };
}

test("from a portfolio to its manager: card, chart of the first five, table pages, selection, row click", async ({
  page,
}) => {
  await prefs(page, "en", "light");
  const { manager, portfolios } = await busiestManager(page.request);
  expect(portfolios.length).toBeGreaterThan(0);
  await page.goto(`/sts/portfolio/${portfolios[0]?.address}`);
  await page.getByTestId("manager-link").click();
  await expect(page).toHaveURL(new RegExp(`/sts/manager/${manager}$`, "i"));
  await expect(page.getByTestId("manager-card").getByTestId("manager-address")).toHaveText(manager);
  await expect(page.getByTestId("manager-days")).toContainText(/Managing for \d+ days?/);
  const rows = page.getByTestId("manager-portfolio-row");
  await expect(rows).toHaveCount(Math.min(5, portfolios.length));
  const charted = Math.min(5, portfolios.length);
  await expect(page.getByTestId("performance-line")).toHaveCount(charted);
  await shot(page, "manager-1440-light-en");
  // unchecking a row takes its line off the chart
  await page.getByRole("checkbox").first().uncheck();
  await expect(page.getByTestId("performance-line")).toHaveCount(charted - 1);
  // a row click opens that portfolio
  const name = (await rows.first().locator("strong").textContent()) ?? "";
  await rows.first().locator("strong").click();
  await expect(page).toHaveURL(/\/sts\/portfolio\/0x[0-9a-fA-F]{40}$/);
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
});

test("an address that runs nothing: empty table and chart, and a bad address", async ({ page }) => {
  await prefs(page, "en", "light");
  await page.goto("/sts/manager/0x00000000000000000000000000000000000000b7");
  await expect(page.getByTestId("manager-card")).toBeVisible();
  await expect(page.getByText("This manager runs no portfolio yet")).toBeVisible();
  await expect(page.getByText("Select portfolios in the table to chart them")).toBeVisible();
  await page.goto("/sts/manager/0x12");
  await expect(page.getByText("This is not a wallet address")).toBeVisible();
});

for (const [width, theme, lang] of [
  [360, "light", "en"],
  [360, "dark", "ko"],
  [1440, "dark", "ko"],
  [1440, "light", "en"],
] as const) {
  test(`manager page at ${width} px, ${theme}, ${lang}`, async ({ page }) => {
    await prefs(page, lang, theme);
    await page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
    const { manager } = await busiestManager(page.request);
    await page.goto(`/sts/manager/${manager}`);
    await expect(page.getByTestId("performance-line").first()).toBeVisible();
    await shot(page, `manager-${width}-${theme}-${lang}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.getByTestId("manager-card").scrollIntoViewIfNeeded();
    await shot(page, `manager-card-${width}-${theme}-${lang}`);
  });
}
