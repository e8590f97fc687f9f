import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, text, useLanguage } from './support/app.ts';
import { openPhoneApp, type PhoneApp } from './support/phone-app.ts';
import type { RunningServer } from './support/server.ts';

describe('the operator terminates the service', () => {
  let app: PhoneApp;
  let server: RunningServer;
  let page: Page;

  beforeAll(async () => {
    app = await openPhoneApp();
    ({ server, page } = app);
    await page.goto('/login');
    await useLanguage(page, 'en');
  });
  afterAll(async () => app?.close());

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
