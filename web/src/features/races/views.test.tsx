import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { i18next, initI18n } from "../../i18n/index.ts";
import { BannerCarousel } from "./BannerCarousel.tsx";
import { HistoryList } from "./HistoryList.tsx";
import dictionaries from "./i18n.ts";
import { LeaderBoard } from "./LeaderBoard.tsx";
import { ListState } from "./parts.tsx";
import { RaceCard } from "./RaceCard.tsx";
import { PredictPanel, SummaryCard } from "./RaceViews.tsx";
import { type PredictButton, predictButton, raceStatus } from "./rules.ts";
import { item, race, T0 } from "./test-fixtures.ts";
import type { RacePageState } from "./useRacePage.ts";

const ME = "0x00000000000000000000000000000000000000Aa";
const wrap = (ui: React.ReactNode) => render(<MemoryRouter>{ui}</MemoryRouter>);

beforeAll(async () => {
  await initI18n("en");
});
afterEach(async () => {
  cleanup();
  await act(() => i18next.changeLanguage("en"));
});

function page(over: Partial<RacePageState> = {}): RacePageState {
  const r = over.race ?? race();
  const now = over.now ?? T0 + 10;
  const myPredict = r.my_predict;
  const button: PredictButton = predictButton({
    phase: "open",
    myPredict,
    connected: true,
    wrongNetwork: false,
    side: 1,
    busy: false,
  });
  return {
    roundId: String(r.roundId),
    kind: r.kind,
    account: ME,
    now,
    race: r,
    status: raceStatus(r, now),
    phase: "open",
    loading: false,
    error: false,
    notFound: false,
    refetch: vi.fn(),
    redirecting: false,
    currentPrice: 3493.14,
    choice: myPredict === 1 || myPredict === 2 ? myPredict : 0,
    setChoice: vi.fn(),
    radioDisabled: myPredict !== 0,
    button,
    busy: false,
    predict: vi.fn(async () => {}),
    myPredict,
    mySideText: myPredict === 1 ? "Head" : myPredict === 2 ? "Tail" : null,
    ...over,
  } as RacePageState;
}

describe("race cards (spec 002 §2)", () => {
  it("round id, status with the countdown to the end of predictions, joined count, pair, join now", () => {
    wrap(<RaceCard race={race({ end_predict: T0 + 7200 })} now={T0 + 7200 - 3723} />);
    const card = screen.getByTestId("race-card");
    expect(card.textContent).toContain("Round #43");
    expect(within(card).getByTestId("race-status").textContent).toBe("Running");
    expect(within(card).getByTestId("countdown").textContent).toBe("Predictions close in 01h 02m 03s");
    expect(within(card).getByTestId("race-joined").textContent).toBe("7");
    expect(within(card).getByTestId("race-pair").textContent).toBe("WETH / USDT");
    const button = within(card).getByTestId("race-button");
    expect(button.textContent).toBe("Join now");
    expect(button.getAttribute("href")).toBe("/headTail/weth-usdt/43");
  });

  it("coming soon before the window and ended after it, disabled; events show their teams", () => {
    const ev = race({
      kind: "event",
      token: "",
      name: "League round 13",
      team_a: "Busan Sharks",
      team_b: "Seoul Dragons",
    });
    wrap(<RaceCard race={ev} now={T0 - 90_061} />);
    expect(screen.getByTestId("race-teams").textContent).toBe("Busan Sharks vs Seoul Dragons");
    expect(screen.getByTestId("countdown").textContent).toBe("Opens in 1d 01h 01m 01s");
    expect(screen.getByTestId("race-button").textContent).toBe("Coming soon");
    expect((screen.getByTestId("race-button") as HTMLButtonElement).disabled).toBe(true);
    cleanup();
    wrap(<RaceCard race={race()} now={T0 + 4000} />);
    expect(screen.getByTestId("race-status").textContent).toBe("In the game");
    expect(screen.getByTestId("race-button").textContent).toBe("Ended");
    expect((screen.getByTestId("race-button") as HTMLButtonElement).disabled).toBe(true);
    cleanup();
    wrap(<RaceCard race={{ ...ev, result: 1 }} now={T0 + 8000} />);
    expect(screen.getByTestId("race-status").textContent).toBe("Busan Sharks won");
  });
});

describe("lists: loading, error, empty ('no record')", () => {
  it("each state", () => {
    const retry = vi.fn();
    const { rerender } = render(
      <ListState kind="x" loading error={false} errorTitle="bad" onRetry={retry} empty={false}>
        <p>list</p>
      </ListState>,
    );
    expect(screen.getByTestId("x-loading")).toBeTruthy();
    rerender(
      <ListState kind="x" loading={false} error errorTitle="bad" onRetry={retry} empty={false}>
        <p>list</p>
      </ListState>,
    );
    fireEvent.click(within(screen.getByTestId("x-error")).getByRole("button"));
    expect(retry).toHaveBeenCalled();
    rerender(
      <ListState kind="x" loading={false} error={false} errorTitle="bad" onRetry={retry} empty>
        <p>list</p>
      </ListState>,
    );
    expect(screen.getByTestId("x-empty").textContent).toBe("No record");
    rerender(
      <ListState kind="x" loading={false} error={false} errorTitle="bad" onRetry={retry} empty={false}>
        <p>list</p>
      </ListState>,
    );
    expect(screen.getByText("list")).toBeTruthy();
  });
});

describe("history rows (§2)", () => {
  it("status tag, share link (price only), who predicted what, round id, timestamp, points with separators", () => {
    const items = [
      item({ id: "a", sender: ME, round_status: "SUCCESS", points: 1250, info: 2, round_id: 39 }),
      item({
        id: "b",
        sender: ME,
        round_status: "FAIL",
        name: "K-League final",
        team_a: "Seoul Dragons",
        team_b: "Busan Sharks",
        round_id: 34,
        my_predict: 0,
      }),
    ];
    wrap(<HistoryList items={items} account={ME} own pageSize={0} label="My history" />);
    const [price, ev] = screen.getAllByTestId("history-item") as [HTMLElement, HTMLElement];
    expect(within(price).getByTestId("history-tag").textContent).toBe("Won");
    expect(within(price).getByTestId("history-what").textContent).toBe("You predicted Tail");
    expect(within(price).getByTestId("history-points").textContent).toBe("+1,250 points");
    expect(within(price).getByTestId("history-round").textContent).toBe("Round #39 · WETH / USDT");
    expect(within(price).getByTestId("history-round").getAttribute("href")).toBe("/headTail/weth-usdt/39");
    const share = within(price).getByTestId("history-share");
    expect(share.getAttribute("href")).toContain("https://twitter.com/intent/tweet?text=");
    expect(share.getAttribute("rel")).toBe("noopener noreferrer");
    expect(within(price).getByText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)).toBeTruthy();
    expect(within(ev).getByTestId("history-tag").textContent).toBe("Fail");
    expect(within(ev).getByTestId("history-what").textContent).toBe("You predicted Seoul Dragons");
    expect(within(ev).getByTestId("history-round").getAttribute("href")).toBe("/headTail/event/34");
    expect(within(ev).queryByTestId("history-share")).toBeNull();
    expect(within(ev).getByTestId("history-points").textContent).toBe("0 points");
  });

  it("a round's predictions: each sender and side; pages of 10", () => {
    const items = Array.from({ length: 12 }, (_, i) =>
      item({ id: String(i), sender: `0x${String(i + 1).padStart(40, "0")}`, info: i % 2 ? 2 : 1 }),
    );
    wrap(<HistoryList items={items} account={ME} own={false} pageSize={10} label="Predictions" />);
    expect(screen.getAllByTestId("history-item")).toHaveLength(10);
    expect(screen.getAllByTestId("history-side")[0]?.textContent).toBe("Head");
    expect(screen.getAllByTestId("history-points")[0]?.textContent).toBe("Points after the result");
    fireEvent.click(screen.getByTitle("2"));
    expect(screen.getAllByTestId("history-item")).toHaveLength(2);
  });
});

describe("the leader board (§2)", () => {
  it("rank badges for the top three, numbers after, the default icon, short addresses, points with separators", () => {
    const leaders = Array.from({ length: 5 }, (_, i) => ({
      sender: `0x${String(i + 1)
        .repeat(40)
        .slice(0, 40)}`,
      photo_url: null,
      points: 5000 - i * 1000,
    }));
    wrap(<LeaderBoard leaders={leaders} account={undefined} />);
    const rows = screen.getAllByTestId("leader");
    expect(rows.map((r) => r.getAttribute("data-rank"))).toEqual(["1", "2", "3", "4", "5"]);
    expect(rows[0]?.querySelector(".ht-rank-gold")).toBeTruthy();
    expect(rows[2]?.querySelector(".ht-rank-bronze")).toBeTruthy();
    expect(rows[3]?.querySelector(".ht-rank-gold, .ht-rank-silver, .ht-rank-bronze")).toBeNull();
    expect(within(rows[0] as HTMLElement).getByTestId("leader-points").textContent).toBe("5,000 points");
    expect((rows[0] as HTMLElement).textContent).toContain("0x1111...1111");
    expect(within(rows[0] as HTMLElement).getByLabelText("Rank 1")).toBeTruthy();
  });
});

describe("the banner carousel (§2)", () => {
  it("Head & Tail, guess the up and down of a pair over a time period, with the ended label", () => {
    wrap(<BannerCarousel state={{ price: "ended", event: "live" }} />);
    const price = screen.getAllByTestId("banner-price")[0] as HTMLElement;
    expect(price.textContent).toContain("Head & Tail");
    expect(price.textContent).toContain("Guess the up and down of a pair over a time period");
    expect(within(price).getByTestId("banner-state").textContent).toBe("Ended");
    expect(
      within(screen.getAllByTestId("banner-event")[0] as HTMLElement).getByTestId("banner-state").textContent,
    ).toBe("Live");
  });
});

describe("the race page (§2, §4)", () => {
  it("price summary: start price (set at the start), current price, joined, round, status with countdown", () => {
    wrap(<SummaryCard s={page({ now: T0 + 3600 - 60 })} />);
    expect(screen.getByTestId("summary-start-price").textContent).toBe("Set when the round starts");
    expect(screen.getByTestId("summary-current-price").textContent).toBe("3,493.14 USDT");
    expect(screen.getByTestId("summary-round").textContent).toBe("#43");
    expect(screen.getByTestId("summary-joined").textContent).toBe("7");
    expect(screen.getByTestId("summary-status").textContent).toBe("RunningPredictions close in 00h 01m 00s");
    cleanup();
    wrap(<SummaryCard s={page({ race: race({ start_price: 3400, end_price: 3300, result: 2 }), now: T0 + 9000 })} />);
    expect(screen.getByTestId("summary-start-price").textContent).toBe("3,400.00 USDT");
    expect(screen.getByTestId("summary-end-price").textContent).toBe("3,300.00 USDT");
    // settled: the price it settled at, not the current one beside it
    expect(screen.queryByTestId("summary-current-price")).toBeNull();
    expect(screen.getByTestId("race-status").textContent).toBe("Tail won");
  });

  it("event summary: team A, team B, joined, round, status", () => {
    const ev = race({ kind: "event", token: "", name: "Final", team_a: "Ulsan Whales", team_b: "Jeonbuk Motors" });
    wrap(<SummaryCard s={page({ race: ev })} />);
    expect(screen.getByTestId("summary-team-a").textContent).toBe("Ulsan Whales");
    expect(screen.getByTestId("summary-team-b").textContent).toBe("Jeonbuk Motors");
    expect(screen.queryByTestId("summary-start-price")).toBeNull();
  });

  it("the percentage line, the head/tail radio and join now; choosing a side, then predict", () => {
    const s = page();
    wrap(<PredictPanel s={s} />);
    expect(screen.getByTestId("percent-head").textContent).toBe("Head 70%");
    expect(screen.getByTestId("percent-tail").textContent).toBe("Tail 30%");
    expect(screen.getByRole("img", { name: "Head 70% · Tail 30%" })).toBeTruthy();
    const radios = screen.getAllByRole("radio") as HTMLInputElement[];
    expect(radios).toHaveLength(2);
    fireEvent.click(radios[1] as HTMLInputElement);
    expect(s.setChoice).toHaveBeenCalledWith(2);
    const button = screen.getByTestId("predict-button");
    expect(button.textContent).toBe("Join now");
    expect(button.getAttribute("data-state")).toBe("joinNow");
    fireEvent.click(button);
    expect(s.predict).toHaveBeenCalled();
    expect(screen.getByTestId("race-share").getAttribute("target")).toBe("_blank");
  });

  it("predicted: a disabled 'Predicted' button and the radio showing the chosen side", () => {
    wrap(<PredictPanel s={page({ race: race({ my_predict: 2 }) })} />);
    const button = screen.getByTestId("predict-button") as HTMLButtonElement;
    expect(button.textContent).toBe("Predicted");
    expect(button.disabled).toBe(true);
    const radios = screen.getAllByRole("radio") as HTMLInputElement[];
    expect(radios.map((r) => r.checked)).toEqual([false, true]);
    expect(radios.every((r) => r.disabled)).toBe(true);
    expect(screen.getByTestId("predict-hint").textContent).toBe("You predicted Tail.");
  });

  it("events: Team A / Team B radio with the teams; no share link", () => {
    const ev = race({ kind: "event", token: "", name: "Final", team_a: "Ulsan Whales", team_b: "Jeonbuk Motors" });
    wrap(<PredictPanel s={page({ race: ev })} />);
    const radios = screen.getAllByRole("radio");
    expect(radios[0]?.closest("label")?.textContent).toBe("Team AUlsan Whales");
    expect(radios[1]?.closest("label")?.textContent).toBe("Team BJeonbuk Motors");
    expect(screen.getByTestId("percent-head").textContent).toBe("Ulsan Whales 70%");
    expect(screen.queryByTestId("race-share")).toBeNull();
  });

  it("outside the window the button is disabled: coming soon, ended", () => {
    const soon = predictButton({
      phase: "notStarted",
      myPredict: 0,
      connected: true,
      wrongNetwork: false,
      side: 1,
      busy: false,
    });
    wrap(<PredictPanel s={page({ button: soon, radioDisabled: true })} />);
    expect((screen.getByTestId("predict-button") as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId("predict-button").textContent).toBe("Coming soon");
  });
});

describe("texts (en and ko)", () => {
  it("the spec's words in English, and every one in Korean", async () => {
    const { en, ko } = dictionaries;
    expect(en.predictSuccess).toBe("Predict Success");
    expect(en.reasons.notPredictable).toBe("Round not predictable");
    expect(en.noRecord).toBe("No record");
    expect(en.cancelled).toBe("User cancelled the transaction.");
    expect(en.banner.priceTitle).toBe("Head & Tail");
    expect(en.banner.priceText).toBe("Guess the up and down of a pair over a time period");
    expect(ko.predictSuccess).toBeTruthy();
    expect(ko.reasons.notPredictable).toBeTruthy();
    await act(() => i18next.changeLanguage("ko"));
    wrap(<RaceCard race={race()} now={T0 + 10} />);
    expect(screen.getByTestId("race-button").textContent).toBe("지금 참여");
    expect(screen.getByTestId("countdown").textContent).toContain("시간");
  });
});
