import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Lang, logIn } from './support/app.ts';
import { launchBrowser, overflowingElements, screenshot } from './support/browser.ts';
import {
  controlsUnderChat,
  midWordBreaks,
  PHONE_SIZES,
  type PhoneSize,
  tappableOnFirstScreen,
} from './support/layout.ts';
import { PLAYER_PASSWORD, registerPlayer } from './support/players.ts';
import { type RunningServer, startServer } from './support/server.ts';

const PUBLIC_SCREENS = ['/login', '/register', '/contact', '/howto'];
const MEMBER_SCREENS = ['/user/home', '/user/bonus', '/user/contact', '/user/profile', '/user/statement'];

/** A phone of the given size with the language stored and the agreement accepted, as a returning player has it. */
async function phone(browser: Browser, server: RunningServer, size: PhoneSize, lang: Lang): Promise<Page> {
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: PHONE_SIZES[size],
    deviceScaleFactor: 1,
    hasTouch: true,
    isMobile: true,
  });
  await context.addInitScript((l) => {
    localStorage.setItem('locale', l);
    localStorage.setItem('remember-agreement', 'true');
  }, lang);
  return context.newPage();
}

/** The screen as the player first sees it: loaded, fonts in, the chat launcher and its invitation settled. */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
  await page.getByTestId('chat-launcher').waitFor();
  // The invitation comes 100 ms after the launcher; it is given time to come (or to stay away).
  await page.waitForTimeout(400);
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
}

/** Scrolls to the end and lets the chat invitation check its place again (it does so in the next frame). */
async function scrolledToEnd(page: Page): Promise<void> {
  await page.evaluate(async () => {
    window.scrollTo(0, document.documentElement.scrollHeight);
    for (let frame = 0; frame < 3; frame += 1) await new Promise((resolve) => requestAnimationFrame(resolve));
  });
}

/** Everything wrong with the screen as it is now: controls under the chat widget, Thai/Lao words split, overflow. */
async function findings(page: Page, label: string, lang: Lang): Promise<string[]> {
  const out = await controlsUnderChat(page, label);
  if (lang !== 'en') out.push(...(await midWordBreaks(page, label)));
  out.push(...(await overflowingElements(page)).map((line) => `${label} | wider than the phone: ${line}`));
  return out;
}

/**
 * The first screens at 390x844 and 360x740 in Thai, Lao and English, with chat on: deposit and withdraw on the
 * home's first screen where a thumb can reach them, no control under the chat launcher or its invitation (on
 * load, scrolled to the end, with a dialog open), and no Thai or Lao word broken in two.
 */
describe.each(Object.keys(PHONE_SIZES) as PhoneSize[])('first screens at %s', (size) => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer({ ENABLE_CHAT_WIDGET: 'true' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it.each(['th', 'lo', 'en'] as Lang[])('in %s', async (lang) => {
    const page = await phone(browser, server, size, lang);
    const found: string[] = [];
    for (const path of PUBLIC_SCREENS) {
      await page.goto(path);
      await settled(page);
      const name = `first-${path.slice(1)}-${lang}-${size}`;
      await screenshot(page, name);
      found.push(...(await findings(page, name, lang)));
      await scrolledToEnd(page);
      found.push(...(await controlsUnderChat(page, `${name} scrolled to the end`)));
    }

    const player = await registerPlayer(server.url);
    await logIn(page, player.phone, PLAYER_PASSWORD);
    await page.waitForURL('**/user/home');
    await page.getByTestId('wallet-amount').waitFor();
    await settled(page);
    await screenshot(page, `first-home-${lang}-${size}`);
    for (const id of ['widget-deposit', 'widget-withdraw']) {
      const problem = await tappableOnFirstScreen(page, id);
      if (problem) found.push(`home ${lang} ${size} | ${problem}`);
    }

    for (const path of MEMBER_SCREENS) {
      if (path !== '/user/home') {
        await page.goto(path);
        await settled(page);
      }
      const name = `first-${path.slice(1).replace('/', '-')}-${lang}-${size}`;
      await screenshot(page, name);
      found.push(...(await findings(page, name, lang)));
      await scrolledToEnd(page);
      found.push(...(await controlsUnderChat(page, `${name} scrolled to the end`)));
    }

    // A dialog open on a fresh load, the invitation's time: the deposit tiles and the dialog stay clear.
    await page.goto('/user/home');
    await page.getByTestId('widget-deposit').click();
    await page.getByTestId('deposit-dialog').waitFor();
    await settled(page);
    await screenshot(page, `first-deposit-${lang}-${size}`);
    found.push(...(await findings(page, `deposit ${lang} ${size}`, lang)));
    expect(await page.getByRole('dialog').first().isVisible()).toBe(true);

    await page.context().close();
    expect(found.join('\n'), 'first-screen findings').toBe('');
  });
});
