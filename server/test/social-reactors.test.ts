/**
 * SocialReactors (issue 21 §1): who reacted to anything on the feed, held in memory so that every
 * other viewer reads the shared page. A viewer is "quiet" only when the held set says so: never
 * before it is read, never past its bound, never without a signal; a reaction heard on the bus
 * joins at once; a change that cannot say what changed reads the set again; an old set is read again.
 */
import { describe, expect, it } from "vitest";
import { CommitSignal } from "../src/api/commit-signal.ts";
import { REACTOR_TOPIC, SocialReactors } from "../src/api/queries/social-reactors.ts";

const A = "0x00000000000000000000000000000000000000aa";
const B = "0x00000000000000000000000000000000000000bb";
const C = "0x00000000000000000000000000000000000000cc";
const tick = () => new Promise((r) => setTimeout(r, 0));

/** `maxAgeMs` null: the reactors' default (the signal's `keptMs`). */
function setup(rows: string[], max = 10, maxAgeMs: number | null = 60_000, keptMs?: number) {
  const commits = new CommitSignal(keptMs);
  let now = 0;
  let reads = 0;
  const reactors = new SocialReactors(
    {
      reactors: async () => {
        reads++;
        return [...rows];
      },
    },
    commits,
    max,
    maxAgeMs ?? undefined,
    () => now,
  );
  return { commits, reactors, reads: () => reads, at: (t: number) => (now = t) };
}

describe("social reactors", () => {
  it("nobody is quiet until the set is read; then exactly those outside it", async () => {
    const { reactors } = setup([A]);
    expect(reactors.quiet(B)).toBe(false);
    await reactors.load();
    expect(reactors.quiet(B)).toBe(true);
    expect(reactors.quiet(A)).toBe(false);
    expect(reactors.size).toBe(1);
  });

  it("a reaction here or heard on the bus joins at once, also while the set is being read", async () => {
    const { commits, reactors } = setup([A]);
    const loading = reactors.load();
    reactors.add(B); // written after the load's read began
    await loading;
    expect(reactors.quiet(B)).toBe(false);
    commits.emit({ touched: { [REACTOR_TOPIC]: [C.toUpperCase().replace("0X", "0x")] } });
    expect(reactors.quiet(C)).toBe(false);
    // another area's write names no reactor: nothing changes
    commits.emit({ touched: { "api.write": [] } });
    expect(reactors.quiet("0x00000000000000000000000000000000000000dd")).toBe(true);
  });

  it("a change that cannot say what changed reads the set again; nobody is quiet meanwhile", async () => {
    const rows = [A];
    const { commits, reactors, reads } = setup(rows);
    await reactors.load();
    rows.push(B); // a reaction whose signal was lost
    commits.emit();
    expect(reactors.quiet(C)).toBe(false);
    await tick();
    await tick();
    expect(reactors.quiet(B)).toBe(false);
    expect(reactors.quiet(C)).toBe(true);
    expect(reads()).toBe(2);
  });

  it("an old set is read again (served meanwhile)", async () => {
    const rows = [A];
    const { reactors, reads, at } = setup(rows, 10, 1_000);
    await reactors.load();
    rows.push(B);
    at(999);
    expect(reactors.quiet(B)).toBe(true);
    at(1_000);
    expect(reactors.quiet(B)).toBe(true); // the old set answers while the new one is read
    await tick();
    await tick();
    expect(reactors.quiet(B)).toBe(false);
    expect(reads()).toBe(2);
  });

  it("without its own age, the set is read again at the kept replies' time (the signal's)", async () => {
    const rows = [A];
    const { reactors, reads, at } = setup(rows, 10, null, 2_000);
    await reactors.load();
    rows.push(B);
    at(1_999);
    reactors.quiet(B);
    await tick();
    expect(reads()).toBe(1);
    at(2_000);
    reactors.quiet(B);
    await tick();
    await tick();
    expect(reactors.quiet(B)).toBe(false);
    expect(reads()).toBe(2);
  });

  it("too many to hold, or no signal to keep it exact: nobody is ever quiet", async () => {
    const many = setup([A, B, C], 2);
    await many.reactors.load();
    expect(many.reactors.off).toBe(true);
    expect(many.reactors.quiet("0x00000000000000000000000000000000000000dd")).toBe(false);
    const deaf = new SocialReactors({ reactors: async () => [] }, undefined);
    await deaf.load();
    expect(deaf.quiet(A)).toBe(false);
  });
});
