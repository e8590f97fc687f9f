import type { Page } from 'playwright-core';
import { KEEP_WHOLE } from '../../apps/web/src/i18n/keep-whole.ts';

/** The phone sizes the first-screen checks use: a common phone, and a small one (the 360 px class). */
export const PHONE_SIZES = {
  '390x844': { width: 390, height: 844 },
  '360x740': { width: 360, height: 740 },
} as const;
export type PhoneSize = keyof typeof PHONE_SIZES;

/**
 * Controls the chat widget (launcher or invite bubble) lies over, one readable line each: a visible control
 * whose centre or inset corners, hit-tested, land in the widget. With a dialog open, the widget showing at
 * all over it counts too (the player is busy with the dialog; a bubble over its backdrop is in the way).
 */
export async function controlsUnderChat(page: Page, label: string): Promise<string[]> {
  const found = await page.evaluate(() => {
    const widget = document.querySelector('.chat-widget');
    if (!widget) return [];
    const out: string[] = [];
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.getAttribute('data-testid') ? `[${el.getAttribute('data-testid')}]` : ''} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30)}"`;
    // The bottom menu hides what scrolls under it whatever the chat does (the chat button has its place in it):
    // a point there is below the fold, not under the chat.
    const menu = document.querySelector('.bottom-nav')?.getBoundingClientRect();
    const underMenu = (x: number, y: number) =>
      menu !== undefined && y >= menu.top && y <= menu.bottom && x >= menu.left && x <= menu.right;
    const inWidget = (x: number, y: number) => {
      const hit = document.elementFromPoint(x, y);
      return hit !== null && widget.contains(hit);
    };
    const controls = document.querySelectorAll<HTMLElement>(
      'a[href], button, input:not([type=hidden]), select, textarea, [role=button], [role=tab], label:has(input)',
    );
    for (const el of Array.from(controls)) {
      if (widget.contains(el) || el.closest('[aria-hidden=true], [inert]')) continue;
      const rect = el.getBoundingClientRect();
      if (rect.width < 1 || rect.height < 1 || getComputedStyle(el).visibility === 'hidden') continue;
      const inset = Math.min(6, rect.width / 4, rect.height / 4);
      const corners: [number, number][] = [
        [rect.left + rect.width / 2, rect.top + rect.height / 2],
        [rect.left + inset, rect.top + inset],
        [rect.right - inset, rect.top + inset],
        [rect.left + inset, rect.bottom - inset],
        [rect.right - inset, rect.bottom - inset],
      ];
      const points = corners.filter(
        ([x, y]) => x >= 0 && y >= 0 && x < innerWidth && y < innerHeight && !underMenu(x, y),
      );
      if (points.some(([x, y]) => inWidget(x, y))) out.push(`${name(el)} under the chat widget`);
    }
    if (document.querySelector('[role=dialog], [role=alertdialog], dialog[open]')) {
      for (const part of Array.from(widget.querySelectorAll<HTMLElement>('.chat-fab, .chat-invite'))) {
        const rect = part.getBoundingClientRect();
        if (rect.width > 0 && inWidget(rect.left + rect.width / 2, rect.top + rect.height / 2)) {
          out.push(`${name(part)} over an open dialog`);
        }
      }
    }
    return out;
  });
  return found.map((line) => `${label} | ${line}`);
}

/**
 * Thai and Lao words broken across two lines, one readable line each ("แช|ท"): every line break inside a Thai
 * or Lao text, found from where its characters' boxes start a new line, must fall on a word boundary as
 * Intl.Segmenter (the same ICU dictionary Chromium wraps with) finds them, and never inside a word that
 * dictionary does not know (KEEP_WHOLE: it would call "แช|ทกับ" two words).
 */
export async function midWordBreaks(page: Page, label: string): Promise<string[]> {
  const glossary = [...KEEP_WHOLE.th, ...KEEP_WHOLE.lo];
  const found = await page.evaluate((known) => {
    const lang = document.documentElement.lang || 'th';
    // Each known word, its letters' clusters with or without a joiner between them.
    const clusters = new Intl.Segmenter('th', { granularity: 'grapheme' });
    const patterns = known.map(
      (word) => new RegExp(Array.from(clusters.segment(word), (c) => c.segment).join('\u2060?'), 'g'),
    );
    const words = new Intl.Segmenter(lang, { granularity: 'word' });
    const graphemes = new Intl.Segmenter(lang, { granularity: 'grapheme' });
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
      const text = node.data;
      if (!/[\u0E00-\u0EFF]/.test(text)) continue;
      const parent = node.parentElement;
      if (!parent || parent.closest('[aria-hidden=true], .visually-hidden, script, style, title')) continue;
      const boundaries = new Set<number>([0, text.length]);
      for (const segment of words.segment(text)) boundaries.add(segment.index);
      for (const pattern of patterns) {
        for (const match of text.matchAll(pattern)) {
          for (let inside = match.index + 1; inside < match.index + match[0].length; inside += 1)
            boundaries.delete(inside);
        }
      }
      let previous: DOMRect | null = null;
      for (const { index, segment } of graphemes.segment(text)) {
        range.setStart(node, index);
        range.setEnd(node, index + segment.length);
        const box = Array.from(range.getClientRects()).find((rect) => rect.width > 0);
        if (!box) continue;
        if (previous && box.top >= previous.top + previous.height / 2 && !boundaries.has(index)) {
          out.push(`"${text.slice(Math.max(0, index - 8), index)}|${text.slice(index, index + 8)}"`);
        }
        previous = box;
      }
    }
    return out;
  }, glossary);
  return found.map((line) => `${label} | word broken mid-word: ${line}`);
}

/** Where a control is and whether the player can tap it: inside the viewport, and the topmost thing at its centre. */
export async function tappableOnFirstScreen(page: Page, testId: string): Promise<string | null> {
  return page.getByTestId(testId).evaluate((el, id) => {
    const rect = el.getBoundingClientRect();
    if (rect.width === 0 || rect.top < 0 || rect.left < 0 || rect.bottom > innerHeight || rect.right > innerWidth) {
      return `${id} is outside the first screen (${Math.round(rect.top)}–${Math.round(rect.bottom)} of ${innerHeight})`;
    }
    // The centre and near the bottom edge (inside the rounded corners): a button half under the bottom menu
    // is not on the first screen.
    const points: [number, number][] = [
      [rect.left + rect.width / 2, rect.top + rect.height / 2],
      [rect.left + rect.width / 2, rect.bottom - 3],
    ];
    for (const [x, y] of points) {
      const hit = document.elementFromPoint(x, y);
      if (!hit || !(hit === el || el.contains(hit))) {
        return `${id} is covered by ${hit ? `${hit.tagName.toLowerCase()}.${hit.className}` : 'nothing'}`;
      }
    }
    return null;
  }, testId);
}
