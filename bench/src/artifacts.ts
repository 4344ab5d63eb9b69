import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { Abi, Hex } from "viem";
import { CACHE_DIR, REPO_ROOT } from "./paths.ts";

export type Artifact = { abi: Abi; bytecode: Hex };

const require = createRequire(import.meta.url);
const SOURCE = join(REPO_ROOT, "contracts/src/bench/SwapBatcher.sol");
const NAMES = ["SwapBatcher", "BenchToken"] as const;
type BenchContract = (typeof NAMES)[number];

function hex(s: string): Hex {
  return (s.startsWith("0x") ? s : `0x${s}`) as Hex;
}

/** Uniswap V2 core artifacts straight from the npm package (the audited bytecode). */
export function uniswapArtifact(name: "UniswapV2Factory" | "UniswapV2Pair"): Artifact {
  const a = require(`@uniswap/v2-core/build/${name}.json`) as { abi: Abi; bytecode: string };
  return { abi: a.abi, bytecode: hex(a.bytecode) };
}

/** forge's output when the contracts project has been built after the source last changed. */
function fromForgeOut(name: BenchContract): Artifact | undefined {
  const file = join(REPO_ROOT, "contracts/out/SwapBatcher.sol", `${name}.json`);
  if (!existsSync(file) || statSync(file).mtimeMs < statSync(SOURCE).mtimeMs) return undefined;
  const a = JSON.parse(readFileSync(file, "utf8")) as { abi: Abi; bytecode: { object: string } };
  if (!a.bytecode?.object || a.bytecode.object === "0x") return undefined;
  return { abi: a.abi, bytecode: hex(a.bytecode.object) };
}

type SolcOutput = {
  errors?: { severity: string; formattedMessage: string }[];
  contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
};

/** Fallback when forge has not built it: compile the one self-contained file with the solc npm module. */
function compileWithSolc(): Record<BenchContract, Artifact> {
  const cacheFile = join(CACHE_DIR, "solc-bench-artifacts.json");
  if (existsSync(cacheFile) && statSync(cacheFile).mtimeMs >= statSync(SOURCE).mtimeMs) {
    return JSON.parse(readFileSync(cacheFile, "utf8")) as Record<BenchContract, Artifact>;
  }
  const solc = require("solc") as { compile(input: string): string };
  const input = {
    language: "Solidity",
    sources: { "SwapBatcher.sol": { content: readFileSync(SOURCE, "utf8") } },
    settings: {
      optimizer: { enabled: true, runs: 200 },
      outputSelection: { "*": { "*": ["abi", "evm.bytecode.object"] } },
    },
  };
  const out = JSON.parse(solc.compile(JSON.stringify(input))) as SolcOutput;
  const errors = (out.errors ?? []).filter((e) => e.severity === "error");
  if (errors.length > 0) throw new Error(`solc: ${errors.map((e) => e.formattedMessage).join("\n")}`);
  const file = out.contracts["SwapBatcher.sol"];
  if (!file) throw new Error("solc produced no output for SwapBatcher.sol");
  const result = {} as Record<BenchContract, Artifact>;
  for (const name of NAMES) {
    const c = file[name];
    if (!c) throw new Error(`solc produced no ${name}`);
    result[name] = { abi: c.abi, bytecode: hex(c.evm.bytecode.object) };
  }
  mkdirSync(dirname(cacheFile), { recursive: true });
  writeFileSync(cacheFile, JSON.stringify(result));
  return result;
}

/** SwapBatcher / BenchToken from contracts/out (forge) when fresh, else compiled here with solc. */
export function benchArtifact(name: BenchContract): Artifact {
  return fromForgeOut(name) ?? compileWithSolc()[name];
}
