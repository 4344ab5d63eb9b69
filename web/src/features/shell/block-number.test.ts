import { describe, expect, it } from "vitest";
import { blockExplorerUrl } from "./block-number.ts";

describe("block-number indicator helpers", () => {
  it("links to the explorer's block page, none for the local chain", () => {
    expect(blockExplorerUrl("https://basescan.org", 123n)).toBe("https://basescan.org/block/123");
    expect(blockExplorerUrl("https://etherscan.io/", 5)).toBe("https://etherscan.io/block/5");
    expect(blockExplorerUrl("", 5n)).toBeNull();
    expect(blockExplorerUrl(undefined, 5n)).toBeNull();
  });
});
