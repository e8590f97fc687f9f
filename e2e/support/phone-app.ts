import type { Browser, Page } from 'playwright-core';
import { launchBrowser, phoneContext } from './browser.ts';
import { type RunningServer, startServer } from './server.ts';

export interface PhoneApp {
  server: RunningServer;
  browser: Browser;
  page: Page;
  close(): Promise<void>;
}

/** A fresh server and a phone-sized Chromium page pointed at it: what every e2e file starts from. */
export async function openPhoneApp(env: Record<string, string> = {}): Promise<PhoneApp> {
  const server = await startServer(env);
  const browser = await launchBrowser();
  const page = await (await phoneContext(browser, server.url)).newPage();
  return {
    server,
    browser,
    page,
    async close() {
      await browser.close();
      await server.stop();
    },
  };
}
