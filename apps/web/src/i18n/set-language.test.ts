import { LANGUAGE_COOKIE } from '@wallet/contract/constants';
import { describe, expect, it, vi } from 'vitest';
import { setLanguage } from './i18n';

describe('setLanguage', () => {
  it('writes the language cookie only when it changes: each write is a synchronous trip to the browser, on every start', async () => {
    let owner: object = document;
    while (!Object.getOwnPropertyDescriptor(owner, 'cookie')) owner = Object.getPrototypeOf(owner);
    const write = vi.spyOn(owner as Document, 'cookie', 'set');
    await setLanguage('en');
    expect(document.cookie).toContain(`${LANGUAGE_COOKIE}=EN`);
    const writes = write.mock.calls.length;

    await setLanguage('en');
    expect(write.mock.calls.length).toBe(writes);

    await setLanguage('lo');
    expect(document.cookie).toContain(`${LANGUAGE_COOKIE}=LO`);
    expect(write.mock.calls.length).toBe(writes + 1);
    await setLanguage('th');
  });
});
