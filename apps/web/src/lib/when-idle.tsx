import { type ReactNode, useEffect, useState } from 'react';

/** Past this, idle or not, the task runs (a busy page still gets it). */
const IDLE_TIMEOUT_MS = 3000;
/** Browsers without requestIdleCallback (Safari) wait this long instead, past the first render's work. */
const NO_IDLE_DELAY_MS = 250;

/** Runs `task` when the main thread is idle (at the latest after IDLE_TIMEOUT_MS); returns a cancel. */
export function whenIdle(task: () => void): () => void {
  const { requestIdleCallback, cancelIdleCallback } = window;
  if (typeof requestIdleCallback === 'function' && typeof cancelIdleCallback === 'function') {
    const handle = requestIdleCallback(task, { timeout: IDLE_TIMEOUT_MS });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(task, NO_IDLE_DELAY_MS);
  return () => clearTimeout(timer);
}

/** After the page has loaded, this long before the first idle moment counts (the screen's answers arrive meanwhile). */
const AFTER_LOAD_MS = 1500;

/**
 * Runs `task` once the page has loaded, its first answers have had time to arrive and render, and the
 * main thread is idle; returns a cancel.
 */
export function afterFirstScreen(task: () => void): () => void {
  let cancelIdle = () => {};
  let timer: ReturnType<typeof setTimeout> | undefined;
  const start = () => {
    timer = setTimeout(() => {
      cancelIdle = whenIdle(task);
    }, AFTER_LOAD_MS);
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
  return () => {
    window.removeEventListener('load', start);
    clearTimeout(timer);
    cancelIdle();
  };
}

/**
 * Renders `children` after the first screen (afterFirstScreen): what a screen does not need for its first
 * paint (the chat launcher, the reality check) then renders and fetches after the screen's own work, not
 * in the middle of it (issue 18: Lighthouse total blocking time on a slow phone).
 */
export function WhenIdle({ children }: { children: ReactNode }) {
  const [idle, setIdle] = useState(false);
  useEffect(() => afterFirstScreen(() => setIdle(true)), []);
  return idle ? children : null;
}
