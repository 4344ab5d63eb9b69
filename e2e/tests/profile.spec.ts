import { expect, type Page, test } from "@playwright/test";
import { connectAs, preAcceptTerms, prefs, shot } from "./helpers.ts";

// The profile page (issue 11, spec 001 §2 /sts/profile/{address}/{tab}) on the seeded stack.
// Account 2 is this spec's own for writes (its profile and its follows); account 0 (the seeded
// swaps' dev account) is only read.
const ACCOUNT = 2;
const ADDRESS = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
const SWAPPER = 0;
const SWAPPER_ADDRESS = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";

/** A 1×1 PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

test.beforeEach(async ({ page }) => {
  await preAcceptTerms(page);
});

/** The seeded manager running the most portfolios. */
async function busiestManager(page: Page): Promise<string> {
  const all = (await (await page.request.get("/api/local/v2/sofi/portfolios?limit=1000")).json()) as {
    portfolios: { manager: string }[];
  };
  const by = new Map<string, number>();
  for (const p of all.portfolios) by.set(p.manager, (by.get(p.manager) ?? 0) + 1);
  const [manager] = [...by.entries()].sort((a, b) => b[1] - a[1])[0] ?? [""];
  expect(manager).toMatch(/^0x[0-9a-fA-F]{40}$/);
  return manager;
}

test("one's own profile: edit name, email (error, then fixed) and avatar; saved after a reload", async ({ page }) => {
  await prefs(page, "en", "light");
  await page.goto("/sts");
  await connectAs(page, ACCOUNT);
  await page.goto(`/sts/profile/${ADDRESS}`);
  await expect(page.getByTestId("profile-address")).toHaveText(ADDRESS);
  await expect(page.getByTestId("profile-tab-1")).toBeVisible();
  await expect(page.getByRole("tab", { name: "Overview" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByTestId("wallet-table")).toBeVisible();
  await expect(page.getByTestId("change-wallet")).toBeVisible();
  await expect(page.getByTestId("logout")).toBeVisible();
  // zero balances are hidden by default; the switch shows them
  const rows = page.getByTestId("wallet-row");
  await expect(rows.first()).toBeVisible();
  const shown = await rows.count();
  await page.getByRole("switch", { name: "Show zero balances" }).click();
  await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(shown);
  await page.getByRole("switch", { name: "Show zero balances" }).click();

  await page.getByTestId("edit-profile").click();
  const modal = page.getByRole("dialog", { name: "Edit profile" });
  await expect(modal).toBeVisible();
  const name = `Tester ${Date.now() % 100000}`;
  await modal.getByLabel("Name", { exact: true }).fill(name);
  await modal.getByLabel("Description").fill("Baskets for the long run");
  await modal.getByLabel("Email").fill("not-an-email");
  await modal.getByTestId("profile-save").click();
  await expect(modal.getByText("Please input a right email")).toBeVisible();
  await modal.getByLabel("Email").fill("tester@example.com");
  await modal.getByTestId("profile-github-input").fill("https://github.com/sofi-tester");
  await modal.getByTestId("profile-mainnet-input").fill(ADDRESS);
  // a text file dressed as a PNG is refused by its first bytes
  const input = modal.locator("input[type=file]");
  await input.setInputFiles({ name: "fake.png", mimeType: "image/png", buffer: Buffer.from("not an image at all") });
  await expect(modal.getByTestId("avatar-error")).toHaveText("You can only upload JPG/PNG file!");
  await input.setInputFiles({ name: "me.png", mimeType: "image/png", buffer: PNG });
  await expect(modal.getByTestId("avatar-preview")).toHaveAttribute("src", /^data:image\/png;base64,/);
  await expect(modal.getByTestId("avatar-error")).toBeHidden();
  await shot(page, "profile-edit-1440-light-en");
  await modal.getByTestId("profile-save").click();
  await expect(page.getByText("Setting successful")).toBeVisible();
  await expect(modal).toBeHidden();

  await page.reload();
  await expect(page.getByTestId("profile-name")).toContainText(name);
  await expect(page.getByTestId("profile-bio")).toHaveText("Baskets for the long run");
  // Issue 21 §4: one social-links list, the same on the profile and on the manager card.
  const links = page.getByTestId("social-links");
  await expect(links).toHaveCount(1);
  await expect(links.getByRole("listitem")).toHaveCount(3);
  await expect(links.getByRole("link", { name: "GitHub sofi-tester" })).toHaveAttribute(
    "href",
    "https://github.com/sofi-tester",
  );
  await expect(page.getByTestId("social-email")).toHaveText("tester@example.com");
  await expect(links.getByRole("link", { name: "Email tester@example.com" })).toHaveAttribute(
    "href",
    "mailto:tester@example.com",
  );
  await expect(page.getByTestId("social-mainnet")).toHaveText(ADDRESS);
  await expect(page.getByTestId("profile-photo")).toHaveAttribute("src", /\/sofi\/managers\/0x[0-9a-fA-F]{40}\/photo/);
  await expect(page.getByTestId("profile-photo")).toHaveJSProperty("naturalWidth", 1);

  await page.goto(`/sts/manager/${ADDRESS}`);
  const card = page.getByTestId("manager-card");
  await expect(card.getByTestId("social-links")).toBeVisible();
  await expect(page.getByTestId("social-links")).toHaveCount(1);
  // the card lists twitter, github and email (spec 001 §2), not the mainnet address
  await expect(card.getByTestId("social-links").getByRole("listitem")).toHaveCount(2);
  await expect(card.getByRole("link", { name: "GitHub sofi-tester" })).toHaveAttribute(
    "href",
    "https://github.com/sofi-tester",
  );
  await expect(card.getByTestId("social-email")).toHaveText("tester@example.com");
  await page.goBack();
  await expect(page.getByTestId("profile-address")).toHaveText(ADDRESS);

  // change wallet opens the wallet dialog's options; logout leaves a visitor's view of the profile
  await page.getByTestId("change-wallet").click();
  await expect(page.getByTestId("wallet-option-devWallet")).toBeVisible();
  await page.keyboard.press("Escape");
  await page.getByTestId("logout").click();
  await expect(page.getByTestId("follow-button")).toBeDisabled();
  await expect(page.getByTestId("edit-profile")).toBeHidden();
});

test("follow a manager: their followers list me and my following lists them; then unfollow", async ({ page }) => {
  await prefs(page, "en", "light");
  const manager = await busiestManager(page);
  await page.goto("/sts");
  await connectAs(page, ACCOUNT);
  await page.goto(`/sts/profile/${manager}/5`);
  await expect(page.getByRole("tab", { name: "Followers" })).toHaveAttribute("aria-selected", "true");
  const follow = page.getByTestId("follow-button");
  await expect(follow).toBeEnabled();
  const mine = page.locator(`[data-testid=follow-item][data-address="${ADDRESS}"]`);
  // Against a reused stack the account may follow them already: unfollow first.
  if ((await follow.getAttribute("aria-pressed")) === "true") {
    await follow.click();
    await expect(page.getByText("Unfollowed", { exact: true })).toBeVisible();
  }
  await expect(follow).toHaveText("Follow");
  await follow.click();
  // debounced 2 s: the toast follows the request
  await expect(page.getByText("Followed", { exact: true })).toBeVisible();
  await expect(follow).toHaveAttribute("aria-pressed", "true");
  await expect(mine).toBeVisible();
  await shot(page, "profile-followers-1440-light-en");
  // my own following tab lists them
  await page.goto(`/sts/profile/${ADDRESS}/6`);
  await expect(page.locator(`[data-testid=follow-item][data-address="${manager}"]`)).toBeVisible();
  // their transactions are private to them
  await page.goto(`/sts/profile/${manager}/4`);
  await expect(page.getByTestId("transactions-private")).toBeVisible();
  // back to their followers; switching tabs changes the URL
  await page.getByRole("tab", { name: "Followers" }).click();
  await expect(page).toHaveURL(new RegExp(`/sts/profile/${manager}/5$`));
  await expect(mine).toBeVisible();
  await page.getByTestId("follow-button").click();
  await expect(page.getByText("Unfollowed", { exact: true })).toBeVisible();
  await expect(mine).toBeHidden();
});

test("tab 4 from the swap page's recent transactions button lists one's swaps; an unknown tab shows the overview", async ({
  page,
}) => {
  await prefs(page, "en", "light");
  await page.goto("/aggregateSwap");
  await connectAs(page, SWAPPER);
  await page.getByRole("button", { name: "Recent transactions" }).click();
  await expect(page).toHaveURL(new RegExp(`/sts/profile/${SWAPPER_ADDRESS}/4$`));
  await expect(page.getByRole("tab", { name: "Transactions" })).toHaveAttribute("aria-selected", "true");
  const txs = page.getByTestId("profile-tx");
  await expect(txs.first()).toBeVisible();
  await expect(page.locator("[data-testid=profile-tx][data-kind=swap]").first()).toBeVisible();
  await shot(page, "profile-transactions-1440-light-en");
  await page.goto(`/sts/profile/${SWAPPER_ADDRESS}/9`);
  await expect(page.getByRole("tab", { name: "Overview" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByTestId("balance-summary")).toBeVisible();
  await page.getByRole("tab", { name: "Participated" }).click();
  await expect(page).toHaveURL(new RegExp(`/sts/profile/${SWAPPER_ADDRESS}/2$`));
  await expect(page.getByTestId("participated-loading")).toBeHidden();
});

// Issue 21 §4: at 360 px every tab is in one row that scrolls sideways (no "…" menu folding some
// away): each is one tap away, the chosen one is scrolled into view, and the page never scrolls sideways.
for (const [theme, lang] of [
  ["light", "en"],
  ["dark", "ko"],
] as const) {
  test(`profile tabs at 360 px, ${theme}, ${lang}: every tab one tap away, no overflow menu`, async ({ browser }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext({
      baseURL: process.env.E2E_BASE_URL,
      viewport: { width: 360, height: 780 },
      hasTouch: true,
    });
    const page = await context.newPage();
    await preAcceptTerms(page);
    await prefs(page, lang, theme);
    await page.goto("/sts");
    await connectAs(page, ACCOUNT);
    await page.goto(`/sts/profile/${ADDRESS}`);
    const bar = page.getByTestId("profile-tabs").getByRole("tablist");
    await expect(bar).toBeVisible();
    const tabs = bar.getByRole("tab");
    // one's own profile: overview, participated, created, transactions, followers, following
    await expect.poll(() => tabs.count()).toBeGreaterThanOrEqual(6);
    const keys = await tabs.evaluateAll((els) => els.map((e) => e.getAttribute("data-tab-key") ?? ""));
    expect(keys.slice(0, 6)).toEqual(["1", "2", "3", "4", "5", "6"]);
    // no "…" menu: Ant Design's overflow button is gone, and nothing but tabs is in the bar
    await expect(page.locator(".ant-tabs-nav-more, .ant-tabs-nav-operations")).toHaveCount(0);
    await expect(page.getByTestId("profile-tabs").getByRole("button", { name: /more|…|더보기/i })).toHaveCount(0);
    // the row is wider than the phone: it scrolls inside itself, not the page
    const overflow = await bar.evaluate((el) => el.scrollWidth > el.clientWidth);
    expect(overflow).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await shot(page, `profile-tabs-360-${theme}-${lang}`);

    const inView = async (key: string) => {
      const box = await bar.locator(`[data-tab-key="${key}"]`).boundingBox();
      return !!box && box.x >= -1 && box.x + box.width <= 361;
    };
    // From the last tab back to the first: one tap each (after a swipe of the bar, as a thumb would).
    for (const key of [...keys].reverse()) {
      const tab = bar.locator(`[data-tab-key="${key}"]`);
      if (!(await inView(key))) {
        // swipe: the bar scrolls sideways until the tab shows
        await bar.evaluate((el, k) => {
          const t = el.querySelector<HTMLElement>(`[data-tab-key="${k}"]`);
          if (t) el.scrollLeft = t.offsetLeft - 40;
        }, key);
        await expect.poll(() => inView(key)).toBe(true);
      }
      await tab.tap();
      await expect(tab).toHaveAttribute("aria-selected", "true");
      await expect(page).toHaveURL(new RegExp(`/sts/profile/${ADDRESS}/${key}$`));
      await expect(page.getByRole("tabpanel")).toHaveAttribute("aria-labelledby", `profile-tab-${key}`);
      // the chosen tab stays in view, with its neighbours peeking out
      await expect.poll(() => inView(key)).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    }
    await shot(page, `profile-tabs-first-360-${theme}-${lang}`);
    // A link to the last tab opens with it in view (no swipe needed to see what is chosen).
    const last = keys[keys.length - 1] ?? "6";
    await page.goto(`/sts/profile/${ADDRESS}/${last}`);
    await expect(bar.locator(`[data-tab-key="${last}"]`)).toHaveAttribute("aria-selected", "true");
    await expect.poll(() => inView(last)).toBe(true);
    await expect(page.getByTestId("profile-tabs").locator(".st-bar")).toHaveAttribute("data-more-start", "true");
    await shot(page, `profile-tabs-last-360-${theme}-${lang}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await context.close();
  });
}

for (const [width, theme, lang] of [
  [360, "light", "en"],
  [360, "dark", "ko"],
  [1440, "dark", "ko"],
  [1440, "light", "en"],
] as const) {
  test(`profile pages at ${width} px, ${theme}, ${lang}`, async ({ page }) => {
    await prefs(page, lang, theme);
    await page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
    const manager = await busiestManager(page);
    await page.goto(`/sts/profile/${manager}/3`);
    await expect(page.getByTestId("profile-portfolio").first()).toBeVisible();
    await shot(page, `profile-created-${width}-${theme}-${lang}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.goto("/sts");
    await connectAs(page, ACCOUNT);
    await page.goto(`/sts/profile/${ADDRESS}`);
    await expect(page.getByTestId("wallet-total")).toBeVisible();
    await expect(page.getByTestId("wallet-row").first()).toBeVisible();
    await shot(page, `profile-own-${width}-${theme}-${lang}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.getByTestId("wallet-section").scrollIntoViewIfNeeded();
    await shot(page, `profile-wallet-${width}-${theme}-${lang}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });
}
