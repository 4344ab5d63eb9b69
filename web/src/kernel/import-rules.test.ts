import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * The import rules of DESIGN.md ("How a capability plugs in") as biome.json enforces them: lints
 * a few lines as if they were a file at `path` (in a scratch copy of the repository's layout with
 * its biome.json, so nothing is written into the working tree) and returns Biome's output.
 */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const BIOME = join(ROOT, "node_modules", ".bin", "biome");

function lint(path: string, code: string): string {
  const dir = mkdtempSync(join(tmpdir(), "import-rules-"));
  try {
    const config = JSON.parse(readFileSync(join(ROOT, "biome.json"), "utf8"));
    delete config.$schema;
    config.vcs = { enabled: false };
    config.files = { includes: ["**"] };
    writeFileSync(join(dir, "biome.json"), JSON.stringify(config));
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), code);
    const r = spawnSync(BIOME, ["lint", path], { cwd: dir, encoding: "utf8" });
    const out = `${r.stdout}${r.stderr}`;
    if (!/Checked 1 file/.test(out)) throw new Error(`biome did not lint ${path}:\n${out}`);
    return out;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const restricted = (out: string) => out.includes("noRestrictedImports");

describe("import rules (biome.json)", () => {
  it("Biome is installed (a root devDependency): this test never skips", () => {
    expect(existsSync(BIOME), `${BIOME} is missing: run npm install at the repository root`).toBe(true);
  });

  it("a feature may import the kernel, i18n, its own files and other features' index.ts", () => {
    const out = lint(
      "web/src/features/swap/example.ts",
      [
        'import { useSettings } from "../../kernel/settings-store.ts";',
        'import { initI18n } from "../../i18n/index.ts";',
        'import { useChainTokens } from "../tokens/index.ts";',
        'import { sameToken } from "./tokens.ts";',
        "export const used = [useSettings, initI18n, useChainTokens, sameToken];",
      ].join("\n"),
    );
    expect(restricted(out)).toBe(false);
  });

  it("a feature may not reach into another feature's files or into app/", () => {
    for (const line of [
      'import { useChainTokens } from "../tokens/hooks.ts";',
      'import { ROUTES } from "../../app/routes.tsx";',
      'import { useChainTokens } from "../../tokens/hooks.ts";',
      // Another feature's manifest is the app's to list, not a feature's to import (issue 17).
      'import { feature } from "../faucet/feature.ts";',
    ]) {
      const path = line.includes('"../../tokens') ? "web/src/features/swap/views/x.ts" : "web/src/features/swap/x.ts";
      expect(restricted(lint(path, `${line}\nexport const used = [${line.match(/\{ (\w+) \}/)?.[1]}];`)), line).toBe(
        true,
      );
    }
  });

  it("the kernel imports no feature and nothing from app/", () => {
    expect(
      restricted(lint("web/src/kernel/x.ts", 'import { a } from "../features/swap/index.ts";\nexport { a };')),
    ).toBe(true);
    expect(restricted(lint("web/src/kernel/x.ts", 'import { b } from "../app/routes.tsx";\nexport { b };'))).toBe(true);
  });
});
