import { describe, expect, it } from "vitest";
import {
  countdown,
  formatPoints,
  raceButton,
  racePhase,
  racePoints,
  roundParamSchema,
  roundStatus,
  roundsQuerySchema,
  sidePercents,
} from "../src/races.ts";

describe("the race timeline (§4)", () => {
  const r = { startPredict: 100, endPredict: 200, endRound: 300, result: 0 };
  it("not started, open (prediction window [start, end)), in the game, result", () => {
    expect(racePhase(r, 99)).toBe("notStarted");
    expect(racePhase(r, 100)).toBe("open");
    expect(racePhase(r, 199)).toBe("open");
    expect(racePhase(r, 200)).toBe("inGame");
    expect(racePhase(r, 400)).toBe("inGame"); // until settled
    expect(racePhase({ ...r, result: 1 }, 150)).toBe("result");
  });
  it("the button: coming soon, join now, predicted, ended", () => {
    expect(raceButton("notStarted", 0)).toBe("comingSoon");
    expect(raceButton("open", 0)).toBe("joinNow");
    expect(raceButton("open", 2)).toBe("predicted");
    expect(raceButton("inGame", 0)).toBe("ended");
    expect(raceButton("result", 1)).toBe("predicted");
  });
});

describe("points (docs/decisions.md)", () => {
  it("a correct prediction earns more the fewer chose its side; wrong, draw and cancel earn none", () => {
    expect(racePoints(1, 1, 10, 10)).toBe(100);
    expect(racePoints(1, 1, 10, 1)).toBe(1000);
    expect(racePoints(2, 2, 3, 2)).toBe(150);
    expect(racePoints(1, 2, 10, 5)).toBe(0);
    expect(racePoints(3, 1, 10, 5)).toBe(0);
    expect(racePoints(4, 1, 10, 5)).toBe(0);
    expect(racePoints(0, 1, 10, 5)).toBe(0);
  });
  it("more contrarian never earns less (monotone in the winners' share)", () => {
    for (let joined = 1; joined <= 50; joined++)
      for (let w = 1; w < joined; w++)
        expect(racePoints(1, 1, joined, w)).toBeGreaterThanOrEqual(racePoints(1, 1, joined, w + 1));
  });
  it("round status of a prediction", () => {
    expect([roundStatus(0, 1), roundStatus(4, 1), roundStatus(3, 1), roundStatus(1, 1), roundStatus(2, 1)]).toEqual([
      "ONGOING",
      "CANCELLED",
      "DRAW",
      "SUCCESS",
      "FAIL",
    ]);
  });
});

describe("display", () => {
  it("head and tail shares, countdown, thousands separators", () => {
    expect(sidePercents(0, 0)).toEqual([0, 0]);
    expect(sidePercents(1, 2)).toEqual([33.33, 66.67]);
    expect(countdown(90_061)).toEqual({ days: 1, hours: 1, minutes: 1, seconds: 1 });
    expect(countdown(-5)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
    expect(formatPoints(1234567)).toBe("1,234,567");
  });
  it("query schemas", () => {
    expect(roundsQuerySchema.parse({})).toEqual({ limit: 3 });
    expect(roundsQuerySchema.safeParse({ limit: "101" }).success).toBe(false);
    expect(roundParamSchema.safeParse({ roundId: "0" }).success).toBe(false);
    expect(roundParamSchema.safeParse({ roundId: "12" }).success).toBe(true);
  });
});
