/**
 * The folds over the module list: which modules are on (CAPABILITIES_OFF and their `requires`),
 * and what they contribute together — configuration slices, indexer handlers, API areas, body
 * limits, services, jobs.
 */
import type { Capability } from "@sofi/core";
import type { z } from "zod";
import type { ApiArea } from "../api/area.ts";
import type { Handler } from "../indexer/handler.ts";
import { MODULES } from "./index.ts";
import type { ConfigSlice, Job, ServerModule, ServiceFactory } from "./module.ts";
import { ServiceHub, type ServiceName } from "./services.ts";

type AllModules = (typeof MODULES)[number];
type SliceOf<M> = M extends { config: ConfigSlice<infer T> } ? T : never;
/** Each module's configuration slice, under its name (e.g. `config.faucet`). */
export type ModuleConfigs = {
  [M in AllModules as M extends { config: ConfigSlice<unknown> } ? M["name"] : never]: SliceOf<M>;
};

/**
 * The modules that are on: every module minus `off`, and minus every module that requires one that
 * is off (transitively). `why` says, for each module off, the reason.
 */
export function activeModules(
  off: ReadonlySet<Capability>,
  all: readonly ServerModule[] = MODULES,
): { modules: ServerModule[]; why: Map<Capability, string> } {
  const why = new Map<Capability, string>();
  for (const name of off) why.set(name, "CAPABILITIES_OFF");
  let changed = true;
  while (changed) {
    changed = false;
    for (const m of all) {
      if (why.has(m.name)) continue;
      const missing = (m.requires ?? []).find((r) => why.has(r) || !all.some((x) => x.name === r));
      if (missing) {
        why.set(m.name, `needs ${missing}`);
        changed = true;
      }
    }
  }
  return { modules: all.filter((m) => !why.has(m.name)), why };
}

/** The configuration slices of `all` modules from the environment (every module's, on or off). */
export function parseSlices(
  env: NodeJS.ProcessEnv,
  overrides: Record<string, unknown>,
  fail: (msg: string) => never,
  all: readonly ServerModule[] = MODULES,
): ModuleConfigs {
  const out: Record<string, unknown> = {};
  for (const m of all) {
    if (!m.config) continue;
    if (overrides[m.name] !== undefined) {
      out[m.name] = overrides[m.name];
      continue;
    }
    const parsed = (m.config.env as z.ZodType).safeParse(env);
    if (!parsed.success) fail(parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; "));
    out[m.name] = m.config.build(parsed.data as Record<string, unknown>);
  }
  return out as ModuleConfigs;
}

export const handlersOf = (modules: readonly ServerModule[]): Handler[] => modules.flatMap((m) => m.handlers ?? []);
/** Every capability's handlers, in the modules' order (tests and the bench index the whole product). */
export const ALL_HANDLERS: readonly Handler[] = handlersOf(MODULES);
export const areasOf = (modules: readonly ServerModule[]): ApiArea[] => modules.flatMap((m) => m.areas ?? []);
export const largeBodyRoutesOf = (modules: readonly ServerModule[]): RegExp[] =>
  modules.flatMap((m) => m.largeBodyRoutes ?? []);
export const jobsOf = (modules: readonly ServerModule[]): Job[] => modules.flatMap((m) => m.jobs ?? []);

/** The services the modules that are on provide (a name provided twice is a mistake). */
export function serviceHubOf(modules: readonly ServerModule[]): ServiceHub {
  const providers = new Map<ServiceName, ServiceFactory<unknown>>();
  for (const m of modules)
    for (const [name, factory] of Object.entries(m.provides ?? {})) {
      if (providers.has(name as ServiceName)) throw new Error(`service ${name} is provided twice (${m.name})`);
      providers.set(name as ServiceName, factory as ServiceFactory<unknown>);
    }
  return new ServiceHub(providers);
}
