import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, ImpactValue, Result } from 'axe-core';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The impacts that fail a test: a player using a screen reader or a phone in sunlight cannot get past them. */
const FAILING: ImpactValue[] = ['serious', 'critical'];

export interface AxeOptions {
  /** CSS selectors to leave out (e.g. a third-party iframe). */
  exclude?: string[];
}

/**
 * Runs axe-core in the page as it is now (an open dialog included) and returns one readable line per
 * serious or critical violation and node: `label | rule (impact): help | target | what to fix`.
 * An empty list means the screen passes; WCAG 2.2 AA plus axe's best practices are checked.
 */
export async function axeViolations(page: Page, label: string, options: AxeOptions = {}): Promise<string[]> {
  // Injected per document (a navigation drops it) through the DevTools protocol, which the app's CSP
  // (script-src 'self') rightly refuses to an inline <script>; the page keeps its real CSP under test.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  // Animations settle first so colour contrast is measured on what the player ends up seeing.
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  const results = (await page.evaluate(
    async ({ exclude }) => {
      const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
      return axe.run({ include: [document], exclude: exclude.map((selector) => [selector]) } as never, {
        resultTypes: ['violations'],
      });
    },
    { exclude: options.exclude ?? [] },
  )) as AxeResults;
  return results.violations
    .filter((violation: Result) => violation.impact && FAILING.includes(violation.impact))
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${label} | ${violation.id} (${violation.impact}): ${violation.help} | ${node.target.join(' ')} | ${node.failureSummary?.replace(/\s+/g, ' ') ?? ''}`,
      ),
    );
}
