import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, ImpactValue, Result } from 'axe-core';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The impacts that fail a test: a player using a screen reader or a phone in sunlight cannot get past them. */
const FAILING: ImpactValue[] = ['serious', 'critical'];
/** Moderate rules that fail too, found on these screens once and kept fixed: one banner, one main heading. */
const ALSO_FAILING = new Set([
  'landmark-no-duplicate-banner',
  'landmark-no-duplicate-contentinfo',
  'landmark-no-duplicate-main',
  'landmark-unique',
  'page-has-heading-one',
]);

export interface AxeOptions {
  /** CSS selectors to leave out (e.g. a third-party iframe). */
  exclude?: string[];
}

/**
 * Runs axe-core in the page as it is now (an open dialog included) and returns one readable line per
 * serious or critical violation (and ALSO_FAILING's) and node: `label | rule (impact): help | target | what to fix`.
 * An empty list means the screen passes; WCAG 2.2 AA plus axe's best practices are checked.
 */
export async function axeViolations(page: Page, label: string, options: AxeOptions = {}): Promise<string[]> {
  // Injected per document (a navigation drops it) through the DevTools protocol, which the app's CSP
  // (script-src 'self') rightly refuses to an inline <script>; the page keeps its real CSP under test.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  // Animations settle first so colour contrast is measured on what the player ends up seeing.
  await animationsSettled(page);
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
    .filter(
      (violation: Result) => (violation.impact && FAILING.includes(violation.impact)) || ALSO_FAILING.has(violation.id),
    )
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${label} | ${violation.id} (${violation.impact}): ${violation.help} | ${node.target.join(' ')} | ${node.failureSummary?.replace(/\s+/g, ' ') ?? ''}`,
      ),
    );
}

/** The smallest a control may be on a phone (WCAG 2.5.5), bigger than axe's own 24 px target-size rule. */
export const MIN_TARGET_PX = 44;

/** Waits until every finite animation in the page has finished (endless ones, such as spinners, are left running). */
async function animationsSettled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
}

export interface TargetOptions {
  /**
   * Also measure links that stand alone (the only text of their parent: a back link, a name in a table
   * cell), not only button-like ones; links inside running text stay exempt, as WCAG allows.
   */
  standaloneLinks?: boolean;
}

/**
 * The visible buttons, button-like links and form controls smaller than MIN_TARGET_PX in height or width
 * (links inside running text are exempt, as WCAG allows), one readable line each.
 */
export async function smallTargets(page: Page, label: string, options: TargetOptions = {}): Promise<string[]> {
  // A control popping in (the chat invitation scales up from 96%) is measured at its settled size: the page
  // waits for running animations itself and measures in the same turn, so one that starts in between (the
  // invitation appears on a timer) cannot be caught half-way, as it was from here on a busy machine.
  const found = await page.evaluate(
    async ({ min, standaloneLinks }) => {
      for (;;) {
        const running = document
          .getAnimations()
          .filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity);
        if (running.length === 0) break;
        await Promise.allSettled(running.map((a) => a.finished));
      }
      const out: string[] = [];
      const controls = Array.from(
        document.querySelectorAll<HTMLElement>(
          'button, [role=button], [role=tab], a.btn, select, input:not([type=hidden]):not([type=checkbox]):not([type=radio]):not([type=file])',
        ),
      );
      if (standaloneLinks) {
        for (const link of Array.from(document.querySelectorAll<HTMLElement>('a[href]:not(.btn)'))) {
          if (link.parentElement?.textContent?.trim() === link.textContent?.trim()) controls.push(link);
        }
      }
      for (const el of controls) {
        const rect = el.getBoundingClientRect();
        const style = getComputedStyle(el);
        if (rect.width === 0 || rect.height === 0 || style.visibility === 'hidden') continue;
        if (el.closest('[aria-hidden=true], [inert]')) continue;
        if (rect.height < min - 0.5 || rect.width < min - 0.5) {
          const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30);
          out.push(
            `${el.tagName.toLowerCase()}.${el.className} "${name}" ${Math.round(rect.width)}x${Math.round(rect.height)}`,
          );
        }
      }
      return out;
    },
    { min: MIN_TARGET_PX, standaloneLinks: options.standaloneLinks ?? false },
  );
  return found.map((line) => `${label} | target-size below ${MIN_TARGET_PX} px | ${line}`);
}
