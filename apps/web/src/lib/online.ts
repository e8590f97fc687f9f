import { useEffect, useSyncExternalStore } from 'react';

function subscribeNetwork(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Whether the phone has a network at all (the browser's view; a bad connection still counts as online). */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeNetwork, () => navigator.onLine);
}

// Screens that stay useful without a network (an open QR: the player pays it in the banking app) and say
// so themselves; while one is shown, the app's offline screen does not cover it.
let kept = 0;
const keptListeners = new Set<() => void>();

function setKept(next: number) {
  kept = next;
  for (const listener of keptListeners) listener();
}

export function isKeptOnScreenOffline(): boolean {
  return kept > 0;
}

/** Marks the calling screen as one to keep visible offline, while it is mounted. */
export function useKeptOnScreenOffline(): void {
  useEffect(() => {
    setKept(kept + 1);
    return () => setKept(kept - 1);
  }, []);
}

function subscribeKept(onChange: () => void): () => void {
  keptListeners.add(onChange);
  return () => keptListeners.delete(onChange);
}

/** Whether a screen that works offline is shown now (the offline screen then stays away). */
export function useKeptOnScreen(): boolean {
  return useSyncExternalStore(subscribeKept, isKeptOnScreenOffline);
}
