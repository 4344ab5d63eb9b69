import { UserRejectedRequestError } from "viem";
import { describe, expect, it } from "vitest";
import { ApiWriteError } from "../../kernel/api.ts";
import { WriteError } from "../transactions/index.ts";
import { BALLOT_TYPES, failureOf } from "./writes.ts";

describe("governance writes", () => {
  it("a wallet's refusal (4001) reads as cancelled, at signing or at sending", () => {
    const rejected = new UserRejectedRequestError(new Error("User rejected the request."));
    expect(failureOf(rejected)).toEqual({ kind: "cancelled" });
    expect(failureOf(new WriteError("send", rejected))).toEqual({ kind: "cancelled" });
  });

  it("the relay's 404 means gasless voting is not available; its other refusals keep their text", () => {
    const url = "/api/local/sofi/vote";
    expect(failureOf(new ApiWriteError(url, 404, "Gasless voting is not available on this server", null))).toEqual({
      kind: "relayUnavailable",
    });
    expect(failureOf(new ApiWriteError(url, 400, "The vote would fail: GovernorAlreadyCastVote", null))).toEqual({
      kind: "message",
      message: "The vote would fail: GovernorAlreadyCastVote",
    });
  });

  it("the ballot is SofiGovernor's EIP-712 Ballot(proposalId, support, voter, nonce)", () => {
    expect(BALLOT_TYPES.Ballot.map((f) => `${f.type} ${f.name}`)).toEqual([
      "uint256 proposalId",
      "uint8 support",
      "address voter",
      "uint256 nonce",
    ]);
  });
});
