import type { ChildProcess } from "node:child_process";

const live = new Set<ChildProcess>();
let installed = false;

/**
 * Remembers a child process (anvil, a server under load) so it is killed if the bench exits early:
 * on an error, Ctrl-C or SIGTERM no anvil or server is left behind.
 */
export function track(child: ChildProcess): void {
  live.add(child);
  child.once("exit", () => live.delete(child));
  if (installed) return;
  installed = true;
  process.once("exit", () => {
    for (const c of live) c.kill("SIGKILL");
  });
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => process.exit(130));
  }
}
