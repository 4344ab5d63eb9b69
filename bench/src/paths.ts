import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const BENCH_ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
export const REPO_ROOT = join(BENCH_ROOT, "..");
export const CACHE_DIR = join(BENCH_ROOT, ".cache");
export const RESULTS_DIR = join(BENCH_ROOT, "results");
