/**
 * Lets the browser handle what waits (a tap, a paint, an arrived answer) before the caller goes on: one long
 * task becomes two, so a phone stays responsive while the app starts (issue 18: Lighthouse's total
 * blocking time counts every task's time past 50 ms).
 */
export function yieldToMain(): Promise<void> {
  const { scheduler } = globalThis as { scheduler?: { yield?: () => Promise<void> } };
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
