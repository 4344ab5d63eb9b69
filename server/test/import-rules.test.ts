/**
 * The server's import rules of issue 17 as biome.json enforces them: areas do not import areas, a
 * module never imports another module, and jobs read through the services they are given. Lints a
 * few lines as if they were a file at `path`, in a scratch copy of the repository's layout with its
 * biome.json (nothing is written into the working tree).
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const BIOME = join(ROOT, "node_modules", ".bin", "biome");

function restricted(path: string, ...lines: string[]): boolean {
  const dir = mkdtempSync(join(tmpdir(), "server-import-rules-"));
  try {
    const config = JSON.parse(readFileSync(join(ROOT, "biome.json"), "utf8"));
    delete config.$schema;
    config.vcs = { enabled: false };
    config.files = { includes: ["**"] };
    writeFileSync(join(dir, "biome.json"), JSON.stringify(config));
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), `${lines.join("\n")}\nexport const used = 1;\n`);
    const r = spawnSync(BIOME, ["lint", path], { cwd: dir, encoding: "utf8" });
    const out = `${r.stdout}${r.stderr}`;
    if (!/Checked 1 file/.test(out)) throw new Error(`biome did not lint ${path}:\n${out}`);
    return out.includes("noRestrictedImports");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("server import rules (biome.json)", () => {
  it("Biome is installed (a root devDependency): these tests never skip", () => {
    expect(existsSync(BIOME), `${BIOME} is missing: run npm install at the repository root`).toBe(true);
  });

  it("an area imports its own queries and the shared API helpers", () => {
    expect(
      restricted(
        "server/src/api/example.ts",
        'import type { ApiArea } from "./area.ts";',
        'import { limitBody } from "./validate.ts";',
        'import { requireSignedWrite } from "./signed.ts";',
        'import { listManagers } from "./queries/managers.ts";',
        'import type { Services } from "../modules/services.ts";',
        'import type { Db } from "../db/client.ts";',
      ),
    ).toBe(false);
  });

  it("an area never imports another area, a module, a job, the indexer or the process wiring", () => {
    for (const line of [
      'import { portfoliosArea } from "./portfolios.ts";',
      'import { faucetModule } from "../modules/faucet.ts";',
      'import { MODULES } from "../modules/index.ts";',
      'import { startAlertsWorker } from "../jobs/alerts.ts";',
      'import { ChainIndexer } from "../indexer/engine.ts";',
      'import { startServer } from "../server.ts";',
    ])
      expect(restricted("server/src/api/example.ts", line), line).toBe(true);
  });

  it("a module imports its own capability's parts, never another module", () => {
    expect(
      restricted(
        "server/src/modules/example.ts",
        'import { defineModule } from "./module.ts";',
        'import type { Services } from "./services.ts";',
        'import { faucetArea } from "../api/faucet.ts";',
      ),
    ).toBe(false);
    expect(restricted("server/src/modules/example.ts", 'import { faucetModule } from "./faucet.ts";')).toBe(true);
  });

  it("a job reads through the services it is given, never an area, its queries or the indexer", () => {
    expect(
      restricted(
        "server/src/jobs/example.ts",
        'import type { ChainRuntime } from "../api/area.ts";',
        'import type { Services } from "../modules/services.ts";',
        'import type { Db } from "../db/client.ts";',
      ),
    ).toBe(false);
    for (const line of [
      'import { portfoliosArea } from "../api/portfolios.ts";',
      'import { PortfolioReader } from "../api/queries/portfolios.ts";',
      'import { ChainIndexer } from "../indexer/engine.ts";',
      'import { alertsModule } from "../modules/alerts.ts";',
    ])
      expect(restricted("server/src/jobs/example.ts", line), line).toBe(true);
  });
});
