// Relative: the Vite config is bundled on its own, and workspace packages are TypeScript sources.

import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin, ResolvedConfig } from 'vite';
import type { Language } from '../../../packages/contract/src/constants.ts';
import { PAGE_PRELOADS_FILE, type PagePreloads } from '../../../packages/contract/src/page-preloads.ts';

// The member shell connects for live balance updates once the page is idle (socket.io-client, loaded on demand);
// it is still fetched with the screen, so that connection costs no round trip on a slow network.
const MEMBER_SHELL = ['app/layouts/auth-layout.tsx', 'npm:socket.io-client'];

// Home's notice, slides and banners run after the wallet's first paint, but are fetched with the screen; so
// is the invitation to set a deposit limit a new player sees there (issue 20).
const HOME_CONTENT = 'features/home/components/home-content.tsx';
const HOME_LIMIT_INVITE = 'features/protection/components/limit-invite.tsx';

/**
 * The screens (lazy chunks) each address opens, by source file under src/ (or `npm:<package>` for a package
 * loaded on demand). A /user address opens the member shell and its screen; one not listed here opens nothing
 * beyond the entry.
 */
export const ROUTE_SOURCES: Record<string, string[]> = {
  '/': ['app/routes/login-route.tsx'],
  '/login': ['app/routes/login-route.tsx'],
  '/register': ['app/routes/register-route.tsx'],
  '/howto': ['app/routes/howto-route.tsx'],
  '/contact': ['app/routes/contact-route.tsx'],
  '/user': [...MEMBER_SHELL, 'app/routes/user-home-route.tsx', HOME_CONTENT, HOME_LIMIT_INVITE],
  '/user/home': [...MEMBER_SHELL, 'app/routes/user-home-route.tsx', HOME_CONTENT, HOME_LIMIT_INVITE],
  '/user/profile': [...MEMBER_SHELL, 'app/routes/profile-route.tsx'],
  '/user/statement': [...MEMBER_SHELL, 'app/routes/statement-route.tsx'],
  '/user/contact': [...MEMBER_SHELL, 'app/routes/contact-route.tsx'],
  '/user/bonus': [...MEMBER_SHELL, 'app/routes/bonus-route.tsx'],
  '/user/spin': [...MEMBER_SHELL, 'app/routes/spin-route.tsx'],
  '/user/play-safe': [...MEMBER_SHELL, 'app/routes/play-safe-route.tsx'],
  '/terminated': ['app/routes/terminated-route.tsx'],
};

const LANGUAGE_SOURCES: Record<Language, string> = { th: 'i18n/th.json', lo: 'i18n/lo.json', en: 'i18n/en.json' };

/**
 * The fonts each language's text is drawn in (built file names start with these). Fetched with the scripts:
 * a font found only by the first layout makes the screen lay out twice, once in a fallback font (looked up
 * and shaped on the main thread) and again when the font arrives (issue 18: Lighthouse total blocking time).
 */
const LATIN_FONTS = ['noto-sans-thai-latin-400-normal-', 'noto-sans-thai-latin-700-normal-'];
const LANGUAGE_FONTS: Record<Language, string[]> = {
  th: ['noto-sans-thai-thai-400-normal-', 'noto-sans-thai-thai-700-normal-', ...LATIN_FONTS],
  lo: ['noto-sans-lao-400-', 'noto-sans-lao-700-', ...LATIN_FONTS],
  en: LATIN_FONTS,
};

interface Files {
  scripts: string[];
  styles: string[];
}

/**
 * Without this, a phone fetches the entry, then (once it has run) the language file, then the screen: three
 * round trips one after the other on a slow network. The build writes, beside index.html, the files each
 * address needs (the screen's chunks, their imports and styles), the language files and each language's
 * fonts (PAGE_PRELOADS_FILE); the server names them in the page it serves for an address and the player's
 * language cookie (apps/server/src/http/player-page.ts), so every one is requested in parallel with the
 * entry. Written into the page by the server, not by an inline script: that script (8 KB of routes) was
 * compiled and run before anything else on the page, 20 and 50 ms of a slow phone's main thread.
 */
export function routePreload(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'wallet:route-preload',
    apply: 'build',
    enforce: 'post',
    configResolved(resolved) {
      config = resolved;
    },
    generateBundle(_options, bundle) {
      if (bundle['index.html']?.type !== 'asset') return;
      const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');
      const bySource = (source: string) => {
        const matches = source.startsWith('npm:')
          ? (id: string) => id.includes(`/node_modules/${source.slice(4)}/`)
          : (id: string) => id.endsWith(`/src/${source}`);
        const chunk = chunks.find((item) => item.isDynamicEntry && item.facadeModuleId && matches(item.facadeModuleId));
        if (!chunk) this.error(`route-preload: no lazy chunk for ${source}; has it moved?`);
        return chunk;
      };
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) this.error('route-preload: no entry chunk');
      // index.html already loads these and their styles.
      const preloaded = closure(entry, bundle);
      const loadedStyles = new Set([...preloaded].flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]));
      const base = config.base;
      const filesOf = (sources: string[]): Files => {
        const scripts = new Set<string>();
        const styles = new Set<string>();
        for (const source of sources) {
          for (const chunk of closure(bySource(source), bundle)) {
            if (!preloaded.has(chunk)) scripts.add(base + chunk.fileName);
            for (const css of chunk.viteMetadata?.importedCss ?? []) {
              if (!loadedStyles.has(css)) styles.add(base + css);
            }
          }
        }
        return { scripts: [...scripts], styles: [...styles] };
      };
      const routes = Object.fromEntries(
        Object.entries(ROUTE_SOURCES).map(([path, sources]) => [path, filesOf(sources)]),
      );
      const languages = Object.fromEntries(
        Object.entries(LANGUAGE_SOURCES).map(([language, source]) => [language, base + bySource(source).fileName]),
      ) as PagePreloads['languages'];
      const fonts = Object.fromEntries(
        Object.entries(LANGUAGE_FONTS).map(([language, names]) => [
          language,
          names.map((name) => {
            const font = Object.values(bundle).find(
              (item) =>
                item.type === 'asset' &&
                item.fileName.endsWith('.woff2') &&
                item.fileName.startsWith(`${config.build.assetsDir}/${name}`),
            );
            if (!font) this.error(`route-preload: no font ${name}*.woff2; has it moved?`);
            return base + font.fileName;
          }),
        ]),
      ) as PagePreloads['fonts'];
      const fallbackLanguage: Language = config.env.VITE_LAO_MODE?.trim().toLowerCase() === 'true' ? 'lo' : 'th';
      const preloads: PagePreloads = { routes, languages, fonts, fallbackLanguage };
      this.emitFile({ type: 'asset', fileName: PAGE_PRELOADS_FILE, source: JSON.stringify(preloads) });
    },
  };
}

/** The chunk and every chunk it imports statically (they load with it). */
function closure(chunk: OutputChunk, bundle: OutputBundle, into = new Set<OutputChunk>()): Set<OutputChunk> {
  if (into.has(chunk)) return into;
  into.add(chunk);
  for (const name of chunk.imports) {
    const imported = bundle[name];
    if (imported?.type === 'chunk') closure(imported, bundle, into);
  }
  return into;
}
