// The background checkpointer's thread (see checkpointer.ts), with its own connection to the database
// file. Plain JavaScript: a worker thread runs it as it is, from the sources and from the bundle alike
// (build.mjs puts a copy beside each bundle).
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const db = new Database(workerData.file, { fileMustExist: true });
parentPort.on('message', () => {
  try {
    // PASSIVE never waits for, nor blocks, the writer.
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // Busy or failing now: the next round tries again, and the writer's own fallback still applies.
  }
  parentPort.postMessage('done');
});
