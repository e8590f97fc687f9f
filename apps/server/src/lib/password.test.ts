import { afterEach, describe, expect, it, vi } from 'vitest';

/** The module as a process with this NODE_ENV loads it (its cost is chosen once, on load). */
async function passwordModule(nodeEnv: string) {
  vi.resetModules();
  vi.stubEnv('NODE_ENV', nodeEnv);
  return import('./password.ts');
}

describe('password hashing', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it.each(['production', 'development'])('hashes at full cost (scrypt N=16384) with NODE_ENV=%s', async (env) => {
    const { hashPassword, verifyPassword } = await passwordModule(env);
    const stored = await hashPassword('correct horse');
    expect(stored).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(await verifyPassword('correct horse', stored)).toBe(true);
    expect(await verifyPassword('wrong horse', stored)).toBe(false);
  });

  it('hashes cheaper under the test runner only, and each hash verifies at the cost it records', async () => {
    const test = await passwordModule('test');
    const cheap = await test.hashPassword('correct horse');
    expect(cheap).toMatch(/^scrypt\$1024\$8\$1\$/);
    const production = await passwordModule('production');
    const full = await production.hashPassword('correct horse');
    expect(await production.verifyPassword('correct horse', cheap)).toBe(true);
    expect(await test.verifyPassword('correct horse', full)).toBe(true);
    expect(await test.verifyPassword('correct horse!', full)).toBe(false);
  });

  it('salts every hash', async () => {
    const { hashPassword } = await passwordModule('test');
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
  });
});
