import { type RefObject, useEffect, useState } from 'react';

/** What a player may be about to tap, or busy with: the invitation never lies over one. */
const IN_USE =
  'a[href], button, input, select, textarea, label, summary, [role=button], [role=tab], [role=link], [tabindex]:not([tabindex="-1"])';
const OPEN_DIALOG = '[role=dialog]:not(#chat-panel), [role=alertdialog], dialog[open], [aria-modal=true]';
/** Points tested across the element: columns × rows (a control smaller than a column's gap could slip by). */
const COLUMNS = 6;
const ROWS = 3;

/** True when, under the element, nothing a player could tap shows, and no dialog is open anywhere. */
export function spotIsClear(el: HTMLElement): boolean {
  if (document.querySelector(OPEN_DIALOG)) return false;
  const rect = el.getBoundingClientRect();
  // Nothing laid out (no box yet): it covers nothing.
  if (rect.width === 0 || rect.height === 0) return true;
  const widget = el.closest('.chat-widget') ?? el;
  for (let column = 0; column <= COLUMNS; column += 1) {
    for (let row = 0; row <= ROWS; row += 1) {
      const x = rect.left + 1 + ((rect.width - 2) * column) / COLUMNS;
      const y = rect.top + 1 + ((rect.height - 2) * row) / ROWS;
      const under = document.elementsFromPoint(x, y).find((hit) => !widget.contains(hit));
      if (under?.closest(IN_USE)) return false;
    }
  }
  return true;
}

/** Where the invitation may stand: above the chat button, else at the top of the screen (CSS: data-place). */
export const SPOTS = ['bottom', 'top'] as const;
export type Spot = (typeof SPOTS)[number];

/**
 * The first of SPOTS where the element covers nothing a player could tap, or null; checked again as the page
 * changes under it (a screen's answer rendering its buttons, a scroll, a dialog opening). The element is
 * measured in each place while hidden (visibility), so it never covers anything for a moment. It is placed
 * through its data-place attribute, which React leaves alone. Only while `active`: no observers otherwise.
 */
export function useClearSpot(ref: RefObject<HTMLElement | null>, active: boolean): Spot | null {
  const [spot, setSpot] = useState<Spot | null>(null);
  useEffect(() => {
    if (!active) {
      setSpot(null);
      return;
    }
    let frame = 0;
    const check = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const el = ref.current;
        if (!el) return setSpot(null);
        const previous = el.dataset.place;
        for (const candidate of SPOTS) {
          el.dataset.place = candidate;
          if (spotIsClear(el)) return setSpot(candidate);
        }
        if (previous) el.dataset.place = previous;
        setSpot(null);
      });
    };
    check();
    const observer = new MutationObserver(check);
    observer.observe(document.body, { childList: true, subtree: true });
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
    };
  }, [ref, active]);
  return spot;
}
