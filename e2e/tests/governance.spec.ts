import { expect, type Page, test } from "@playwright/test";
import { portfolioFactoryAbi, sofiGovernorAbi, sofiTokenAbi } from "@sofi/protocol";
import { encodeFunctionData, type Hex, parseEther } from "viem";
import { connectAs, pageAs, preAcceptTerms, prefs, shot } from "./helpers.ts";

// Issue 18's governance screens (spec 002 §2-§9) against the seeded stack, with the dev wallet and
// anvil's time travel:
// 1. account 0 creates an "edit portfolio list" proposal adding NOVA (taken off the allow-list first
//    by the timelock, impersonated: the seed listed it), after the create form's checks, the action
//    modal's add/edit/save/remove and a simulated action that would revert (the zero address);
// 2. accounts 1 (wallet) and 2 (the gasless relay) vote for it; 3. the publicity and voting periods
//    pass; 4. it is queued, and executed once the timelock's eta passed; 5. the create wizard offers
//    NOVA; 6. the proposer claims the stake. Beside it, a proposal that misses the quorum shows
//    failed, and one is canceled before voting.
// The quorum is 2,000,000 SOFI for-votes: the deployer (account 0) mints 1,500,000 SOFI to accounts 1
// and 2 before the snapshot. The time travel (11+ days) would leave the chain ahead of the wall clock
// for the specs after this one (the promotion's featured order compares with the wall clock), so the
// journey runs inside an anvil snapshot it reverts at the end: the indexer sees a reorg and rolls
// back, and the later specs find the seeded chain. (Against a long-lived stack, E2E_BASE_URL, the
// relay's ballot of the reverted proposal stays recorded as sent: run the journey once per stack.)

const TITLE = "Relist NOVA on the portfolio token list";
const CONTENT = "NOVA is back: **deep pools** on both DEXes.\n\n- add `NOVA`\n\n<script>window.__pwned = 1</script>";
const ZERO = "0x0000000000000000000000000000000000000000";
const DAY = 86_400;

type Deployment = {
  deployer: Hex;
  contracts: Record<string, Hex>;
  tokens: { symbol: string; address: Hex }[];
};
type Proposal = {
  proposalId: string;
  contract: string;
  title: string;
  state: number;
  startTime: number;
  endTime: number;
  eta: number | null;
  withdrawn: boolean;
};

let rpcUrl = "";
async function config(page: Page): Promise<Deployment> {
  const c = (await (await page.request.get("/api/config")).json()) as {
    chains: { suffix: string; rpcUrl: string; deployment: Deployment }[];
  };
  const chain = c.chains.find((x) => x.suffix === "local");
  if (!chain) throw new Error("no local chain");
  rpcUrl = new URL(chain.rpcUrl, process.env.E2E_BASE_URL).toString();
  return chain.deployment;
}

async function rpc<T>(page: Page, method: string, params: unknown[]): Promise<T> {
  const r = await page.request.post(rpcUrl, { data: { jsonrpc: "2.0", id: 1, method, params } });
  const body = (await r.json()) as { result: T; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result;
}

/** A transaction from an account anvil signs for (its own, or one it impersonates), once mined. */
async function send(page: Page, from: Hex, to: Hex, data: Hex): Promise<void> {
  // a generous gas limit: anvil's bare estimate leaves no margin (the app's transactor pads it by 10 %)
  const hash = await rpc<Hex>(page, "eth_sendTransaction", [{ from, to, data, gas: "0x2dc6c0" }]);
  let receipt: { status: string } | null = null;
  await expect
    .poll(
      async () => {
        receipt = await rpc<{ status: string } | null>(page, "eth_getTransactionReceipt", [hash]);
        return receipt !== null;
      },
      { timeout: 15_000, intervals: [100, 250, 500] },
    )
    .toBe(true);
  if ((receipt as { status: string } | null)?.status !== "0x1")
    throw new Error(`transaction to ${to} reverted: ${JSON.stringify(receipt)?.slice(0, 200)}`);
}

const blockTime = async (page: Page, tag: "latest" | "pending") =>
  Number((await rpc<{ timestamp: string }>(page, "eth_getBlockByNumber", [tag, false])).timestamp);

/**
 * Mines a block no earlier than the latest: after a revert anvil's clock restarts from the
 * snapshot's time, and a block dated before one already on chain would make the SOFI checkpoints
 * (keyed by timestamp) refuse every transfer.
 */
async function mineForward(page: Page): Promise<void> {
  const latest = await blockTime(page, "latest");
  if ((await blockTime(page, "pending")) <= latest) await rpc(page, "evm_setNextBlockTimestamp", [latest + 1]);
  await rpc(page, "evm_mine", []);
}

async function chainTime(page: Page): Promise<number> {
  await rpc(page, "evm_mine", []);
  return Number((await rpc<{ timestamp: string }>(page, "eth_getBlockByNumber", ["latest", false])).timestamp);
}

/** Moves the chain's clock to `at` (when it is behind it) and mines a block there. */
async function travelTo(page: Page, at: number): Promise<void> {
  const now = await chainTime(page);
  if (at > now) await rpc(page, "evm_increaseTime", [at - now]);
  await rpc(page, "evm_mine", []);
}

async function proposal(page: Page, id: string): Promise<Proposal> {
  const r = await page.request.get(`/api/local/sofi/proposal?proposalId=${id}`);
  expect(r.ok()).toBe(true);
  return (await r.json()) as Proposal;
}

/** Waits until the API (the indexer, at the chain's time) says the proposal is in `state`. */
async function waitState(page: Page, id: string, state: number): Promise<void> {
  await expect
    .poll(
      async () => {
        const r = await page.request.get(`/api/local/sofi/proposal?proposalId=${id}`);
        return r.ok() ? ((await r.json()) as Proposal).state : `HTTP ${r.status()}`;
      },
      { timeout: 30_000 },
    )
    .toBe(state);
}

/** The state tag in the detail page's header (the history has tags too). */
const headTag = (page: Page) => page.locator(".gv-detail-head").getByTestId("proposal-tag");

const toast = (page: Page, text: string | RegExp) => page.locator(".ant-message-notice").filter({ hasText: text });

test.beforeEach(async ({ page }) => {
  await preAcceptTerms(page);
});

test("screens at 360 and 1440 px, light and dark, en and ko: nothing overflows", async ({ page }) => {
  test.setTimeout(300_000);
  const d = await config(page);
  const governor = d.contracts.sofiGovernor;
  const screens: [string, string, string][] = [
    ["list", "/proposals", "proposals-list"],
    ["select", "/proposals/select", "select-edit-list"],
    ["create", `/proposals/create?type=${encodeURIComponent("Edit Portfolio List")}`, "create-actions"],
    ["detail-active", `/proposals/${governor}/6`, "proposal-page"],
    ["detail-executed", `/proposals/${governor}/2`, "proposal-effect"],
  ];
  for (const [width, theme, lang] of [
    [1440, "light", "en"],
    [1440, "dark", "ko"],
    [360, "light", "ko"],
    [360, "dark", "en"],
  ] as const) {
    await prefs(page, lang, theme);
    await page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
    for (const [name, url, ready] of screens) {
      await page.goto(url);
      await expect(page.getByTestId(ready)).toBeVisible();
      await shot(page, `governance-${name}-${width}-${theme}-${lang}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} ${width}`).toBeLessThanOrEqual(
        width,
      );
      if (name === "create") {
        // the action modal, with its messages after an empty save
        await page.getByTestId("action-add").click();
        await page.getByRole("dialog").getByTestId("action-save").click();
        await expect(page.getByRole("dialog").getByTestId("action-value-error-0")).toBeVisible();
        await shot(page, `governance-action-modal-${width}-${theme}-${lang}`);
        await page.getByRole("dialog").getByTestId("action-cancel").click();
      }
    }
  }
  // §2: Polygon is hidden from the network choice on the proposals pages.
  await prefs(page, "en", "light");
  await page.setViewportSize({ width: 1440, height: 900 });
  for (const [url, polygon] of [
    ["/sts", 1],
    ["/proposals", 0],
  ] as const) {
    await page.goto(url);
    await page.getByRole("button", { name: "Settings" }).click();
    const drawer = page.locator(".settings-drawer");
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole("radio", { name: /Ethereum/ })).toHaveCount(1);
    await expect(drawer.getByRole("radio", { name: /Polygon/ })).toHaveCount(polygon);
    await page.keyboard.press("Escape");
  }
});

test("create, vote (wallet and gasless), queue, execute, see the token in the wizard, claim; a proposal that misses the quorum fails; a cancel before voting", async ({
  page,
  browser,
}) => {
  test.setTimeout(600_000);
  await prefs(page, "en", "light");
  const d = await config(page);
  const governor = d.contracts.sofiGovernor as Hex;
  const factory = d.contracts.portfolioFactory as Hex;
  const timelock = d.contracts.timelock as Hex;
  const sofi = d.tokens.find((t) => t.symbol === "SOFI")?.address as Hex;
  const nova = d.tokens.find((t) => t.symbol === "NOVA")?.address as Hex;
  const accounts = await rpc<Hex[]>(page, "eth_accounts", []);
  const [a0, a1, a2, a3] = accounts as [Hex, Hex, Hex, Hex];
  await mineForward(page);
  const snapshot = await rpc<string>(page, "evm_snapshot", []);
  try {
    // ------------------------------------------------------------------ setup
    for (const a of [a1, a2])
      await send(
        page,
        d.deployer,
        sofi,
        encodeFunctionData({ abi: sofiTokenAbi, functionName: "mint", args: [a, parseEther("1500000")] }),
      );
    await rpc(page, "anvil_impersonateAccount", [timelock]);
    await rpc(page, "anvil_setBalance", [timelock, "0xde0b6b3a7640000"]);
    await send(
      page,
      timelock,
      factory,
      encodeFunctionData({ abi: portfolioFactoryAbi, functionName: "removeTokens", args: [[nova]] }),
    );
    await rpc(page, "anvil_stopImpersonatingAccount", [timelock]);

    // ------------------------------------------------------------------ 1. create (account 0)
    await page.goto("/proposals");
    await expect(page.getByTestId("proposals-list")).toBeVisible();
    await expect(page.getByTestId("proposal-label").first()).toHaveText(/^SOFIP-\d{3}$/);
    await page.getByTestId("proposals-create").click();
    await expect(page).toHaveURL(/\/proposals\/select$/);
    await page.getByTestId("select-edit-list").click();
    await expect(page).toHaveURL(/\/proposals\/create\?type=Edit(%20|\+)Portfolio(%20|\+)List$/);
    await expect(page.getByTestId("create-button")).toHaveAttribute("data-state", "connect");
    await connectAs(page, 0);
    // 1,000,000 SOFI from the seed: enough; the stake is not approved yet
    await expect(page.getByTestId("create-minimum")).toHaveText("100,000 SOFI");
    await expect(page.getByTestId("create-button")).toHaveAttribute("data-state", "approve");
    await page.getByTestId("create-button").click();
    await expect(page.getByTestId("create-button")).toHaveAttribute("data-state", "create", { timeout: 30_000 });

    // §5 before confirm: content, then an action
    await page.getByTestId("create-button").click();
    await expect(toast(page, "Please input content")).toBeVisible();
    await expect(page.getByTestId("create-content-error")).toHaveText("Please input content");
    await page.getByTestId("create-title").fill(TITLE);
    await page.getByTestId("create-content").fill(CONTENT);
    await page.getByTestId("create-tab-preview").click();
    const preview = page.getByTestId("create-preview");
    await expect(preview.locator("strong")).toHaveText("deep pools");
    await expect(preview).toContainText("<script>window.__pwned = 1</script>");
    expect(await preview.locator("script").count()).toBe(0);
    await page.getByTestId("create-tab-write").click();
    await page.getByTestId("create-button").click();
    await expect(toast(page, "Please add Governance Action")).toBeVisible();

    // the action modal: save checks the fields; the zero address would revert (simulated from the timelock)
    await page.getByTestId("action-add").click();
    const modal = page.getByRole("dialog");
    await expect(modal.getByTestId("action-contract")).toHaveValue(factory);
    await expect(modal.getByTestId("action-function")).toHaveValue("addTokens");
    await expect(modal.getByTestId("action-key")).toBeDisabled();
    await modal.getByTestId("action-save").click();
    await expect(modal.getByTestId("action-value-error-0")).toHaveText("Missing value");
    await modal.getByTestId("action-value").fill(`["${ZERO}"]`);
    await modal.getByTestId("action-save").click();
    await expect(modal).toBeHidden();
    const items = page.getByTestId("action-item");
    await expect(items).toHaveCount(1);
    await expect(items.first().getByTestId("simulation")).toHaveAttribute("data-result", "fail", { timeout: 20_000 });
    await expect(items.first().getByTestId("simulation")).toContainText("ZeroAddress");
    await shot(page, "governance-create-revert-1440-light-en");

    // edit replaces it with NOVA (would succeed); a second action added, then removed
    await items.first().getByTestId("action-edit").click();
    await modal.getByTestId("action-value").fill(`["${nova}"]`);
    await modal.getByTestId("action-save").click();
    await expect(items).toHaveCount(1);
    await expect(items.first()).toContainText("NOVA");
    await expect(items.first().getByTestId("simulation")).toHaveAttribute("data-result", "ok", { timeout: 20_000 });
    await page.getByTestId("action-add").click();
    await modal.getByTestId("action-value").fill(`["${nova}"]`);
    await modal.getByTestId("action-save").click();
    await expect(items).toHaveCount(2);
    await items.nth(1).getByTestId("action-edit").click();
    await modal.getByTestId("action-remove").click();
    await expect(items).toHaveCount(1);

    await page.getByTestId("create-days").fill("3");
    await page.getByTestId("create-title").click();
    await expect(page.getByTestId("create-title")).toHaveValue(TITLE);
    await shot(page, "governance-create-filled-1440-light-en");
    await page.getByTestId("create-button").click();
    const confirm = page.getByRole("dialog").filter({ hasText: "Create this proposal?" });
    await expect(confirm).toBeVisible();
    await expect(confirm).toContainText("addTokens(address[])");
    await expect(confirm).toContainText("lasts 3 days");
    await shot(page, "governance-create-confirm-1440-light-en");
    await page.getByTestId("confirm-create").click();
    // loading until the receipt, then /proposals (replace)
    await expect(page).toHaveURL(/\/proposals$/, { timeout: 60_000 });
    const card = page.getByTestId("proposal-card").filter({ hasText: TITLE });
    await expect(card).toBeVisible({ timeout: 30_000 });
    await expect(card.getByTestId("proposal-tag")).toHaveText("Soon");
    const id = (await card.getAttribute("data-proposal")) as string;
    await expect(card.getByTestId("proposal-label")).toHaveText(`SOFIP-${id.padStart(3, "0")}`);
    await page.goBack();
    await expect(page).not.toHaveURL(/\/proposals\/create/);

    // ------------------------------------------------------------------ two more (account 0, by RPC)
    const plain = encodeFunctionData({ abi: sofiGovernorAbi, functionName: "quorumVoteCount" });
    await send(
      page,
      a0,
      sofi,
      encodeFunctionData({ abi: sofiTokenAbi, functionName: "approve", args: [governor, parseEther("200000")] }),
    );
    const base = Number((await rpc<{ timestamp: string }>(page, "eth_getBlockByNumber", ["pending", false])).timestamp);
    for (const title of ["A proposal few vote for", "A proposal withdrawn before voting"])
      await send(
        page,
        a0,
        governor,
        encodeFunctionData({
          abi: sofiGovernorAbi,
          functionName: "propose",
          args: [[governor], [0n], [plain], `# ${title}\n\nSee the title.`, BigInt(base + 600 + 8 * DAY)],
        }),
      );
    const few = String(Number(id) + 1);
    const withdrawn = String(Number(id) + 2);
    await waitState(page, withdrawn, 0);

    // a cancel before voting (the proposer, state 0): the toast, the stake refunded at once
    await page.goto(`/proposals/${governor}/${withdrawn}`);
    await expect(headTag(page)).toHaveText("Soon");
    await page.getByTestId("proposal-cancel").click();
    await expect(toast(page, "Canceled the proposal")).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId("proposal-page")).toHaveAttribute("data-state", "2", { timeout: 30_000 });
    await expect(headTag(page)).toHaveText("Canceled");
    await expect(page.getByTestId("proposal-claim")).toHaveCount(0);

    // ------------------------------------------------------------------ 2. vote after the publicity period
    const created = await proposal(page, id);
    const fewP = await proposal(page, few);
    await travelTo(page, Math.max(created.startTime, fewP.startTime) + 60);
    await waitState(page, id, 1);

    // account 1 with its wallet (paying gas)
    const p1 = await pageAs(browser, 1, `/proposals/${governor}/${id}`);
    await expect(p1.getByTestId("vote-panel")).toHaveAttribute("data-kind", "vote");
    await p1.getByTestId("vote-for").click();
    await p1.getByTestId("vote-open").click();
    await p1.getByTestId("vote-method-wallet").click();
    await shot(p1, "governance-vote-dialog-1440-light-en");
    await p1.getByTestId("vote-confirm").click();
    await expect(p1.getByTestId("vote-mine")).toHaveAttribute("data-support", "true", { timeout: 30_000 });
    // 1,500,000 minted beside the seed's SOFI, at the snapshot
    await expect(p1.getByTestId("vote-mine")).toContainText(/For · 2,\d{3},\d{3}/);
    await p1.context().close();

    // account 2 for free: a signed ballot the server's relayer sends, tracked as account 2's transaction
    const p2 = await pageAs(browser, 2, `/proposals/${governor}/${id}`);
    await p2.getByTestId("vote-for").click();
    await p2.getByTestId("vote-open").click();
    await expect(p2.getByRole("radio", { name: /Vote for free/ })).toBeChecked();
    const eth = await rpc<string>(p2, "eth_getBalance", [a2, "latest"]);
    await p2.getByTestId("vote-confirm").click();
    await expect(p2.getByTestId("vote-mine")).toHaveAttribute("data-support", "true", { timeout: 40_000 });
    expect(await rpc<string>(p2, "eth_getBalance", [a2, "latest"])).toBe(eth);
    await p2.getByTestId("wallet-status").click();
    await expect(p2.getByTestId("recent-transactions")).toContainText(
      `Vote For on SOFIP-${id.padStart(3, "0")} (gasless)`,
    );
    await p2.keyboard.press("Escape");
    await shot(p2, "governance-voted-1440-light-en");
    await p2.context().close();

    // account 3 votes for the other one: 1,000,000 SOFI, under the 2,000,000 quorum
    await send(
      page,
      a3,
      governor,
      encodeFunctionData({ abi: sofiGovernorAbi, functionName: "castVote", args: [BigInt(few), 1] }),
    );

    // the all-votes drawer
    await page.goto(`/proposals/${governor}/${id}`);
    await page.getByTestId("votes-open").click();
    await expect(page.getByTestId("vote-row")).toHaveCount(2);
    await shot(page, "governance-votes-drawer-1440-light-en");
    await page.keyboard.press("Escape");

    // ------------------------------------------------------------------ 3. voting ends
    await travelTo(page, Math.max(created.endTime, fewP.endTime) + 60);
    await waitState(page, id, 4);
    await waitState(page, few, 3);
    await page.goto(`/proposals/${governor}/${few}`);
    await expect(headTag(page)).toHaveText("Failed");
    await expect(page.getByTestId("proposal-queue")).toHaveCount(0);

    // ------------------------------------------------------------------ 4. queue, execute after the eta
    await page.goto(`/proposals/${governor}/${id}`);
    await expect(page.getByTestId("vote-panel")).toHaveCount(0);
    await expect(headTag(page)).toHaveText("Passed");
    await page.getByTestId("proposal-queue").click();
    await expect(page.getByTestId("proposal-page")).toHaveAttribute("data-state", "5", { timeout: 30_000 });
    await expect(page.getByTestId("proposal-execute")).toBeDisabled();
    await expect(page.getByTestId("execute-hint")).toContainText("Executable from");
    await shot(page, "governance-queued-1440-light-en");
    const eta = (await proposal(page, id)).eta as number;
    await travelTo(page, eta + 60);
    await page.reload();
    await expect(page.getByTestId("proposal-execute")).toBeEnabled({ timeout: 30_000 });
    await page.getByTestId("proposal-execute").click();
    await expect(page.getByTestId("proposal-page")).toHaveAttribute("data-state", "7", { timeout: 30_000 });
    await expect(page.getByTestId("history-item")).toHaveCount(5);
    await shot(page, "governance-executed-1440-light-en");

    // ------------------------------------------------------------------ 5. the wizard offers NOVA
    await page.getByTestId("proposal-effect").click();
    await expect(page).toHaveURL(/\/sts\/create\?search=NOVA$/);
    await expect(page.getByTestId("allocation-NOVA")).toBeVisible({ timeout: 30_000 });

    // ------------------------------------------------------------------ 6. claim the stake
    await page.goto(`/proposals/${governor}/${id}`);
    await page.getByTestId("proposal-claim").click();
    await expect(toast(page, "Claimed your stake")).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId("proposal-claim")).toHaveCount(0, { timeout: 30_000 });
    expect((await proposal(page, id)).withdrawn).toBe(true);

    // profile tab 3: the created proposals beside the created portfolios (own profile)
    await page.goto(`/sts/profile/${a0}/3`);
    const created3 = page.getByTestId("created-proposal");
    await expect(created3).toHaveCount(3);
    await expect(created3.first()).toContainText("A proposal withdrawn before voting");
    await shot(page, "governance-profile-tab3-1440-light-en");
  } finally {
    await rpc(page, "evm_revert", [snapshot]);
    await mineForward(page);
  }
});
