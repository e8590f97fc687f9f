export * from './account.ts';
export * from './common.ts';
export * from './constants.ts';
export * from './errors.ts';
export * from './lookup.ts';
export * from './money.ts';
export * from './otp.ts';
