import { cleanup, render, screen } from "@testing-library/react";
import { Suspense } from "react";
import { MemoryRouter, Route, Routes } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { initI18n } from "../i18n/index.ts";
import { NOT_FOUND_ROUTE, ROUTES } from "./routes.tsx";

/** The route map of spec 000 §2, plus /swap (target of the unlisted-token warning). */
const SPEC_ROUTES = [
  "/",
  "/sts",
  "/sts/more/:type",
  "/sts/create",
  "/sts/portfolio/:address",
  "/sts/buy/:contractAddress",
  "/sts/sell/:contractAddress",
  "/sts/manage/:contractAddress",
  "/sts/profile/:address",
  "/sts/profile/:address/:tab",
  "/sts/manager/:address",
  "/aggregateSwap",
  "/aggregateSwap/chart",
  "/proposals",
  "/proposals/select",
  "/proposals/create",
  "/proposals/:contract/:proposalId",
  "/social",
  "/predict",
  "/predict/transactions",
  "/predict/:id",
  "/headTail",
  "/headTail/moreRace",
  "/headTail/:pair/:id",
  "/headTail/event/:id",
  "/swap",
];

const A = "0x1111111111111111111111111111111111111111";
const VISITS: [string, string][] = [
  ["/proposals", "Governance"],
  ["/proposals/select", "Choose a proposal type"],
  ["/proposals/create", "Create proposal"],
  [`/proposals/${A}/7`, "Proposal"],
  ["/social", "Social feed"],
  ["/predict", "Prediction market"],
  ["/predict/transactions", "My predictions and history"],
  [`/predict/${A}`, "Market"],
  ["/headTail", "Head and Tail"],
  ["/headTail/moreRace", "All races"],
  ["/headTail/ETH-USDT/3", "Race"],
  ["/headTail/event/5", "Event race"],
];

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Suspense fallback={<p>loading</p>}>
        <Routes>
          {ROUTES.map((r) => (
            <Route key={r.path} path={r.path} element={r.element} />
          ))}
          <Route path={NOT_FOUND_ROUTE.path} element={NOT_FOUND_ROUTE.element} />
        </Routes>
      </Suspense>
    </MemoryRouter>,
  );
}

describe("route map (spec 000 §2)", () => {
  beforeAll(async () => {
    await initI18n("en");
  });

  it("registers exactly the spec's routes", () => {
    expect(ROUTES.map((r) => r.path).sort()).toEqual([...SPEC_ROUTES].sort());
  });

  for (const [path, title] of VISITS) {
    it(`${path} shows "${title}", not the not-found page`, async () => {
      renderAt(path);
      const heading = await screen.findByRole("heading", { level: 2 }, { timeout: 15_000 });
      expect(heading.textContent).toBe(title);
      expect(screen.queryByText("Page not found")).toBeNull();
    });
  }

  it("serves the swap screen at /aggregateSwap, with the chart at /aggregateSwap/chart", () => {
    const swap = ROUTES.find((r) => r.path === "/aggregateSwap");
    const chart = ROUTES.find((r) => r.path === "/aggregateSwap/chart");
    if (!swap || !chart) throw new Error("swap routes missing");
    expect(swap.element.type).toBe(chart.element.type);
    expect((swap.element.props as { chart?: boolean }).chart).toBeFalsy();
    expect((chart.element.props as { chart?: boolean }).chart).toBe(true);
    expect(ROUTES.filter((r) => r.element.type === swap.element.type)).toHaveLength(2);
  });

  it("serves the portfolios screens at /, /sts, /sts/more/:type, /sts/portfolio/:address, the manager and profile pages", () => {
    const el = (path: string) => ROUTES.find((r) => r.path === path)?.element;
    const home = el("/sts");
    expect(el("/")?.type).toBe(home?.type);
    const placeholder = el("/proposals")?.type;
    for (const path of [
      "/sts",
      "/sts/more/:type",
      "/sts/portfolio/:address",
      "/sts/create",
      "/sts/manager/:address",
      "/sts/profile/:address",
      "/sts/profile/:address/:tab",
    ]) {
      expect(el(path)?.type).not.toBe(placeholder);
    }
    expect(el("/sts/profile/:address/:tab")?.type).toBe(el("/sts/profile/:address")?.type);
    expect(el("/sts/more/:type")?.type).not.toBe(home?.type);
  });

  it("serves one trade view at /sts/buy, /sts/sell and /sts/manage/:contractAddress (issue 10)", () => {
    const el = (path: string) => ROUTES.find((r) => r.path === path)?.element;
    const trade = el("/sts/buy/:contractAddress")?.type;
    expect(trade).toBeDefined();
    expect(el("/sts/sell/:contractAddress")?.type).toBe(trade);
    expect(el("/sts/manage/:contractAddress")?.type).toBe(trade);
    expect(trade).not.toBe(el("/proposals")?.type);
  });

  it("/swap and /swap/ lead to the swap page (issue 9 #19)", async () => {
    const swap = ROUTES.find((r) => r.path === "/swap");
    if (!swap) throw new Error("/swap missing");
    for (const at of ["/swap", "/swap/"]) {
      render(
        <MemoryRouter initialEntries={[at]}>
          <Routes>
            <Route path="/swap" element={swap.element} />
            <Route path="/aggregateSwap" element={<h2>the swap page</h2>} />
          </Routes>
        </MemoryRouter>,
      );
      expect((await screen.findByRole("heading", { level: 2 })).textContent).toBe("the swap page");
      cleanup();
    }
  });

  it("a placeholder screen shows no raw table of its route parameters (issue 9 #19)", async () => {
    const { container } = renderAt(`/proposals/${A}/7`);
    expect((await screen.findByRole("heading", { level: 2 }, { timeout: 15_000 })).textContent).toBe("Proposal");
    expect(container.textContent).not.toContain(A);
    expect(container.querySelector("dl")).toBeNull();
    expect(screen.queryByText("Details")).toBeNull();
  });

  it("matches exactly: an extra segment is not found", async () => {
    renderAt("/sts/create/extra");
    expect(await screen.findByText("Page not found", undefined, { timeout: 15_000 })).toBeTruthy();
  });

  it("an unknown path shows the not-found page", async () => {
    renderAt("/nope");
    expect(await screen.findByText("Page not found", undefined, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText("There is no page at /nope.")).toBeTruthy();
  });
});
