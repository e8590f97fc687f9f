import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { precompressDir } from './precompress';

describe('the build’s compressed copies', () => {
  it('writes brotli and gzip copies of every text file worth it, in every folder, that read back as the file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'precompress-'));
    mkdirSync(join(dir, 'assets'));
    const script = `export const texts = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `ข้อความ ${i}`))};`;
    const files = {
      'assets/app-1a2b.js': script,
      'assets/app-1a2b.css': `.a{color:red}\n`.repeat(200),
      'sw.js': script,
      'manifest.webmanifest': JSON.stringify({ name: 'x'.repeat(2000) }),
      'favicon.svg': `<svg xmlns="http://www.w3.org/2000/svg">${'<g/>'.repeat(400)}</svg>`,
    };
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    writeFileSync(join(dir, 'assets/tiny-9f8e.js'), 'export {};');
    writeFileSync(join(dir, 'assets/font-7c6d.woff2'), Buffer.alloc(4096, 7));

    await precompressDir(dir);

    for (const [name, text] of Object.entries(files)) {
      const br = readFileSync(join(dir, `${name}.br`));
      const gz = readFileSync(join(dir, `${name}.gz`));
      expect(brotliDecompressSync(br).toString(), name).toBe(text);
      expect(gunzipSync(gz).toString(), name).toBe(text);
      expect(br.length, name).toBeLessThan(Buffer.byteLength(text));
    }
    // Too small to gain from it, or compressed already: served as they are.
    for (const name of ['assets/tiny-9f8e.js', 'assets/font-7c6d.woff2']) {
      expect(existsSync(join(dir, `${name}.br`)), name).toBe(false);
      expect(existsSync(join(dir, `${name}.gz`)), name).toBe(false);
    }
  });
});
