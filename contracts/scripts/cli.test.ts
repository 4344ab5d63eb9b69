import { describe, expect, it } from "vitest";
import { main } from "./cli.ts";

describe("deploy CLI argument checks (before any network call)", () => {
  it("requires an RPC URL", async () => {
    const saved = process.env.RPC_URL;
    delete process.env.RPC_URL;
    try {
      await expect(main([])).rejects.toThrow(/--rpc is required/);
    } finally {
      if (saved !== undefined) process.env.RPC_URL = saved;
    }
  });

  it("refuses a non-local RPC without DEPLOYER_PRIVATE_KEY", async () => {
    const saved = process.env.DEPLOYER_PRIVATE_KEY;
    delete process.env.DEPLOYER_PRIVATE_KEY;
    try {
      await expect(main(["--rpc", "https://sepolia.base.org"])).rejects.toThrow(/DEPLOYER_PRIVATE_KEY/);
    } finally {
      if (saved !== undefined) process.env.DEPLOYER_PRIVATE_KEY = saved;
    }
  });

  it("refuses a malformed key", async () => {
    await expect(main(["--rpc", "http://127.0.0.1:1", "--key", "0x1234"])).rejects.toThrow(/64 hex digits/);
  });

  it("refuses negative or non-numeric --days", async () => {
    await expect(main(["--rpc", "http://127.0.0.1:1", "--days", "-1"])).rejects.toThrow(/--days/);
    await expect(main(["--rpc", "http://127.0.0.1:1", "--days", "abc"])).rejects.toThrow(/--days/);
  });
});
