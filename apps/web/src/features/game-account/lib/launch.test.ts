import { describe, expect, it } from 'vitest';
import { gameAccount } from '@/test/wallet-fixtures';
import { isAutoLoginProvider, preferredLink, resolveGameLink } from './launch';

const plain = { apiBaseUrl: '', customHostProvider: '', customHost: '' };

describe('game launch links', () => {
  it('resolves server-relative links against the API base URL, like the HTTP client', () => {
    expect(resolveGameLink('pg', '/sandbox/games/pg/play?session=1', plain)).toBe('/sandbox/games/pg/play?session=1');
    expect(resolveGameLink('pg', '/sandbox/play', { ...plain, apiBaseUrl: 'https://api.example.com' })).toBe(
      'https://api.example.com/sandbox/play',
    );
    expect(resolveGameLink('pg', 'https://games.example/x', { ...plain, apiBaseUrl: 'https://api.example.com' })).toBe(
      'https://games.example/x',
    );
  });

  it('moves only the configured provider to the custom host, keeping path, query and hash', () => {
    const settings = { apiBaseUrl: '', customHostProvider: 'joker', customHost: 'play.example.com' };
    expect(resolveGameLink('joker', 'http://games.example:8080/a/b?c=1#d', settings)).toBe(
      'https://play.example.com/a/b?c=1#d',
    );
    expect(resolveGameLink('pg', 'http://games.example/a', settings)).toBe('http://games.example/a');
    expect(resolveGameLink('joker', '/x', { ...settings, customHost: 'http://alt.example:81/ignored' })).toBe(
      'http://alt.example:81/x',
    );
  });

  it('knows the auto-login providers of SPEC §2', () => {
    expect(isAutoLoginProvider('pg')).toBe(true);
    expect(isAutoLoginProvider('huayhd')).toBe(true);
    expect(isAutoLoginProvider('joker')).toBe(false);
  });

  it('plays the web link first, else the device app link', () => {
    const android = 'Mozilla/5.0 (Linux; Android 14)';
    expect(preferredLink(gameAccount({ code: 'a', android: '/and' }), android)).toBe(
      '/sandbox/games/a/play?session=s-a',
    );
    expect(preferredLink(gameAccount({ code: 'a', web: null, android: '/and', ios: '/ios' }), android)).toBe('/and');
    expect(preferredLink(gameAccount({ code: 'a', web: null, android: '/and', ios: '/ios' }), 'iPhone')).toBe('/ios');
    expect(preferredLink(gameAccount({ code: 'a', web: null }), android)).toBeNull();
  });
});
