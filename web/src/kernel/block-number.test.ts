import { createClient, custom } from "viem";
import { afterEach, describe, expect, it } from "vitest";
import { blockPollIntervalMs, runningHeadPollers, useBlockNumbers, watchHead } from "./block-number.ts";

/** A client whose node answers eth_blockNumber with `head` and counts the requests. */
function fakeNode(start: number) {
  const node = { head: start, requests: 0 };
  const client = createClient({
    transport: custom({
      async request({ method }) {
        if (method !== "eth_blockNumber") throw new Error(`unexpected ${method}`);
        node.requests += 1;
        return `0x${node.head.toString(16)}`;
      },
    }),
  });
  return { node, client };
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("the one head-block source", () => {
  afterEach(() => useBlockNumbers.setState({ byChain: {} }));

  it("polls no slower than each chain's block time and no faster than 1 s", () => {
    const blockTimeMs: Record<number, number> = { 1: 12_000, 137: 2_000, 8453: 2_000, 167000: 12_000, 31337: 1_000 };
    for (const [id, bt] of Object.entries(blockTimeMs)) {
      const ms = blockPollIntervalMs(Number(id));
      expect(ms).toBeLessThanOrEqual(bt);
      expect(ms).toBeGreaterThanOrEqual(1_000);
    }
  });

  it("runs one poller per chain however many watch it (header and tracker), and stops with the last", async () => {
    const header = fakeNode(100);
    const tracker = fakeNode(100);
    const releaseHeader = watchHead(header.client, 7001, 100);
    const releaseTracker = watchHead(tracker.client, 7001, 100);
    expect(runningHeadPollers()).toBe(1);
    await wait(450);
    // the second watcher shares the first one's poller: its client is never asked
    expect(tracker.node.requests).toBe(0);
    expect(header.node.requests).toBeGreaterThanOrEqual(2);
    expect(header.node.requests).toBeLessThanOrEqual(6);
    expect(useBlockNumbers.getState().byChain[7001]).toBe(100);
    header.node.head = 101;
    await wait(350);
    expect(useBlockNumbers.getState().byChain[7001]).toBe(101);

    releaseHeader();
    releaseHeader(); // a second release of the same watcher changes nothing
    expect(runningHeadPollers()).toBe(1);
    releaseTracker();
    expect(runningHeadPollers()).toBe(0);
    const after = header.node.requests;
    await wait(300);
    expect(header.node.requests).toBe(after);
  });

  it("keeps chains apart", async () => {
    const a = fakeNode(5);
    const b = fakeNode(9);
    const ra = watchHead(a.client, 7002, 100);
    const rb = watchHead(b.client, 7003, 100);
    expect(runningHeadPollers()).toBe(2);
    await wait(300);
    expect(useBlockNumbers.getState().byChain[7002]).toBe(5);
    expect(useBlockNumbers.getState().byChain[7003]).toBe(9);
    ra();
    rb();
    expect(runningHeadPollers()).toBe(0);
  });
});
