// @vitest-environment jsdom
// DOMPurify relies on DOM details that happy-dom does not reproduce (it drops safe tags and keeps <script>),
// so sanitising is checked against jsdom, which behaves like a browser here.
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SafeHtml } from './safe-html';

describe('SafeHtml', () => {
  it('SafeHtml strips scripts and event handlers from server HTML', () => {
    const { container } = render(
      <SafeHtml html={'<b onclick="alert(1)">Bold</b><script>alert(2)</script><img src=x onerror="alert(3)">'} />,
    );
    expect(container.innerHTML).not.toMatch(/script|onclick|onerror/);
    expect(container.querySelector('b')?.textContent).toBe('Bold');
  });

  it('keeps harmless markup and makes new-tab links safe', () => {
    const { container } = render(<SafeHtml html={'<p>Rule <a href="/x" target="_blank">one</a></p>'} />);
    const link = container.querySelector('a');
    expect(link?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(container.querySelector('p')?.textContent).toBe('Rule one');
  });
});
