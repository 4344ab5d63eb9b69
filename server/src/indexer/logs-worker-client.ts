/** Main-thread side of logs-worker.mjs: one worker per indexer, requests matched by id. */
import { Worker } from "node:worker_threads";
import type { FetchedLogs, RangeJob } from "./fetch-range.mjs";

export class LogsWorker {
  private readonly worker: Worker;
  private next = 0;
  private readonly pending = new Map<number, { resolve: (r: FetchedLogs) => void; reject: (e: Error) => void }>();

  constructor(private readonly rpcUrl: string) {
    this.worker = new Worker(new URL("./logs-worker.mjs", import.meta.url));
    this.worker.on("message", (m: { id: number; ok: boolean; result?: FetchedLogs; error?: string }) => {
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      if (m.ok && m.result) p.resolve(m.result);
      else p.reject(new Error(m.error ?? "logs worker failed"));
    });
    this.worker.on("error", (e) => this.failAll(e));
    this.worker.on("exit", () => this.failAll(new Error("logs worker exited")));
    // After the listeners (adding a message listener refs the worker again): never keeps the process alive.
    this.worker.unref();
  }

  private failAll(e: Error) {
    for (const p of this.pending.values()) p.reject(e);
    this.pending.clear();
  }

  fetch(job: RangeJob): Promise<FetchedLogs> {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, rpcUrl: this.rpcUrl, job });
    });
  }

  async close(): Promise<void> {
    await this.worker.terminate();
  }
}
