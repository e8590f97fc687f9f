import type { Locator, Page } from 'playwright-core';

/**
 * Chooses files through a picker as a player can: only once it is enabled. A file set on a disabled input
 * still fires its change event, which the screens ignore (the slip picker waits for the slip window's
 * lookup), so on a slow machine a test that did not wait lost its file.
 */
export async function chooseFiles(page: Page, testId: string, files: Parameters<Locator['setInputFiles']>[0]) {
  const picker = page.locator(`[data-testid="${testId}"]:enabled`);
  await picker.waitFor({ state: 'attached' });
  await picker.setInputFiles(files);
}
