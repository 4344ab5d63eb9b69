/**
 * A capability's server module (issue 17): one manifest that declares everything the capability
 * contributes — its configuration slice, indexer handlers, API areas and their body limits,
 * per-chain services, background jobs — and the capabilities it needs. The server, its config, its
 * API and its indexer are folds over the module list (modules/index.ts); nothing else wires a
 * capability in. A module reads another capability's data only through a named service it is
 * given (services.ts), never by importing that capability's files (Biome enforces it).
 */
import type { Capability } from "@sofi/core";
import type { ZodType, z } from "zod";
import type { ApiArea, AppDeps, ChainRuntime } from "../api/area.ts";
import type { Handler } from "../indexer/handler.ts";
import type { ServiceHub, Services } from "./services.ts";

/**
 * A module's slice of the configuration: a zod schema over the environment (its own variables,
 * with defaults and the messages a wrong value gets) and the slice built from the parsed values.
 */
export type ConfigSlice<T> = { env: ZodType; build(parsed: Record<string, unknown>): T };

/** Declares a configuration slice; `build` gets `env`'s parsed output. */
export function configSlice<S extends ZodType, T>(env: S, build: (parsed: z.output<S>) => T): ConfigSlice<T> {
  return { env, build: build as (parsed: Record<string, unknown>) => T };
}

/** What a job gets: the app's deps, its chain, the services, a log. */
export type JobContext = { deps: AppDeps; chain: ChainRuntime; services: ServiceHub; log: (msg: string) => void };

/** A started job. */
export type RunningJob = { stop(): Promise<void> };

export type Job = {
  name: string;
  /**
   * True: it acts on the world (posts an alert, settles a round, sends a transaction), so it runs
   * only where the chain's indexer leader runs and stops when leadership is lost: two servers never
   * both do it. False: it runs in every process with the indexer role (idempotent work).
   */
  exactlyOnce: boolean;
  /** Starts the job on one chain; null when there is nothing to run there (e.g. switched off by config). */
  start(ctx: JobContext): RunningJob | null;
};

/** Builds a per-chain service from the app's deps (and the services it needs). */
export type ServiceFactory<T> = (deps: AppDeps, chain: ChainRuntime, services: ServiceHub) => T;

export type ServerModule = {
  name: Capability;
  /** Capabilities it cannot work without: switched off with them (CAPABILITIES_OFF). */
  requires?: readonly Capability[];
  /** Its tables (its part of server/src/db/schema/; one migration history for all in server/drizzle). */
  tables?: Readonly<Record<string, unknown>>;
  /** Its configuration slice, found at `config[name]`. */
  config?: ConfigSlice<unknown>;
  /** Indexer handlers (each with its tables, sources and rollback). */
  handlers?: readonly Handler[];
  /** API areas mounted under `/api/:chain`. */
  areas?: readonly ApiArea[];
  /**
   * Routes that take more than the API's default body limit and enforce their own with `limitBody`
   * (image uploads), as regular expressions over the request path.
   */
  largeBodyRoutes?: readonly RegExp[];
  /** Per-chain services it provides to other modules, by name. */
  provides?: { [K in keyof Services]?: ServiceFactory<Services[K]> };
  jobs?: readonly Job[];
};

/** Keeps a module's literal name and config type (for ServerConfig's slices). */
export function defineModule<const M extends ServerModule>(m: M): M {
  return m;
}
