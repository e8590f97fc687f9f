import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, type Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { compileHints } from './compile-hints.ts';

/** A small app built by Vite as the player app is: an entry loading two screens that share a module. */
function fixture(): string {
  const root = mkdtempSync(join(tmpdir(), 'compile-hints-'));
  mkdirSync(join(root, 'src'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><script type="module" src="/src/main.js"></script>');
  writeFileSync(
    join(root, 'src/main.js'),
    "document.addEventListener('click', (event) => (event.detail ? import('./a.js') : import('./b.js')));",
  );
  writeFileSync(join(root, 'src/shared.js'), 'export function shared(x) { return x * 2; }');
  writeFileSync(join(root, 'src/a.js'), "import { shared } from './shared.js'; export const a = () => shared(1);");
  writeFileSync(join(root, 'src/b.js'), "import { shared } from './shared.js'; export const b = () => shared(2);");
  return root;
}

describe('the compile hint', () => {
  it('is the first line of the entry, above the preload map Vite writes there, and of no other chunk', async () => {
    const root = fixture();
    const output = (await build({
      root,
      logLevel: 'silent',
      configFile: false,
      plugins: [compileHints()],
      build: { write: false, outDir: join(root, 'dist') },
    })) as Rollup.RollupOutput;
    const chunks = output.output.filter((file): file is Rollup.OutputChunk => file.type === 'chunk');
    const entry = chunks.find((chunk) => chunk.isEntry);
    expect(entry?.code.split('\n')[0]).toBe('//# allFunctionsCalledOnLoad');
    // The map is there to be above: the two screens' shared chunk is preloaded through it.
    expect(entry?.code).toContain('__vite__mapDeps');
    const others = chunks.filter((chunk) => !chunk.isEntry);
    expect(others.length).toBeGreaterThan(1);
    for (const chunk of others) expect(chunk.code, chunk.fileName).not.toContain('allFunctionsCalledOnLoad');
  });
});
