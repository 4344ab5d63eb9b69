import { describe, expect, it } from "vitest";
import { type CpuProfile, summarizeProfile } from "../src/cpu-profile.ts";

// one sample a second at 1 … 5 s: the handler, the handler, the collector, idle, the handler
const frame = (functionName: string, url = "") => ({ functionName, url, lineNumber: 0 });
const profile: CpuProfile = {
  nodes: [
    { id: 1, callFrame: frame("(root)"), children: [2, 3, 4] },
    { id: 2, callFrame: frame("handler", "file:///work/main/server/src/api/governance.ts") },
    { id: 3, callFrame: frame("(garbage collector)") },
    { id: 4, callFrame: frame("(idle)") },
  ],
  startTime: 0,
  endTime: 5e6,
  samples: [2, 2, 3, 4, 2],
  timeDeltas: [1e6, 1e6, 1e6, 1e6, 1e6],
};

describe("summarizeProfile", () => {
  it("counts only the window measured back from the profile's end", () => {
    const s = summarizeProfile(profile, 2.5);
    expect(s.samples).toBe(3);
    expect(s.gc).toBeCloseTo(1 / 3);
    expect(s.idle).toBeCloseTo(1 / 3);
    expect(s.self.find((f) => f.name === "handler server/src/api/governance.ts:1")?.share).toBeCloseTo(1 / 3);
  });

  it("ends the window `toEndS` before the end, and sorts by share", () => {
    const s = summarizeProfile(profile, 10, 3);
    expect(s.samples).toBe(2);
    expect(s.self).toEqual([{ name: "handler server/src/api/governance.ts:1", share: 1 }]);
    expect(s.gc).toBe(0);
  });
});
