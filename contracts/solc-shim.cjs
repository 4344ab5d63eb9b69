#!/usr/bin/env node
// forge's `solc` setting points here: a solc command line (--version, --standard-json on stdin)
// backed by the `solc` npm package, so forge builds offline with no compiler download.
const solc = require("solc");
if (process.argv.includes("--version")) {
  process.stdout.write(`solc, the solidity compiler commandline interface\nVersion: ${solc.version()}\n`);
  process.exit(0);
}
let input = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (d) => {
  input += d;
});
process.stdin.on("end", () => {
  const fs = require("node:fs");
  const path = require("node:path");
  const findImports = (p) => {
    try {
      return { contents: fs.readFileSync(path.resolve(p), "utf8") };
    } catch {
      return { error: `File not found: ${p}` };
    }
  };
  process.stdout.write(solc.compile(input, { import: findImports }));
});
