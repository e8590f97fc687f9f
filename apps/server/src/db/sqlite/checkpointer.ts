import { Worker } from 'node:worker_threads';

/** The background checkpointer runs at most this often. */
const CHECKPOINT_INTERVAL_MS = 50;
/** Past this many WAL pages (about 40 MB) the worker starts the WAL over (see BackgroundCheckpointer). */
const WAL_RESTART_PAGES = 10_000;
/** After this many failed checkpoints in a row the connection takes checkpointing back. */
const FAILURES_BEFORE_FALLBACK = 20;

/** What the worker answers (checkpoint-worker.js). */
interface WorkerAnswer {
  ok: boolean;
  /** Pages in the WAL after the checkpoint. */
  walPages: number;
}

export interface CheckpointerHooks {
  /** The worker stopped working: the connection must checkpoint itself again. */
  onFailure(): void;
  /**
   * Holds the connection's writes back, without blocking the event loop, until the returned release
   * is called.
   */
  holdWrites(): Promise<() => void>;
  /** Overrides WAL_RESTART_PAGES (tests). */
  restartPages?: number;
}

/**
 * Checkpoints in a worker thread (checkpoint-worker.js) with its own connection to the database file.
 * A checkpoint copies the WAL back into the database and syncs both to disk; done by the connection
 * that serves requests (SQLite's default, every 1000 WAL pages) it stalls the event loop for two fsyncs
 * and the copying, every request waiting with it. So that connection never checkpoints while this runs.
 *
 * The writer asks for a checkpoint after it commits, at most every CHECKPOINT_INTERVAL_MS. Asked after
 * every group commit (a few hundred a second under load), the worker copied the same hot pages again
 * and again and its disk flushes held up the writer's own WAL appends: transfers ran about 5% slower
 * than with a checkpoint every 50 ms (an A/B on one server under full load). These PASSIVE checkpoints
 * never wait for the writer; but under steady load the writer never pauses long enough for one to reach
 * the end of the WAL, so the WAL would grow without end. Once it passes WAL_RESTART_PAGES, the writer's
 * connection is held (its transactions wait their turn, asynchronously, while the event loop serves
 * everything else) and the worker copies the little the PASSIVE rounds left and truncates the WAL.
 */
export class BackgroundCheckpointer {
  readonly #worker: Worker;
  readonly #hooks: CheckpointerHooks;
  readonly #restartPages: number;
  #busy = false;
  /** A commit since the last checkpoint began: another one is owed. */
  #owed = false;
  #failures = 0;
  #stopped = false;
  #lastStart = Number.NEGATIVE_INFINITY;
  #timer: NodeJS.Timeout | undefined;
  /** Releases the writer's connection once a truncating checkpoint is done. */
  #releaseWrites: (() => void) | undefined;

  constructor(file: string, hooks: CheckpointerHooks) {
    this.#hooks = hooks;
    this.#restartPages = hooks.restartPages ?? WAL_RESTART_PAGES;
    // Beside this file in the sources, beside the bundle that contains this code in dist/ (build.mjs).
    this.#worker = new Worker(new URL('./checkpoint-worker.js', import.meta.url), { workerData: { file } });
    // It must never keep the process alive, nor take it down.
    this.#worker.unref();
    this.#worker.on('error', () => this.#fail());
    this.#worker.on('message', (answer: WorkerAnswer) => this.#answered(answer));
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

  #answered({ ok, walPages }: WorkerAnswer): void {
    this.#releaseWrites?.();
    this.#releaseWrites = undefined;
    this.#failures = ok ? 0 : this.#failures + 1;
    if (this.#failures >= FAILURES_BEFORE_FALLBACK) {
      this.#fail();
      return;
    }
    if (ok && walPages >= this.#restartPages) {
      void this.#restart();
      return;
    }
    this.#busy = false;
    this.#run();
  }

  async #restart(): Promise<void> {
    try {
      const release = await this.#hooks.holdWrites();
      if (this.#stopped) {
        release();
        return;
      }
      this.#releaseWrites = release;
      this.#worker.postMessage('truncate');
    } catch {
      // The open group failed to commit (its transactions were told); the next round tries again.
      this.#busy = false;
      this.#run();
    }
  }

  #run(): void {
    if (!this.#owed || this.#busy || this.#timer || this.#stopped) return;
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

  #fail(): void {
    if (this.#stopped) return;
    this.#stopped = true;
    this.#releaseWrites?.();
    this.#releaseWrites = undefined;
    clearTimeout(this.#timer);
    this.#hooks.onFailure();
    void this.#worker.terminate();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    this.#releaseWrites?.();
    this.#releaseWrites = undefined;
    await this.#worker.terminate();
  }
}
