/**
 * Preloaded into the wallet server by `BENCH_CPU_PROFILE=<dir> npm run bench` (NODE_OPTIONS does not
 * allow --cpu-prof): records a V8 CPU profile from start to exit and writes it to <dir>.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { join } from 'node:path';

const dir = process.env.BENCH_CPU_PROFILE;
if (dir) {
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.start');
  process.on('exit', () => {
    // An in-thread inspector session answers synchronously, so this completes inside 'exit'.
    session.post('Profiler.stop', (error, result) => {
      if (error) return;
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, `server-${process.pid}.cpuprofile`), JSON.stringify(result.profile));
    });
  });
}
