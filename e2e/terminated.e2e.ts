import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, text, useLanguage } from './support/app.ts';
import { launchBrowser, phoneContext } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';

describe('the operator terminates the service', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    page = await (await phoneContext(browser, server.url)).newPage();
    await page.goto('/login');
    await useLanguage(page, 'en');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('sends a logged-in player to /terminated on the next call, and visitors of /login too', async () => {
    await logIn(page, '0812345678', 'demo1234');
    await page.waitForURL('**/user/home');
    server.service('terminate');
    await new Promise((r) => setTimeout(r, 1200));
    await page.goto('/user/profile');
    await page.waitForURL('**/terminated');
    await expect.poll(() => page.getByText(text('en', 'terminated.title')).isVisible()).toBe(true);

    await page.goto('/login');
    await page.waitForURL('**/terminated');
  });

  it('lets players back in once the operator activates it again', async () => {
    server.service('activate');
    await new Promise((r) => setTimeout(r, 1200));
    await page.goto('/login');
    await expect.poll(() => page.locator('input[name=username]').isVisible()).toBe(true);
    expect(page.url()).toContain('/login');
  });
});
