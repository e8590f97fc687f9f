import { useEffect, useRef } from 'react';

/**
 * Back closes the dialog (a phone's back button or gesture, the browser's back), not the page under it.
 *
 * An open dialog pushes a history entry for the same address, marked with its depth in the stack of open
 * dialogs; back pops it and the popstate closes every dialog above the depth now current. A dialog closed
 * any other way (its buttons, Escape, a tap outside) takes its own entry back off, so the next back
 * leaves the page as it would have. The router ignores the entry: same address, its own state copied.
 */

const KEY = 'wkModal';

interface OpenDialog {
  id: number;
  depth: number;
  close: () => void;
}

const stack: OpenDialog[] = [];
let nextId = 1;
/** history.back() calls this module made itself: their popstate closes nothing. */
let ownBacks = 0;
let listening = false;

function depthOf(state: unknown): number {
  const mark = (state as Record<string, unknown> | null)?.[KEY] as { depth?: unknown } | undefined;
  return typeof mark?.depth === 'number' ? mark.depth : 0;
}

function idOf(state: unknown): number | undefined {
  const mark = (state as Record<string, unknown> | null)?.[KEY] as { id?: unknown } | undefined;
  return typeof mark?.id === 'number' ? mark.id : undefined;
}

function onPopState(event: PopStateEvent) {
  if (ownBacks > 0) {
    ownBacks -= 1;
    return;
  }
  const depth = depthOf(event.state);
  // The top-most first: a confirmation closes before the dialog it sits on.
  for (const dialog of [...stack].reverse()) {
    if (dialog.depth <= depth) break;
    stack.splice(stack.indexOf(dialog), 1);
    dialog.close();
  }
}

function listen() {
  if (listening) return;
  listening = true;
  window.addEventListener('popstate', onPopState);
}

/**
 * While `open`, the dialog owns a history entry; back calls onClose. Off for dialogs the player must answer
 * with one of their buttons (`enabled` false): back then behaves as it did.
 */
export function useBackCloses(open: boolean, onClose: () => void, enabled = true): void {
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  // Survives React's development double mount, so the dialog keeps one entry instead of pushing two.
  const entry = useRef<{ dialog: OpenDialog; release: boolean } | null>(null);

  useEffect(() => {
    if (!open || !enabled || typeof window === 'undefined') return;
    listen();
    const kept = entry.current;
    if (kept && stack.includes(kept.dialog)) {
      kept.release = false;
    } else {
      const dialog: OpenDialog = {
        id: nextId++,
        depth: (stack[stack.length - 1]?.depth ?? depthOf(window.history.state)) + 1,
        close: () => onCloseRef.current(),
      };
      stack.push(dialog);
      const state = { ...(window.history.state ?? {}), [KEY]: { id: dialog.id, depth: dialog.depth } };
      window.history.pushState(state, '', window.location.href);
      entry.current = { dialog, release: false };
    }
    return () => {
      const current = entry.current;
      if (!current) return;
      current.release = true;
      // Decided a moment later: a development double mount takes the same entry back meanwhile.
      queueMicrotask(() => {
        if (!current.release || entry.current !== current) return;
        entry.current = null;
        const index = stack.indexOf(current.dialog);
        if (index < 0) return; // closed by back: its entry is already gone.
        stack.splice(index, 1);
        // Only while the page still stands on this dialog's entry: after a navigation it is no longer the
        // current one, and going back would undo that navigation.
        if (idOf(window.history.state) === current.dialog.id) {
          ownBacks += 1;
          window.history.back();
        }
      });
    };
  }, [open, enabled]);
}
