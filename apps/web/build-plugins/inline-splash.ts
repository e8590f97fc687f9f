import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';

const SPLASH_IMAGE = '<img src="/favicon.svg" width="96" height="96" alt="" />';

/**
 * Draws the splash index.html paints before any script (the app's logo) into the page itself, from
 * public/favicon.svg: as an <img> it was a request of its own, which on a slow network queued behind the
 * screen's preloads, so the first paint waited for them (and a phone opens an SVG image as a document of its
 * own on the main thread).
 */
export function inlineSplash(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'wallet:inline-splash',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    transformIndexHtml(html) {
      if (!html.includes(SPLASH_IMAGE)) throw new Error(`inline-splash: index.html has no ${SPLASH_IMAGE}`);
      const svg = readFileSync(join(config.publicDir, 'favicon.svg'), 'utf8')
        .trim()
        // The picture is decoration beside the page's own title: no title of its own, hidden from screen readers.
        .replace(/<title>[^<]*<\/title>/, '')
        .replace('<svg ', '<svg width="96" height="96" aria-hidden="true" focusable="false" ')
        // Its ids are now the page's: one no other picture of the app uses.
        .replace(/id="([^"]+)"/g, 'id="splash-$1"')
        .replace(/url\(#([^)]+)\)/g, 'url(#splash-$1)');
      return html.replace(SPLASH_IMAGE, svg);
    },
  };
}
