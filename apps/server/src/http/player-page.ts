import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Language } from '@wallet/contract/constants';
import { PAGE_PRELOADS_FILE, type PagePreloads } from '@wallet/contract/page-preloads';
import { escapeHtml } from '../lib/html-escape.ts';
import { cookieLanguage } from '../lib/language-cookie.ts';

/**
 * The `<link>` tags that make a phone request, with the entry, everything the page at `path` needs in
 * `language`: the screen's chunks and the language file (modulepreload), the screen's styles and the
 * language's fonts (preload). Module scripts and fonts are fetched in CORS mode, so their preloads are too;
 * a preload in another mode would not be reused.
 */
export function preloadLinks(preloads: PagePreloads, path: string, language: Language): string {
  const files = preloads.routes[routeOf(path)] ?? { scripts: [], styles: [] };
  const scripts = [...files.scripts, preloads.languages[language]];
  return [
    ...scripts.map((href) => `<link rel="modulepreload" href="${escapeHtml(href)}" crossorigin>`),
    ...files.styles.map((href) => `<link rel="preload" href="${escapeHtml(href)}" as="style">`),
    ...preloads.fonts[language].map(
      (href) => `<link rel="preload" href="${escapeHtml(href)}" as="font" type="font/woff2" crossorigin>`,
    ),
  ].join('\n    ');
}

/** The address as the build lists it: without a trailing slash, the root as `/`. */
function routeOf(path: string): string {
  return path.replace(/\/+$/, '') || '/';
}

interface Build {
  html: string;
  preloads: PagePreloads | undefined;
  pages: Map<string, string>;
}

/**
 * The player app's index.html for one address, with its preloads written in before `</head>` (after the
 * entry and its stylesheet, which must not queue behind them). The language is the one the app keeps in its
 * cookie, or the build's default for a first visit; a member address is served the member screen's files
 * even to a visitor without a session (the app sends them to /login; a rare extra round trip). Built files are
 * read again when they change, so a deploy under a running server is served at once; pages are kept per
 * address and language until then. A build without PAGE_PRELOADS_FILE gets its index.html as it is.
 */
export function playerPageFor(dir: string): (path: string, cookieHeader: string | undefined) => string {
  const htmlFile = join(dir, 'index.html');
  const preloadsFile = join(dir, PAGE_PRELOADS_FILE);
  let version = '';
  let build: Build | undefined;
  const load = (): Build => {
    const html = statSync(htmlFile);
    const preloads = statSync(preloadsFile, { throwIfNoEntry: false });
    const current = `${html.mtimeMs}:${html.size}:${preloads?.mtimeMs}:${preloads?.size}`;
    if (!build || current !== version) {
      build = {
        html: readFileSync(htmlFile, 'utf8'),
        preloads: preloads ? (JSON.parse(readFileSync(preloadsFile, 'utf8')) as PagePreloads) : undefined,
        pages: new Map(),
      };
      version = current;
    }
    return build;
  };
  return (path, cookieHeader) => {
    const { html, preloads, pages } = load();
    if (!preloads) return html;
    const language = cookieLanguage(cookieHeader) ?? preloads.fallbackLanguage;
    const route = routeOf(path);
    const key = `${language} ${preloads.routes[route] ? route : ''}`;
    let page = pages.get(key);
    if (page === undefined) {
      page = html.replace('</head>', `  ${preloadLinks(preloads, route, language)}\n  </head>`);
      pages.set(key, page);
    }
    return page;
  };
}
