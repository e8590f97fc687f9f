import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '@/test/render';
import { LanguageMenu } from './language-menu';

describe('LanguageMenu', () => {
  it('switches at once and persists the locale and the upper-cased cookie', async () => {
    const { user } = renderScreen(<LanguageMenu />);
    await user.click(screen.getByRole('button', { name: 'Language' }));
    expect(screen.getByRole('button', { name: 'English' }).hasAttribute('disabled')).toBe(true);

    await user.click(screen.getByRole('button', { name: 'ລາວ' }));
    expect(await screen.findByRole('button', { name: 'ພາສາ' })).toBeTruthy();
    expect(localStorage.getItem('locale')).toBe('lo');
    expect(document.cookie).toContain('lang=LO');
    expect(document.documentElement.lang).toBe('lo');

    await user.click(screen.getByRole('button', { name: 'ພາສາ' }));
    expect(screen.getByRole('button', { name: 'ລາວ' }).hasAttribute('disabled')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'ไทย' }));
    expect(await screen.findByRole('button', { name: 'ภาษา' })).toBeTruthy();
    expect(localStorage.getItem('locale')).toBe('th');
    expect(document.cookie).toContain('lang=TH');
    expect(document.documentElement.lang).toBe('th');
  });
});
