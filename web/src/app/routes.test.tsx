import { CAPABILITIES } from "@sofi/core";
import { cleanup, render, screen } from "@testing-library/react";
import { Suspense } from "react";
import { MemoryRouter, Route, Routes } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { initI18n } from "../i18n/index.ts";
import { ALL_CAPABILITIES, type AppConfig, AppConfigContext } from "../kernel/config.ts";
import { FEATURES } from "./features.ts";
import { NAV_GROUPS, navEntries } from "./nav-items.ts";
import { buildRoutes, NOT_FOUND_ROUTE, ROUTES, useRoutes } from "./routes.tsx";

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

  it("serves the Head & Tail screens (issue 20): the home, the more page, one race page for price and event rounds", () => {
    const el = (path: string) => ROUTES.find((r) => r.path === path)?.element;
    const NotFoundType = NOT_FOUND_ROUTE.element.type;
    const home = el("/headTail");
    const more = el("/headTail/moreRace");
    const price = el("/headTail/:pair/:id");
    const event = el("/headTail/event/:id");
    for (const e of [home, more, price, event]) expect(e?.type).not.toBe(NotFoundType);
    expect(home?.type).not.toBe(more?.type);
    expect(price?.type).toBe(event?.type);
    expect((price?.props as { kind?: string } | undefined)?.kind).toBe("price");
    expect((event?.props as { kind?: string } | undefined)?.kind).toBe("event");
  });

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
    const placeholder = NOT_FOUND_ROUTE.element.type;
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
    expect(trade).not.toBe(NOT_FOUND_ROUTE.element.type);
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

  it("matches exactly: an extra segment is not found", async () => {
    renderAt("/sts/create/extra");
    expect(await screen.findByText("Page not found", undefined, { timeout: 15_000 })).toBeTruthy();
  });

  it("an unknown path shows the not-found page", async () => {
    renderAt("/nope");
    expect(await screen.findByText("Page not found", undefined, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText("There is no page at /nope.")).toBeTruthy();
  });

  describe("capabilities switched off (issue 17)", () => {
    const NotFoundType = NOT_FOUND_ROUTE.element.type;
    const off = (c: string) => ({ has: (x: string) => x !== c });

    it("every capability removed in turn: the table keeps every path; the removed one's routes show Not found (or their whenOff screen), the rest their screens", () => {
      for (const c of CAPABILITIES) {
        const routes = buildRoutes(FEATURES, off(c));
        expect(routes.map((r) => r.path).sort(), c).toEqual([...SPEC_ROUTES].sort());
        for (const f of FEATURES) {
          for (const r of f.routes ?? []) {
            const built = routes.find((x) => x.path === r.path);
            if (f.capability === c) expect(built?.element.type, `${c} ${r.path}`).toBe(r.whenOff ?? NotFoundType);
            else expect(built?.element.type, `${c} ${r.path}`).toBe(r.Component);
          }
        }
      }
      // Every feature of the list names a known capability (or none: always on).
      for (const f of FEATURES) if (f.capability) expect(CAPABILITIES).toContain(f.capability);
    });

    it("with everything on, no route is Not found", () => {
      expect(buildRoutes(FEATURES, ALL_CAPABILITIES).some((r) => r.element.type === NotFoundType)).toBe(false);
    });

    function App({ capabilities }: { capabilities?: string[] }) {
      const routes = useRoutes();
      return (
        <Suspense fallback={<p>loading</p>}>
          <Routes>
            {routes.map((r) => (
              <Route key={r.path} path={r.path} element={r.element} />
            ))}
            <Route path={NOT_FOUND_ROUTE.path} element={NOT_FOUND_ROUTE.element} />
          </Routes>
          <p data-testid="caps">{capabilities?.join(",") ?? "all"}</p>
        </Suspense>
      );
    }

    /** Whether the route table the app builds from the config serves `path` (not Not found). */
    function Served({ path }: { path: string }) {
      const served = useRoutes().find((r) => r.path === path)?.element.type !== NOT_FOUND_ROUTE.element.type;
      return <p data-testid="served">{served ? "served" : "not found"}</p>;
    }

    it("GET /api/config's capabilities decide: the faucet and AI off keep the rest; people off is Not found at /sts/profile; races off, /headTail", async () => {
      const config = (capabilities: string[]): AppConfig => ({ chains: [], blockedAddresses: [], capabilities });
      const on = CAPABILITIES.filter((c) => c !== "people");
      render(
        <AppConfigContext.Provider value={config(on)}>
          <MemoryRouter initialEntries={[`/sts/profile/${A}`]}>
            <App capabilities={on} />
          </MemoryRouter>
        </AppConfigContext.Provider>,
      );
      expect(await screen.findByText("Page not found", undefined, { timeout: 15_000 })).toBeTruthy();
      cleanup();
      render(
        <AppConfigContext.Provider value={config(CAPABILITIES.filter((c) => c !== "faucet" && c !== "ai"))}>
          <Served path="/headTail" />
        </AppConfigContext.Provider>,
      );
      expect(screen.getByTestId("served").textContent).toBe("served");
      cleanup();
      render(
        <AppConfigContext.Provider value={config(CAPABILITIES.filter((c) => c !== "races"))}>
          <MemoryRouter initialEntries={["/headTail/weth-usdt/43"]}>
            <App />
          </MemoryRouter>
        </AppConfigContext.Provider>,
      );
      expect(await screen.findByText("Page not found", undefined, { timeout: 15_000 })).toBeTruthy();
    });

    it("the prediction market off: /predict says the service is not available in the region (issue 19), its other pages are Not found", async () => {
      const config = (capabilities: string[]): AppConfig => ({ chains: [], blockedAddresses: [], capabilities });
      const on = CAPABILITIES.filter((c) => c !== "predict");
      render(
        <AppConfigContext.Provider value={config(on)}>
          <MemoryRouter initialEntries={["/predict"]}>
            <App />
          </MemoryRouter>
        </AppConfigContext.Provider>,
      );
      expect(
        await screen.findByText("The service is not available in your region", undefined, { timeout: 15_000 }),
      ).toBeTruthy();
      expect(screen.queryByText("Page not found")).toBeNull();
      cleanup();
      render(
        <AppConfigContext.Provider value={config(on)}>
          <MemoryRouter initialEntries={["/predict/transactions"]}>
            <App />
          </MemoryRouter>
        </AppConfigContext.Provider>,
      );
      expect(await screen.findByText("Page not found", undefined, { timeout: 15_000 })).toBeTruthy();
    });

    it("the menu: Social Trading, the shell's groups, Governance, Head & Tail, Predict, Social; each leaves with its capability", () => {
      const all = ["socialTrading", ...NAV_GROUPS.map((g) => g.id), "governance", "headTail", "predict", "social"];
      expect(navEntries(FEATURES, ALL_CAPABILITIES).map((e) => e.id)).toEqual(all);
      for (const [capability, id] of [
        ["portfolios", "socialTrading"],
        ["races", "headTail"],
        ["predict", "predict"],
        ["social", "social"],
      ] as const)
        expect(navEntries(FEATURES, off(capability)).map((e) => e.id)).toEqual(all.filter((x) => x !== id));
    });

    it("a narrow header folds Head & Tail, Predict and Social into one More dropdown of in-app links", () => {
      const compact = navEntries(FEATURES, ALL_CAPABILITIES, true);
      expect(compact.map((e) => e.id)).toEqual(["socialTrading", ...NAV_GROUPS.map((g) => g.id), "governance", "more"]);
      expect(compact.at(-1)?.items).toEqual([
        { key: "headTail", labelKey: "nav", ns: "races", to: "/headTail" },
        { key: "predict", labelKey: "nav", ns: "predict", to: "/predict" },
        { key: "social", labelKey: "nav", ns: "social", to: "/social" },
      ]);
      // one left: no dropdown of one
      const one = { has: (x: string) => x !== "races" && x !== "predict" };
      expect(navEntries(FEATURES, one, true).map((e) => e.id)).toEqual([
        "socialTrading",
        ...NAV_GROUPS.map((g) => g.id),
        "governance",
        "social",
      ]);
    });
  });
});
