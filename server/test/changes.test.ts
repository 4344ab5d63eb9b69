/** The change bus's payload (server/src/changes.ts): the keys a commit touched cross processes when they fit one NOTIFY. */
import { describe, expect, it } from "vitest";
import { API_WRITE, API_WRITE_TOPIC, FOLLOWS_TOPIC, MANAGER_TOPIC, PROFILE_TOPIC } from "../src/api/commit-signal.ts";
import { PORTFOLIO_TOPIC } from "../src/api/queries/portfolios.ts";
import { MARKETS_SENDER_TOPIC } from "../src/api/queries/predict-books.ts";
import { GOVERNANCE_PROPOSAL_TOPIC, GOVERNANCE_QUORUM_TOPIC } from "../src/api/queries/proposal-versions.ts";
import { REACTOR_TOPIC } from "../src/api/queries/social-reactors.ts";
import { POINTS_ADDRESS_TOPIC, RACES_ACCOUNT_TOPIC, RACES_ROUND_TOPIC, RACES_SETTLED_TOPIC } from "../src/api/races.ts";
import { SOCIAL_TOPIC } from "../src/api/social.ts";
import { TRADES_TOPIC } from "../src/api/trades.ts";
import { CHANGE_PAYLOAD_MAX, CHANGES_VERSION, decodeChange, encodeChange } from "../src/changes.ts";

describe("change payloads", () => {
  it("carry the touched keys, and read back as they were sent", () => {
    const change = { touched: { "trades.user": ["0xabc", "0xdef"], "other.topic": [] } };
    const payload = encodeChange("me123456", 31337, change);
    expect(decodeChange(payload)).toEqual({ from: "me123456", chainId: 31337, change });
    // an API write crosses as itself, so indexed-row caches on the other servers keep their entries
    expect(decodeChange(encodeChange("me123456", 31337, API_WRITE)).change).toEqual(API_WRITE);
  });

  it("say 'anything changed' when no keys are known, too many to fit, or unreadable", () => {
    expect(decodeChange(encodeChange("a", 1))).toEqual({ from: "a", chainId: 1 });
    const many = {
      touched: { "trades.user": Array.from({ length: 400 }, (_, i) => `0x${String(i).padStart(40, "0")}`) },
    };
    const big = encodeChange("a", 8453, many);
    expect(big).toBe(`a/v${CHANGES_VERSION}:8453`);
    expect(Buffer.byteLength(JSON.stringify(many.touched))).toBeGreaterThan(CHANGE_PAYLOAD_MAX);
    expect(decodeChange(big).change).toBeUndefined();
    for (const bad of ['a:1:{"t":', 'a:1:["x"]', 'a:1:{"t":[1]}', 'a:1:{"t":"x"}', "a:1:null"])
      expect(decodeChange(bad), bad).toEqual({ from: "a", chainId: 1 });
  });

  it("an older server's payload (from:chain) still reads", () => {
    expect(decodeChange("0f1e2d3c:31337")).toEqual({ from: "0f1e2d3c", chainId: 31337 });
  });

  it("keys from a server of another version say 'anything changed' (a rolling deploy's previous release)", () => {
    const change = { touched: { "trades.user": ["0xabc"] } };
    expect(encodeChange("me123456", 1, change)).toBe(`me123456/v${CHANGES_VERSION}:1:{"trades.user":["0xabc"]}`);
    // before version 2 a payload carried no version: its keys may name topics this release reads otherwise
    expect(decodeChange('0f1e2d3c:1:{"trades.user":["0xabc"]}')).toEqual({ from: "0f1e2d3c", chainId: 1 });
    expect(decodeChange(`0f1e2d3c/v${CHANGES_VERSION + 1}:1:{"trades.user":["0xabc"]}`)).toEqual({
      from: "0f1e2d3c",
      chainId: 1,
    });
    expect(decodeChange(`0f1e2d3c/v${CHANGES_VERSION}:1:{"trades.user":["0xabc"]}`).change).toEqual(change);
  });

  // Renaming a topic or changing what its keys are makes servers of two releases misread each other's
  // changes: such a change must bump CHANGES_VERSION, and then this list with it.
  it("the topics are the ones this version of the bus was written for", () => {
    const topics = [
      API_WRITE_TOPIC,
      PROFILE_TOPIC,
      FOLLOWS_TOPIC,
      MANAGER_TOPIC,
      TRADES_TOPIC,
      RACES_ROUND_TOPIC,
      RACES_ACCOUNT_TOPIC,
      RACES_SETTLED_TOPIC,
      POINTS_ADDRESS_TOPIC,
      SOCIAL_TOPIC,
      REACTOR_TOPIC,
      MARKETS_SENDER_TOPIC,
      GOVERNANCE_PROPOSAL_TOPIC,
      GOVERNANCE_QUORUM_TOPIC,
      PORTFOLIO_TOPIC,
    ].sort();
    expect({ version: CHANGES_VERSION, topics }).toEqual({
      version: 2,
      topics: [
        "api.write",
        "governance.proposal",
        "governance.quorum",
        "markets.sender",
        "people.follows",
        "people.manager",
        "people.profile",
        "points.address",
        "portfolios.portfolio",
        "races.account",
        "races.round",
        "races.settled",
        "social.reactor",
        "social.topic",
        "trades.user",
      ],
    });
  });
});
