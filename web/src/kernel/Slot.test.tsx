import { act, cleanup, render, screen } from "@testing-library/react";
import { lazy } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type AppConfig, AppConfigContext } from "./config.ts";
import { contributionsOf, type Feature, FeaturesContext, type SlotProps } from "./feature.ts";
import { Slot } from "./Slot.tsx";

const config = (capabilities?: string[]): AppConfig => ({
  chains: [],
  blockedAddresses: [],
  ...(capabilities ? { capabilities } : {}),
});

const item = (text: string) =>
  function Item() {
    return <span data-testid="item">{text}</span>;
  };

const FEATURES: Feature[] = [
  {
    name: "b",
    capability: "faucet",
    slots: { "home.sections": [{ id: "b", order: 20, Component: item("faucet 20") }] },
  },
  {
    name: "a",
    capability: "ai",
    slots: {
      "home.sections": [
        { id: "a1", order: 10, Component: item("ai 10") },
        { id: "a2", order: 30, Component: item("ai 30") },
      ],
    },
  },
  // No capability: always on.
  { name: "c", slots: { "home.sections": [{ id: "c", order: 20, Component: item("always 20") }] } },
];

function renderSlot(ui: React.ReactNode, capabilities?: string[], features: Feature[] = FEATURES) {
  return render(
    <AppConfigContext.Provider value={config(capabilities)}>
      <FeaturesContext.Provider value={features}>{ui}</FeaturesContext.Provider>
    </AppConfigContext.Provider>,
  );
}

const texts = () => screen.queryAllByTestId("item").map((e) => e.textContent);

afterEach(cleanup);

describe("<Slot> (issue 17)", () => {
  it("renders the contributions in order (ties: the feature list's order)", () => {
    renderSlot(<Slot name="home.sections" />);
    expect(texts()).toEqual(["ai 10", "faucet 20", "always 20", "ai 30"]);
  });

  it("hides the contributions of a switched-off capability; a config without the list has all on", () => {
    renderSlot(<Slot name="home.sections" />, ["health", "swap", "ai"]);
    expect(texts()).toEqual(["ai 10", "always 20", "ai 30"]);
    cleanup();
    renderSlot(<Slot name="home.sections" />, ["health", "faucet"]);
    expect(texts()).toEqual(["faucet 20", "always 20"]);
    cleanup();
    renderSlot(<Slot name="home.sections" />);
    expect(texts()).toHaveLength(4);
  });

  it("places the host's own items among the contributions by order", () => {
    renderSlot(
      <Slot
        name="home.sections"
        own={[
          { id: "first", order: 0, element: <span data-testid="item">own 0</span> },
          { id: "mid", order: 20, element: <span data-testid="item">own 20</span> },
        ]}
      />,
      ["ai"],
    );
    expect(texts()).toEqual(["own 0", "ai 10", "own 20", "always 20", "ai 30"]);
  });

  it("passes the slot's props to each contribution", () => {
    const seen = vi.fn();
    const features: Feature[] = [
      {
        name: "p",
        slots: {
          "account.panel": [
            {
              id: "p",
              Component: (p: SlotProps["account.panel"]) => {
                seen(p.account);
                return <button type="button" onClick={p.close} data-testid="item" />;
              },
            },
          ],
        },
      },
    ];
    const close = vi.fn();
    renderSlot(<Slot name="account.panel" props={{ account: "0x01", close }} />, undefined, features);
    screen.getByTestId("item").click();
    expect(seen).toHaveBeenCalledWith("0x01");
    expect(close).toHaveBeenCalled();
  });

  it("a contribution that throws renders nothing; the host and the other contributions stay", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const features: Feature[] = [
      {
        name: "bad",
        slots: {
          "home.sections": [
            {
              id: "bad",
              order: 1,
              Component: () => {
                throw new Error("boom");
              },
            },
            { id: "good", order: 2, Component: item("good") },
          ],
        },
      },
    ];
    renderSlot(
      <main>
        <h1>host</h1>
        <Slot name="home.sections" />
      </main>,
      undefined,
      features,
    );
    expect(screen.getByRole("heading", { name: "host" })).toBeTruthy();
    expect(texts()).toEqual(["good"]);
    expect(error.mock.calls.some((c) => String(c[0]).includes("contribution bad failed"))).toBe(true);
    error.mockRestore();
  });

  it("loads a lazy contribution on demand (Suspense inside the slot)", async () => {
    let resolve: (m: { default: () => React.ReactNode }) => void = () => {};
    const Lazy = lazy(() => new Promise<{ default: () => React.ReactNode }>((r) => (resolve = r)));
    renderSlot(
      <>
        <p>host</p>
        <Slot name="header.actions" />
      </>,
      undefined,
      [{ name: "l", slots: { "header.actions": [{ id: "l", Component: Lazy }] } }],
    );
    expect(screen.getByText("host")).toBeTruthy();
    expect(texts()).toEqual([]);
    await act(async () => resolve({ default: item("loaded") }));
    expect(await screen.findByText("loaded")).toBeTruthy();
  });

  it("outside the app (no feature list) a slot is empty", () => {
    render(<Slot name="wallet.actions" />);
    expect(texts()).toEqual([]);
  });

  it("contributionsOf: only the slot asked for, features that are on, stable order", () => {
    const on = { has: (c: string) => c !== "faucet" };
    expect(contributionsOf(FEATURES, on, "home.sections").map((c) => c.id)).toEqual(["a1", "c", "a2"]);
    expect(contributionsOf(FEATURES, on, "wallet.actions")).toEqual([]);
  });
});
