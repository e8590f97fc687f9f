import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { ROOT } from './server.ts';

/** The flags this workplace runs Chromium with (Lighthouse's Chromium too). */
export const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-features=PreloadTopChromeWebUI',
];

/** Debian's Chromium with the flags this workplace needs; never a downloaded browser. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_FLAGS,
  });
}

/** A phone-sized context (390x844, touch) like the players' phones. */
export async function phoneContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 1,
    hasTouch: true,
    isMobile: true,
  });
}

export const SCREENS_DIR = join(ROOT, 'artifacts', 'screens');

/** Waits for opening animations (modals fade in) so the picture shows what a player settles on. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENS_DIR, { recursive: true });
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  await page.screenshot({ path: join(SCREENS_DIR, `${name}.png`) });
}

/** True when some element is wider than the viewport: text or a control that overflows the screen. */
export async function overflowingElements(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out: string[] = [];
    for (const el of Array.from(document.querySelectorAll('body *'))) {
      const rect = el.getBoundingClientRect();
      if (rect.width > 0 && (rect.right > width + 1 || rect.left < -1)) {
        const style = getComputedStyle(el);
        if (style.position === 'fixed' && style.visibility === 'hidden') continue;
        out.push(`${el.tagName.toLowerCase()}.${el.className} (${Math.round(rect.left)}–${Math.round(rect.right)})`);
      }
    }
    return out.slice(0, 10);
  });
}
