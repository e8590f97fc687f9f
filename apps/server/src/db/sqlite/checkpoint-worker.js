// The background checkpointer's thread (see checkpointer.ts), with its own connection to the database
// file. Plain JavaScript: a worker thread runs it as it is, from the sources and from the bundle alike
// (build.mjs puts a copy beside each bundle).
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const db = new Database(workerData.file, { fileMustExist: true });
parentPort.on('message', (mode) => {
  try {
    // PASSIVE never waits for, nor blocks, the writer. TRUNCATE is asked for only while the writer's
    // connection is held back (checkpointer.ts), so it has nothing to wait for either.
    const [result] = db.pragma(mode === 'truncate' ? 'wal_checkpoint(TRUNCATE)' : 'wal_checkpoint(PASSIVE)');
    // busy: 1 when it could not finish; log: pages in the WAL (-1 outside WAL mode).
    parentPort.postMessage({ ok: result.busy === 0, walPages: Math.max(0, result.log) });
  } catch {
    // Failing now: the next round tries again; after many, the writer checkpoints on its own again.
    parentPort.postMessage({ ok: false, walPages: 0 });
  }
});
