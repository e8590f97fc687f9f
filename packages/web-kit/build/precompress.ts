import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text the server would otherwise compress per request; images and woff2 fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|webmanifest|txt|xml)$/;
/** The server's own threshold (@fastify/compress in app.ts): below it a header costs more than it saves. */
const MIN_BYTES = 1024;

/**
 * Writes a brotli (quality 11) and a gzip (level 9) copy beside every compressible file of the build, which
 * the server sends as they are (`preCompressed` in apps/server/src/http/static-files.ts). Compressed per
 * request, each file cost the server's one thread 2–20 ms, a page's twenty requests queued behind each
 * other's compression, and brotli at the quality fast enough for that (4) made the player's entry 63 KB where
 * quality 11 makes it 55 KB.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'wallet:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    // After every file is written, public/'s copies included; a failed build is left to report its own error.
    async closeBundle(error?: Error) {
      if (error) return;
      await precompressDir(outDir);
    },
  };
}

/** Compresses every file of `dir` worth it; the copies are `<file>.br` and `<file>.gz`. */
export async function precompressDir(dir: string): Promise<void> {
  const names = await readdir(dir, { recursive: true, encoding: 'utf8' });
  const files = names.filter((name) => COMPRESSIBLE.test(name)).map((name) => join(dir, name));
  // zlib's work runs on libuv's threads, several files at once.
  await Promise.all(
    files.map(async (file) => {
      if ((await stat(file)).size < MIN_BYTES) return;
      const source = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(source, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
          },
        }),
        gzipAsync(source, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
    }),
  );
}
