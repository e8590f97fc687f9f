import { describe, expect, it } from 'vitest';
import { readConfig } from './config';

describe('build settings', () => {
  it('connects the chat socket to the serving origin unless told otherwise', () => {
    expect(readConfig({}).chatBackendUrl).toBe('/');
    expect(readConfig({ VITE_CHAT_BACKEND_URL: '' }).chatBackendUrl).toBe('');
    expect(readConfig({ VITE_CHAT_BACKEND_URL: ' https://chat.example.test ' }).chatBackendUrl).toBe(
      'https://chat.example.test',
    );
  });
});
