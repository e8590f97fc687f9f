import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Lang, logIn, text } from './support/app.ts';
import { CHROMIUM_FLAGS, overflowingElements, screenshot } from './support/browser.ts';
import { buildWeb, type RunningServer, startServer } from './support/server.ts';

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Every URL the page's origin keeps in Cache Storage (the service worker's caches). */
async function cachedUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
}

describe('the installable app (manifest, service worker, offline, update)', () => {
  // Its own build (the service worker is generated per build) served from its own folder, so a new
  // version can be deployed under the running server.
  const dist = mkdtempSync(join(tmpdir(), 'wallet-pwa-'));
  // Chromium never offers to install from an incognito window, and every new context is one: a profile.
  const profile = mkdtempSync(join(tmpdir(), 'wallet-pwa-profile-'));
  let server: RunningServer;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    // Vitest runs with NODE_ENV=test; the worker is registered only in a production build.
    buildWeb(dist, { NODE_ENV: 'production' });
    server = await startServer({ WEB_DIST_DIR: dist });
    context = await chromium.launchPersistentContext(profile, {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_FLAGS,
      baseURL: server.url,
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 1,
      hasTouch: true,
      isMobile: true,
    });
    page = context.pages()[0] ?? (await context.newPage());
  });
  afterAll(async () => {
    await context?.close();
    await server?.stop();
    rmSync(dist, { recursive: true, force: true });
    rmSync(profile, { recursive: true, force: true });
  });

  it('serves a web app manifest: name, Thai by default, theme, standalone, 192/512 and maskable PNG icons', async () => {
    const html = await (await fetch(`${server.url}/login`)).text();
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest"');
    const res = await fetch(`${server.url}/manifest.webmanifest`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('manifest+json');
    const manifest = (await res.json()) as {
      name: string;
      short_name: string;
      lang: string;
      start_url: string;
      display: string;
      theme_color: string;
      background_color: string;
      icons: { src: string; sizes: string; type: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({ name: 'Lucky Wallet', lang: 'th', start_url: '/', display: 'standalone' });
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(html).toContain(`<meta name="theme-color" content="${manifest.theme_color}"`);
    const icons = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`);
    expect(icons).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
    for (const icon of manifest.icons) {
      const png = await fetch(`${server.url}${icon.src}`);
      expect(png.headers.get('content-type')).toBe('image/png');
      const [width, height] = icon.sizes.split('x').map(Number);
      expect(pngSize(Buffer.from(await png.arrayBuffer()))).toEqual({ width, height });
    }
  });

  it('registers the service worker, and Chromium finds the app installable', async () => {
    await page.goto('/login');
    const scriptUrl = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
    expect(scriptUrl).toBe(`${server.url}/sw.js`);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
    await cdp.detach();
  });

  it('sends a page’s request while the worker starts, not after it (navigation preload), and still opens the page', async () => {
    await page.goto('/login');
    const state = await page.evaluate(async () => (await navigator.serviceWorker.ready).navigationPreload.getState());
    expect(state.enabled).toBe(true);
    await page.reload();
    await page.locator('form input[name=username]').waitFor();
    expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    // The page came from the server (its preloads are written there), not from the worker's offline copy.
    expect(await page.locator('link[rel=modulepreload]').count()).toBeGreaterThan(0);
  });

  it('never caches an API answer, not even the wallet of a signed-in player', async () => {
    await logIn(page, '0812345678', 'demo1234');
    await page.waitForURL('**/user/home');
    // Now under the worker's control: every request of the member screens passes it.
    await page.reload();
    await expect.poll(() => page.getByTestId('wallet-amount').isVisible()).toBe(true);
    expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    const urls = await cachedUrls(page);
    expect(urls).toContain('/index.html');
    expect(urls.some((url) => url.startsWith('/assets/'))).toBe(true);
    expect(urls.filter((url) => /^\/(api|socket\.io|sandbox|media)\//.test(url))).toEqual([]);
    // And offline an API call fails rather than being answered with an old balance.
    await context.setOffline(true);
    const offlineAnswer = await page.evaluate(() =>
      fetch('/api/wallet', { headers: { authorization: `Bearer ${localStorage.getItem('token')}` } }).then(
        (res) => `answered ${res.status}`,
        () => 'failed',
      ),
    );
    expect(offlineAnswer).toBe('failed');
    await context.setOffline(false);
  });

  it('opens without a connection and shows the translated no-connection screen (th, lo, en)', async () => {
    for (const lang of ['th', 'lo', 'en'] as Lang[]) {
      await page.evaluate((l) => localStorage.setItem('locale', l), lang);
      await context.setOffline(true);
      await page.reload();
      const screen = page.getByTestId('offline-screen');
      await expect.poll(() => screen.isVisible()).toBe(true);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
      expect(await screen.innerText()).toContain(text(lang, 'pwa.offlineTitle'));
      expect(await screen.innerText()).toContain(text(lang, 'pwa.offlineMessage'));
      expect(await overflowingElements(page)).toEqual([]);
      await screenshot(page, `px-pwa-offline-${lang}`);
      // Back online, the screen goes by itself and the wallet shows again.
      await context.setOffline(false);
      await expect.poll(() => screen.isVisible()).toBe(false);
    }
  });

  it('offers the update when a new version is deployed, and reloads into it when the player accepts', async () => {
    await page.evaluate(() => localStorage.setItem('locale', 'th'));
    await page.reload();
    await expect.poll(() => page.getByTestId('wallet-amount').isVisible()).toBe(true);
    const before = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
    // A deploy: the server now serves a different worker, and the build's compressed copies of it.
    const worker = join(dist, 'sw.js');
    appendFileSync(worker, '\n// the next version\n');
    writeFileSync(`${worker}.br`, brotliCompressSync(readFileSync(worker)));
    writeFileSync(`${worker}.gz`, gzipSync(readFileSync(worker)));
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    const prompt = page.getByTestId('update-prompt');
    await expect.poll(() => prompt.isVisible()).toBe(true);
    expect(await prompt.innerText()).toContain(text('th', 'pwa.updateAvailable'));
    expect(await overflowingElements(page)).toEqual([]);
    await screenshot(page, 'px-pwa-update-th');
    await Promise.all([
      page.waitForEvent('load'),
      prompt.getByRole('button', { name: text('th', 'pwa.updateNow') }).click(),
    ]);
    await expect.poll(() => page.getByTestId('wallet-amount').isVisible()).toBe(true);
    const after = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return { waiting: Boolean(registration?.waiting), script: await (await fetch('/sw.js')).text() };
    });
    expect(after.waiting).toBe(false);
    expect(after.script).toContain('the next version');
    expect(before).toBe(`${server.url}/sw.js`);
    expect(await prompt.isVisible()).toBe(false);
  });
});
