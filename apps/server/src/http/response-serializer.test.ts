import { walletMoveResponse, walletResponse } from '@wallet/contract/wallet';
import { serializerCompiler as libraryCompiler, ResponseSerializationError } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isCheckOnly, serializerCompiler } from './response-serializer.ts';

const compile = (compiler: typeof serializerCompiler, schema: z.ZodType) =>
  compiler({ schema, method: 'GET', url: '/test', httpStatus: '200' } as Parameters<typeof compiler>[0]);

const slot = {
  code: 'pg',
  name: 'Pearl Grove',
  logo: '/media/games/pg/logo.svg',
  background: '/media/games/pg/background.svg',
  isActive: true,
  amount: 12.5,
  ftWalletSlot: 1,
  web: '/sandbox/games/pg/play?session=abc',
  android: null,
  ios: null,
  category: 'slot',
  // Not in the contract: must not leave the server.
  password: 'secret',
};
const wallet = {
  profile: {
    _id: 'DEMO000001',
    name: 'Somsak',
    username: '0812345678',
    createdAt: '2026-01-15T03:00:00.000Z',
    coin: 3,
  },
  bankAccount: {
    bankCode: 'SCB',
    bankAccountName: 'Somsak',
    bankAccountNo: '1234567890',
    currency: 'BAHT',
    bank: { nameTH: 'ไทยพาณิชย์', nameEN: 'SCB' },
  },
  wallet: { amount: 100.25 },
  invite: { amount: 0, success: 0, fail: 0 },
  slots: [slot, { ...slot, code: 'joker2', isActive: false, web: null }],
};

describe('response serializer', () => {
  it('takes the fast path for the wallet’s answers, which only check', () => {
    expect(isCheckOnly(walletResponse)).toBe(true);
    expect(isCheckOnly(walletMoveResponse)).toBe(true);
  });

  it('leaves to the library any schema that could change the data', () => {
    expect(isCheckOnly(z.object({ a: z.string().transform((s) => s.length) }))).toBe(false);
    expect(isCheckOnly(z.object({ a: z.string().default('x') }))).toBe(false);
    expect(isCheckOnly(z.object({ a: z.string().trim() }))).toBe(false);
    expect(isCheckOnly(z.array(z.stringbool()))).toBe(false);
    expect(isCheckOnly(z.object({ a: z.lazy(() => z.string()) }))).toBe(false);
    const withTransform = compile(serializerCompiler, z.object({ n: z.number().transform(String) }));
    // The library's own behaviour for such a schema: it refuses to encode a one-way transform.
    expect(() => withTransform({ n: 1 })).toThrow();
  });

  it('writes exactly what the library writes, unknown keys dropped', () => {
    for (const [schema, data] of [
      [walletResponse, wallet],
      [walletMoveResponse, { message: 'SUCCESS', wallet: { amount: 5 }, extra: true }],
    ] as const) {
      const ours = compile(serializerCompiler, schema)(data);
      expect(ours).toBe(compile(libraryCompiler, schema)(data));
      expect(ours).not.toContain('secret');
    }
  });

  it('refuses an answer that breaks the contract, as the library does', () => {
    const bad = { ...wallet, slots: [{ ...slot, category: 'casino' }] };
    expect(() => compile(serializerCompiler, walletResponse)(bad)).toThrow(ResponseSerializationError);
    expect(() => compile(serializerCompiler, walletMoveResponse)({ message: 'SUCCESS' })).toThrow(
      ResponseSerializationError,
    );
  });
});
