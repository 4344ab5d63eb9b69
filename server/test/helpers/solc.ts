/** Compiles a test fixture contract with the `solc` npm compiler (no downloads). */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Abi, Hex } from "viem";

const require = createRequire(import.meta.url);

export function compileFixture(file: string, contract: string): { abi: Abi; bytecode: Hex } {
  const solc = require("solc") as { compile(input: string): string };
  const source = readFileSync(new URL(`../fixtures/${file}`, import.meta.url), "utf8");
  const out = JSON.parse(
    solc.compile(
      JSON.stringify({
        language: "Solidity",
        sources: { [file]: { content: source } },
        settings: { outputSelection: { "*": { "*": ["abi", "evm.bytecode.object"] } } },
      }),
    ),
  ) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
  };
  const errors = (out.errors ?? []).filter((e) => e.severity === "error");
  if (errors.length) throw new Error(errors.map((e) => e.formattedMessage).join("\n"));
  const c = out.contracts[file]?.[contract];
  if (!c) throw new Error(`${contract} not found in ${file}`);
  return { abi: c.abi, bytecode: `0x${c.evm.bytecode.object}` };
}
