import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { findHardCodedText, renderingFiles } from '@wallet/web-kit/testing/hardcoded-text';
import { describe, expect, it } from 'vitest';

/** The player app's checker, over the back office's own JSX (the kit's is checked by the player app). */
const srcDir = join(import.meta.dirname, '..');

describe('no hard-coded visible text in the back office JSX', () => {
  it('the checker catches literal text and literal visible attributes', () => {
    expect(findHardCodedText('const a = <p>Hello world</p>;')).toEqual(['Hello world']);
    expect(findHardCodedText('const a = <button aria-label="Close">{x}</button>;')).toEqual(['aria-label="Close"']);
    expect(findHardCodedText('const a = <p>สวัสดี</p>;')).toEqual(['สวัสดี']);
    expect(findHardCodedText("const a = <p>{t('nav.staff')}</p>;")).toEqual([]);
  });

  it.each(renderingFiles(srcDir).map((file) => [relative(srcDir, file), file]))('%s', (_name, file) => {
    expect(findHardCodedText(readFileSync(file, 'utf8'))).toEqual([]);
  });
});
