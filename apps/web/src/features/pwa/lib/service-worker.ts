/**
 * The service worker (apps/web/build-plugins/service-worker.ts) is registered only in production builds: the
 * dev server's modules change on every save and must never come from a cache.
 */
type Listener = () => void;

let waiting: ServiceWorker | null = null;
const listeners = new Set<Listener>();

function setWaiting(worker: ServiceWorker | null) {
  waiting = worker;
  for (const listener of listeners) listener();
}

/** The installed new version waiting for the player's yes, or null (for useSyncExternalStore). */
export function waitingWorker(): ServiceWorker | null {
  return waiting;
}

export function onWaitingChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A new worker is a new version only when one already controls the page; the very first install is not. */
function watch(registration: ServiceWorkerRegistration) {
  if (registration.waiting && navigator.serviceWorker.controller) setWaiting(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed' && navigator.serviceWorker.controller) setWaiting(installing);
    });
  });
}

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  // After the first load, so installing the shell never competes with the screen the player is waiting for.
  const register = () => {
    navigator.serviceWorker
      .register('/sw.js')
      .then((registration) => {
        watch(registration);
        // A phone keeps the app open for days: look for a deploy whenever the player comes back to it.
        document.addEventListener('visibilitychange', () => {
          if (document.visibilityState === 'visible') void registration.update().catch(() => undefined);
        });
      })
      .catch(() => undefined);
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/** Activates the waiting version; the page reloads once it has taken over, so code and shell match. */
export function applyUpdate(): void {
  const worker = waiting;
  if (!worker) return;
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
  worker.postMessage('skip-waiting');
}

export function dismissUpdate(): void {
  setWaiting(null);
}
