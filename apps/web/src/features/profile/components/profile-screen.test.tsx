import { screen, within } from '@testing-library/react';
import { mockApi } from '@wallet/web-kit/testing/mock-api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '@/test/render';
import { ProfileScreen } from './profile-screen';

afterEach(() => vi.unstubAllGlobals());

const profile = (bankAccountNo: string) => ({
  _id: '6650f1c2a1b2c3d4e5f60718',
  name: 'Somchai Jaidee',
  username: '0812345678',
  createdAt: '2026-01-15T17:30:05.000Z',
  coin: 3,
  bankAccount: {
    bankCode: 'KBANK',
    bankAccountName: 'SOMCHAI JAIDEE',
    bankAccountNo,
    currency: null,
    bank: { nameTH: 'กสิกรไทย', nameEN: 'Kasikornbank' },
  },
});

describe('ProfileScreen', () => {
  it('shows the profile, Thai bank name, Bangkok time and a 10-digit account as 3-3-rest', async () => {
    mockApi({ 'GET /api/account/profile': { body: profile('1234567890') } });
    renderScreen(<ProfileScreen />);
    expect(await screen.findByText('123-456-7890')).toBeTruthy();
    expect(screen.getByText('Somchai Jaidee')).toBeTruthy();
    expect(screen.getByText('6650f1c2a1b2c3d4e5f60718')).toBeTruthy();
    expect(screen.getByText('กสิกรไทย')).toBeTruthy();
    expect(screen.getByText('16/01/2026 00:30:05')).toBeTruthy();
    expect(screen.getByDisplayValue('0812345678').hasAttribute('readonly')).toBe(true);
  });

  it('edits the name through PUT /api/account/profile, sending the bank details unchanged', async () => {
    let current = profile('1234567890');
    const calls = mockApi({
      'GET /api/account/profile': () => ({ body: current }),
      'PUT /api/account/profile': (body) => {
        current = { ...current, name: (body as { name: string }).name };
        return { body: { message: 'SUCCESS' } };
      },
    });
    const { user } = renderScreen(<ProfileScreen />);
    await screen.findByText('123-456-7890');
    await user.click(screen.getByRole('button', { name: 'Edit name' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit name' });
    const field = within(dialog).getByLabelText('Name');
    await user.clear(field);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    // An empty name is not sent.
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    await user.type(field, 'Somchai Rakdee');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Somchai Rakdee')).toBeTruthy();
    // The bank stays as it is: a bank change goes through its own request and review.
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      name: 'Somchai Rakdee',
      bankCode: 'KBANK',
      bankAccountName: 'SOMCHAI JAIDEE',
      bankAccountNo: '1234567890',
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('leaves other account number lengths as they are', async () => {
    mockApi({ 'GET /api/account/profile': { body: profile('123456789012') } });
    renderScreen(<ProfileScreen />);
    expect(await screen.findByText('123456789012')).toBeTruthy();
  });

  it('opens the change-password modal from the lock icon', async () => {
    mockApi({ 'GET /api/account/profile': { body: profile('1234567890') } });
    const { user } = renderScreen(<ProfileScreen />);
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByRole('dialog', { name: 'Change password' })).toBeTruthy();
  });

  it("refuses the player's own phone number as the new password", async () => {
    const calls = mockApi({ 'GET /api/account/profile': { body: profile('1234567890') } });
    const { user } = renderScreen(<ProfileScreen />);
    await screen.findByText('123-456-7890');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await user.type(screen.getByLabelText('Current password'), 'old-pass');
    await user.type(screen.getByLabelText('New password'), '0812345678');
    await user.type(screen.getByLabelText('Confirm new password'), '0812345678');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Change password' }));
    expect(screen.getByRole('alert').textContent).toBe('Do not use your phone number as the password.');
    expect(calls.some((call) => call.path === '/api/account/changepwd')).toBe(false);
  });
});

describe('ProfileScreen bank-account change (issue 14)', () => {
  const banks = [
    { code: 'KBANK', nameTH: 'กสิกรไทย', nameEN: 'Kasikornbank' },
    { code: 'SCB', nameTH: 'ไทยพาณิชย์', nameEN: 'Siam Commercial Bank' },
  ];
  const request = (status: 'pending' | 'refused', reason: string | null = null) => ({
    id: 'R1',
    status,
    bankCode: 'SCB',
    bankName: 'ไทยพาณิชย์',
    bankAccountName: 'SOMCHAI JAIDEE',
    bankAccountNo: '9876543210',
    reason,
    createdAt: '2026-01-16T03:00:00.000Z',
    decidedAt: null,
  });

  it('files a request with the password and shows it as pending, without a second change button', async () => {
    let current: ReturnType<typeof request> | null = null;
    const calls = mockApi({
      'GET /api/account/profile': { body: profile('1234567890') },
      'GET /api/lookup/banks': { body: banks },
      'GET /api/account/bank-change-request': () => ({ body: { request: current } }),
      'POST /api/account/bank-change-request': () => {
        current = request('pending');
        return { body: { request: current } };
      },
    });
    const { user } = renderScreen(<ProfileScreen />);
    await user.click(await screen.findByRole('button', { name: 'Change bank account' }));
    const dialog = screen.getByRole('dialog', { name: 'Change bank account' });
    await within(dialog).findByRole('option', { name: 'Siam Commercial Bank' });
    await user.selectOptions(within(dialog).getByLabelText('Bank'), 'SCB');
    await user.type(within(dialog).getByLabelText('Account number'), '987-654-3210');
    await user.type(within(dialog).getByLabelText('Account name'), 'somchai jaidee');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await user.type(within(dialog).getByLabelText('Current password'), 'secret123');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    const card = await screen.findByTestId('bank-change-request');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      bankCode: 'SCB',
      bankAccountNo: '9876543210',
      bankAccountName: 'SOMCHAI JAIDEE',
      password: 'secret123',
    });
    expect(card.textContent).toContain('Change waiting for approval');
    expect(card.textContent).toContain('987-654-3210');
    // The registered account stays until staff approve.
    expect(screen.getByText('123-456-7890')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Change bank account' })).toBeNull();
  });

  it("shows a refusal with the operator's reason and lets the player ask again", async () => {
    mockApi({
      'GET /api/account/profile': { body: profile('1234567890') },
      'GET /api/account/bank-change-request': { body: { request: request('refused', 'Name does not match') } },
    });
    renderScreen(<ProfileScreen />);
    const card = await screen.findByTestId('bank-change-request');
    expect(card.textContent).toContain('Change refused');
    expect(card.textContent).toContain('Reason: Name does not match');
    expect(screen.getByRole('button', { name: 'Change bank account' })).toBeTruthy();
  });
});
