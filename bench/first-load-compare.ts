/**
 * npm run budget:compare -- <dist> <dist> [...]: Lighthouse (mobile, the budget's settings) on the same page
 * of several builds of the player app, the builds taking turns run after run, each served by its own real
 * server, and the median per build. On a shared machine one Lighthouse run says little (the same build's
 * total blocking time went from 500 to 2,100 ms within five runs here), and runs minutes apart measure the
 * machine as much as the page; alternating builds in one batch compares them under the same conditions.
 *
 * `COMPARE_PAGE` (default /user/home, opened signed in as the demo player; /login signed out),
 * `COMPARE_RUNS` (default 5 per build). Build a variant with `npx vite build --outDir <dir>` in apps/web.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS } from '../e2e/support/browser.ts';
import { startServer } from '../e2e/support/server.ts';
import { demoToken, signInLighthouseProfile } from './support/demo-session.ts';

const METRICS = {
  tbt: 'total-blocking-time',
  fcp: 'first-contentful-paint',
  lcp: 'largest-contentful-paint',
} as const;

interface Figures {
  performance: number[];
  tbt: number[];
  fcp: number[];
  lcp: number[];
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

async function main() {
  const dists = process.argv.slice(2).map((dir) => resolve(dir));
  if (dists.length === 0) throw new Error('usage: npm run budget:compare -- <dist> <dist> [...]');
  for (const dist of dists) if (!existsSync(`${dist}/index.html`)) throw new Error(`${dist} holds no build`);
  const path = process.env.COMPARE_PAGE ?? '/user/home';
  const runs = Number(process.env.COMPARE_RUNS ?? 5);
  const signedIn = path.startsWith('/user');
  const servers = await Promise.all(dists.map((dist) => startServer({ WEB_DIST_DIR: dist })));
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROMIUM_FLAGS,
  });
  const figures = dists.map((): Figures => ({ performance: [], tbt: [], fcp: [], lcp: [] }));
  try {
    if (signedIn) {
      for (const server of servers) await signInLighthouseProfile(chrome.port, server, await demoToken(server));
    }
    console.info(`▶ ${path}: ${runs} Lighthouse runs a build, the builds taking turns`);
    // Round 0 is not counted: the first run in a fresh Chromium was always the slowest here, whatever the build,
    // so it would count against whichever build goes first.
    for (let run = -1; run < runs; run += 1) {
      for (const [index, server] of servers.entries()) {
        const answer = await lighthouse(`${server.url}${path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
          disableStorageReset: signedIn,
        });
        const score = answer?.lhr.categories.performance?.score;
        // A run Lighthouse itself could not finish measured nothing about the page; it is left out.
        if (run < 0 || !answer || answer.lhr.runtimeError || typeof score !== 'number') continue;
        const into = figures[index]!;
        into.performance.push(Math.round(score * 100));
        for (const [key, audit] of Object.entries(METRICS)) {
          into[key as keyof typeof METRICS].push(Math.round(answer.lhr.audits[audit]?.numericValue ?? Number.NaN));
        }
      }
    }
  } finally {
    chrome.kill();
    await Promise.all(servers.map((server) => server.stop()));
  }
  for (const [index, dist] of dists.entries()) {
    const { performance, tbt, fcp, lcp } = figures[index]!;
    console.info(
      `${dist}: performance ${median(performance)} (${performance.join(', ')}), total blocking time ${median(tbt)} ms (${tbt.join(', ')}), FCP ${median(fcp)} ms, LCP ${median(lcp)} ms`,
    );
  }
}

await main();
