import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { findHardCodedText, renderingFiles } from '@wallet/web-kit/testing/hardcoded-text';
import { KIT_SOURCE_DIR } from '@wallet/web-kit/testing/translations';
import { describe, expect, it } from 'vitest';

const srcDir = join(import.meta.dirname, '..');

describe('no hard-coded visible text in JSX', () => {
  it('the checker catches literal text and literal visible attributes', () => {
    expect(findHardCodedText('const a = <p>Hello world</p>;')).toEqual(['Hello world']);
    expect(findHardCodedText('const a = <button aria-label="Close">{x}</button>;')).toEqual(['aria-label="Close"']);
    expect(findHardCodedText('const a = <p>สวัสดี</p>;')).toEqual(['สวัสดี']);
    expect(findHardCodedText('const a = <p>ສະບາຍດີ</p>;')).toEqual(['ສະບາຍດີ']);
    expect(findHardCodedText("const a = <p>{t('login.title')}</p>;")).toEqual([]);
    expect(findHardCodedText('const icons = { a: <A />, b: <B /> };')).toEqual([]);
  });

  // The web kit's components show their texts in this app, so they are held to the same rule.
  it.each([...renderingFiles(srcDir), ...renderingFiles(KIT_SOURCE_DIR)].map((file) => [relative(srcDir, file), file]))(
    '%s',
    (_name, file) => {
      expect(findHardCodedText(readFileSync(file, 'utf8'))).toEqual([]);
    },
  );
});
