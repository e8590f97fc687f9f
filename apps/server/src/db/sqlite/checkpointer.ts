import { Worker } from 'node:worker_threads';

/** The background checkpointer runs at most this often. */
const CHECKPOINT_INTERVAL_MS = 50;

/**
 * Checkpoints in a worker thread (checkpoint-worker.js) with its own connection to the database file.
 * A checkpoint copies the WAL back into the database and syncs both to disk; done by the connection
 * that commits (SQLite's default, every 1000 WAL pages) it stalls the event loop for two fsyncs and
 * the copying.
 *
 * The writer asks for a checkpoint after it commits, at most every CHECKPOINT_INTERVAL_MS. Asked after
 * every group commit (a few hundred a second under load), the worker copied the same hot pages again
 * and again and its disk flushes held up the writer's own WAL appends: transfers ran about 5% slower
 * than with a checkpoint every 50 ms (an A/B on one server under full load). Under steady load the writer never pauses long
 * enough for a checkpoint to reach the end of the WAL, so the WAL grows until the connection's own
 * fallback checkpoint (FALLBACK_AUTOCHECKPOINT_PAGES in group-commit-driver.ts) copies only what the
 * worker has not, and the WAL starts over.
 */
export class BackgroundCheckpointer {
  readonly #worker: Worker;
  #busy = false;
  /** A commit since the last checkpoint began: another one is owed. */
  #owed = false;
  #lastStart = Number.NEGATIVE_INFINITY;
  #timer: NodeJS.Timeout | undefined;

  constructor(file: string, onFailure: () => void) {
    // Beside this file in the sources, beside the bundle that contains this code in dist/ (build.mjs).
    this.#worker = new Worker(new URL('./checkpoint-worker.js', import.meta.url), { workerData: { file } });
    // It must never keep the process alive, nor take it down.
    this.#worker.unref();
    this.#worker.on('error', onFailure);
    this.#worker.on('message', () => {
      this.#busy = false;
      this.#run();
    });
  }

  /**
   * Asks for a checkpoint of everything committed so far. It starts now, or once the running one is
   * done and CHECKPOINT_INTERVAL_MS has passed since the last start: the last commit before a quiet
   * spell is still copied into the database file.
   */
  request(): void {
    this.#owed = true;
    this.#run();
  }

  #run(): void {
    if (!this.#owed || this.#busy || this.#timer) return;
    const wait = this.#lastStart + CHECKPOINT_INTERVAL_MS - performance.now();
    if (wait > 0) {
      this.#timer = setTimeout(() => {
        this.#timer = undefined;
        this.#run();
      }, wait);
      this.#timer.unref();
      return;
    }
    this.#owed = false;
    this.#busy = true;
    this.#lastStart = performance.now();
    this.#worker.postMessage('checkpoint');
  }

  async stop(): Promise<void> {
    clearTimeout(this.#timer);
    await this.#worker.terminate();
  }
}
