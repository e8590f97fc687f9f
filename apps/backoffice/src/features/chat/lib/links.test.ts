import { describe, expect, it } from 'vitest';
import { safeHref, splitLinks } from './links';

describe('chat links', () => {
  it('cuts a text into text and http(s) links, leaving the closing punctuation out of the address', () => {
    expect(splitLinks('see https://example.com/a?b=1, then www.test.co.th.')).toEqual([
      { kind: 'text', text: 'see ' },
      { kind: 'link', text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { kind: 'text', text: ', then ' },
      { kind: 'link', text: 'www.test.co.th', href: 'https://www.test.co.th/' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('never makes a link of another scheme, and keeps markup as plain text', () => {
    expect(splitLinks('javascript:alert(1) <img src=x onerror=alert(1)>')).toEqual([
      { kind: 'text', text: 'javascript:alert(1) <img src=x onerror=alert(1)>' },
    ]);
    expect(safeHref('data:text/html,hi')).toBeNull();
    expect(safeHref('https://ok.example')).toBe('https://ok.example/');
  });
});
