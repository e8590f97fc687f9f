import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '@/test/render';
import { LanguageMenu } from './language-menu';

describe('LanguageMenu', () => {
  it('switches at once and persists the locale and the upper-cased cookie', async () => {
    const { user } = renderScreen(<LanguageMenu />);
    // The accessible name keeps the visible language (axe label-content-name-mismatch): voice control says "English".
    await user.click(screen.getByRole('button', { name: 'Language English' }));
    expect(screen.getByRole('button', { name: 'English' }).hasAttribute('disabled')).toBe(true);

    await user.click(screen.getByRole('button', { name: 'ລາວ' }));
    expect(await screen.findByRole('button', { name: 'ພາສາ ລາວ' })).toBeTruthy();
    expect(localStorage.getItem('locale')).toBe('lo');
    expect(document.cookie).toContain('lang=LO');
    expect(document.documentElement.lang).toBe('lo');

    await user.click(screen.getByRole('button', { name: 'ພາສາ ລາວ' }));
    expect(screen.getByRole('button', { name: 'ລາວ' }).hasAttribute('disabled')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'ไทย' }));
    expect(await screen.findByRole('button', { name: 'ภาษา ไทย' })).toBeTruthy();
    expect(localStorage.getItem('locale')).toBe('th');
    expect(document.cookie).toContain('lang=TH');
    expect(document.documentElement.lang).toBe('th');
  });
});
