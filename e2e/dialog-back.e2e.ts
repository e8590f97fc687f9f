import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPhoneApp, type PhoneApp } from './support/phone-app.ts';
import { signInNewPlayer } from './support/players.ts';

/**
 * A phone's back button (the browser's back) with a dialog open closes the dialog and leaves the player
 * on the page; a dialog closed by its own button leaves no step behind, so the next back leaves the page.
 */
describe('back closes the open dialog first', () => {
  let app: PhoneApp;
  let page: Page;

  beforeAll(async () => {
    app = await openPhoneApp();
    page = app.page;
    await signInNewPlayer(page, app.server.url);
  });
  afterAll(async () => {
    await app?.close();
  });

  const path = () => new URL(page.url()).pathname;
  const dialogs = () => page.getByRole('dialog').count();

  async function openDeposit() {
    await page.getByTestId('widget-deposit').click();
    await page.getByTestId('deposit-dialog').waitFor();
  }

  it('closes the deposit dialog on back and stays home; back again leaves for the page before', async () => {
    await page.goto('/user/statement');
    await page.goto('/user/home');
    await openDeposit();
    await page.goBack();
    await page.getByTestId('deposit-dialog').waitFor({ state: 'detached' });
    expect(path()).toBe('/user/home');
    expect(await dialogs()).toBe(0);
    await page.goBack();
    await page.waitForURL(/\/user\/statement/);
  });

  it('takes its step back off when the dialog is closed by its close button', async () => {
    await page.goto('/user/statement');
    await page.goto('/user/home');
    await openDeposit();
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await page.getByTestId('deposit-dialog').waitFor({ state: 'detached' });
    // Give the app its moment to take the entry back off, then one back leaves home.
    await expect.poll(() => page.evaluate(() => JSON.stringify(history.state))).not.toContain('wkModal');
    await page.goBack();
    await page.waitForURL(/\/user\/statement/);
  });

  it('closes the time-out confirmation on back, staying on the play safe page with nothing started', async () => {
    await page.goto('/user/play-safe');
    await page.getByTestId('timeout-open').click();
    // An alertdialog: it interrupts, with a box to tick before the time-out starts.
    await page.getByRole('alertdialog').waitFor();
    await page.goBack();
    await page.getByRole('alertdialog').waitFor({ state: 'detached' });
    expect(path()).toBe('/user/play-safe');
    await page.getByTestId('timeout-open').waitFor();
  });
});
