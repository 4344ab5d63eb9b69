/**
 * A summary of a V8 CPU profile (`node --cpu-prof`) over one stretch of time: what share of the
 * samples each function took itself, with the collector and idle time as V8 names them. The bench's
 * server runs for minutes of reading ahead before a few seconds of load, so only a window measured
 * back from the profile's end says where a row's time went.
 */

type CallFrame = { functionName: string; url: string; lineNumber: number };
export type CpuProfile = {
  nodes: { id: number; callFrame: CallFrame; children?: number[] }[];
  startTime: number;
  endTime: number;
  samples: number[];
  /** Microseconds since the previous sample (the first: since startTime). */
  timeDeltas: number[];
};

export type ProfileSummary = {
  samples: number;
  /** Share of the window's samples (0-1) by function, largest first. */
  self: { name: string; share: number }[];
  gc: number;
  idle: number;
};

function frameName(f: CallFrame): string {
  if (!f.url) return f.functionName || "(anonymous)";
  const file = f.url.replace(/^.*node_modules\//, "").replace(/^.*\/(server|packages|bench)\//, "$1/");
  return `${f.functionName || "(anonymous)"} ${file}:${f.lineNumber + 1}`;
}

/** The samples taken from `fromEndS` to `toEndS` seconds before the profile ended. */
export function summarizeProfile(p: CpuProfile, fromEndS: number, toEndS = 0): ProfileSummary {
  const names = new Map(p.nodes.map((n) => [n.id, frameName(n.callFrame)]));
  const lo = p.endTime - fromEndS * 1e6;
  const hi = p.endTime - toEndS * 1e6;
  const counts = new Map<string, number>();
  let t = p.startTime;
  let total = 0;
  for (const [i, id] of p.samples.entries()) {
    t += p.timeDeltas[i] ?? 0;
    if (t < lo || t > hi) continue;
    total++;
    const name = names.get(id) ?? "(unknown)";
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  const share = (name: string) => (total ? (counts.get(name) ?? 0) / total : 0);
  return {
    samples: total,
    self: [...counts].sort((a, b) => b[1] - a[1]).map(([name, n]) => ({ name, share: n / total })),
    gc: share("(garbage collector)"),
    idle: share("(idle)"),
  };
}
