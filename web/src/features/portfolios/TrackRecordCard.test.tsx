import { NO_TRACK_RECORD, type TrackRecordReply, trackRecordReply } from "@sofi/core";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { initI18n } from "../../i18n/index.ts";
import { RiskScore, TrackRecordCard } from "./TrackRecordCard.tsx";
import { formatRatio, recordGap, riskLevel } from "./track-record.ts";
import { parseManagerOrder } from "./useMoreState.ts";

const full: TrackRecordReply = {
  days: 40,
  return_7d: 3.2149,
  return_30d: -12.5,
  return_90d: null,
  return_inception: 25,
  eth_return_7d: 1.02,
  eth_return_30d: 4,
  eth_return_90d: null,
  eth_return_inception: -3.5,
  max_drawdown: 30.1234,
  volatility: 45.678,
  risk_score: 6,
  risk_adjusted: 1.2345,
};
const young: TrackRecordReply = {
  ...trackRecordReply(NO_TRACK_RECORD),
  days: 3,
  return_inception: 4.5,
  eth_return_inception: 1,
};

const cells = (key: string) =>
  within(screen.getByTestId(`record-${key}`))
    .getAllByRole("cell")
    .map((c) => c.textContent);

describe("track record rules", () => {
  it("risk words: 1–2 very low, 3–4 low, 5–6 moderate, 7–8 high, 9–10 very high", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(riskLevel)).toEqual([
      "veryLow",
      "veryLow",
      "low",
      "low",
      "moderate",
      "moderate",
      "high",
      "high",
      "veryHigh",
      "veryHigh",
    ]);
  });
  it("why a record has dashes: no close yet, under 7 days, or nothing missing", () => {
    expect(recordGap(trackRecordReply(NO_TRACK_RECORD))).toBe("noClose");
    expect(recordGap(young)).toBe("young");
    expect(recordGap(full)).toBeNull();
  });
  it("ratios with two decimals, a dash without one; managers' orders from the URL", () => {
    expect(formatRatio(1.2345)).toBe("1.23");
    expect(formatRatio(null)).toBe("—");
    expect(parseManagerOrder("risk")).toBe("risk");
    expect(parseManagerOrder("worst")).toBe("market_cap");
    expect(parseManagerOrder(null)).toBe("market_cap");
  });
});

describe("TrackRecordCard", () => {
  beforeAll(async () => {
    await initI18n("en");
  });
  afterEach(cleanup);

  it("a whole record: each window beside ETH, drawdown, volatility, risk-adjusted, the score with its words", () => {
    render(<TrackRecordCard record={full} subject="portfolio" />);
    const card = screen.getByRole("region", { name: /Track record/ });
    expect(card).toBeTruthy();
    const table = screen.getByRole("table", {
      name: "Returns of This portfolio beside holding ETH over the same days",
    });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["Period", "This portfolio", "Holding ETH"]);
    expect(cells("d7")).toEqual(["+3.21%", "+1.02%"]);
    expect(cells("d30")).toEqual(["-12.50%", "+4.00%"]);
    expect(cells("d90")).toEqual(["—not enough history", "—not enough history"]);
    expect(cells("inception")).toEqual(["+25.00%", "-3.50%"]);
    expect(within(screen.getByTestId("record-d30")).getByText("-12.50%").className).toBe("tr-down");
    expect(screen.getByTestId("record-drawdown").textContent).toBe("-30.12%");
    expect(screen.getByTestId("record-volatility").textContent).toBe("45.68%");
    expect(screen.getByTestId("record-risk-adjusted").textContent).toBe("1.23");
    const score = screen.getByRole("img", { name: "Risk score 6 of 10, moderate" });
    expect(score.querySelectorAll(".tr-cell.is-on")).toHaveLength(6);
    expect(screen.queryByTestId("record-gap")).toBeNull();
  });

  it("under 7 days: dashes with a name for screen readers, since inception, and why", () => {
    render(<TrackRecordCard record={young} subject="portfolio" />);
    expect(cells("d7")).toEqual(["—not enough history", "—not enough history"]);
    expect(cells("inception")).toEqual(["+4.50%", "+1.00%"]);
    expect(screen.getByTestId("record-drawdown").textContent).toBe("—not enough history");
    expect(screen.getByTestId("risk-score").getAttribute("data-score")).toBe("");
    expect(screen.getByTestId("record-gap").textContent).toBe(
      "Only 3 days of history: the risk score, drawdown and volatility appear after 7 days, each return once its period has passed.",
    );
  });

  it("no close yet; loading; error with retry; a server without records", () => {
    const { rerender } = render(<TrackRecordCard record={trackRecordReply(NO_TRACK_RECORD)} subject="manager" />);
    expect(screen.getByTestId("record-gap").textContent).toMatch(/No daily close yet/);
    expect(screen.getByRole("columnheader", { name: "This manager" })).toBeTruthy();
    rerender(<TrackRecordCard record={undefined} subject="manager" loading />);
    expect(screen.getByTestId("track-record").getAttribute("aria-busy")).toBe("true");
    const onRetry = vi.fn();
    rerender(<TrackRecordCard record={undefined} subject="manager" error onRetry={onRetry} />);
    expect(screen.getByText("Could not load the track record.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(onRetry).toHaveBeenCalledOnce();
    rerender(<TrackRecordCard record={undefined} subject="manager" />);
    expect(screen.getByText("This server does not compute track records.")).toBeTruthy();
  });

  it("the manager's explanation names the weighting", () => {
    render(<TrackRecordCard record={full} subject="manager" />);
    expect(screen.getByRole("img", { name: /each weighted by its market cap/ })).toBeTruthy();
  });

  it("the compact score of the lists; a dash without one", () => {
    const { rerender } = render(<RiskScore score={9} compact />);
    expect(screen.getByRole("img", { name: "Risk score 9 of 10, very high" }).textContent).toBe("Risk 9");
    rerender(<RiskScore score={null} compact />);
    expect(screen.getByTestId("risk-score").textContent).toBe("Risk —not enough history");
  });

  it("in Korean", async () => {
    await initI18n("ko");
    render(<TrackRecordCard record={full} subject="portfolio" />);
    expect(screen.getByRole("heading", { name: /운용 실적/ })).toBeTruthy();
    expect(screen.getByRole("img", { name: "위험 점수 10점 중 6점, 보통" })).toBeTruthy();
    expect(screen.getByRole("rowheader", { name: "시작 이후" })).toBeTruthy();
    await initI18n("en");
  });
});
