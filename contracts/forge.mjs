#!/usr/bin/env node
// Runs Foundry's forge binary from its platform package and exits with forge's own exit code.
// The npm wrapper (@foundry-rs/forge's bin.mjs) does not pass the child's exit code on, so
// `forge test` through it exits 0 even when tests fail; CI must see failures.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const require = createRequire(import.meta.url);
const os = process.platform;
const arch = process.arch === "x64" ? "amd64" : process.arch;
const exe = os === "win32" ? "forge.exe" : "forge";
const bin = join(dirname(require.resolve(`@foundry-rs/forge-${os}-${arch}/package.json`)), "bin", exe);
if (!existsSync(bin)) {
  console.error(`forge binary missing at ${bin}`);
  process.exit(1);
}
const child = spawn(bin, process.argv.slice(2), { stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
