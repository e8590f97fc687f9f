import { screen, waitFor, within } from '@testing-library/react';
import type { Language } from '@wallet/contract/constants';
import { mockApi, type Reply } from '@wallet/web-kit/testing/mock-api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/i18n/i18n';
import { joinedWord } from '@/i18n/keep-whole';
import { renderScreen } from '@/test/render';
import { InviteClaimDialog } from './invite-claim-dialog';

afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('en');
});

function open(reply: Reply) {
  const calls = mockApi({ 'GET /api/invite/bonus': reply });
  const onClose = vi.fn();
  const view = renderScreen(<InviteClaimDialog invite={{ amount: 50, success: 200, fail: 10 }} onClose={onClose} />);
  return { ...view, calls, onClose };
}

describe('Invite claim dialog', () => {
  it('shows the amount with the success and fail percents, and receives with claim=true', async () => {
    const { user, calls, onClose } = open({
      body: { amount: 0, success: 200, fail: 10, message: 'INVITE_BONUS_SUCCESS' },
    });
    const dialog = screen.getByRole('dialog', { name: 'Receive invite bonus' });
    expect(within(dialog).getByTestId('invite-claim-amount').textContent).toBe('50.00');
    expect(within(dialog).getByTestId('invite-success-rule').textContent).toBe(
      'You can withdraw when your credit reaches 200% of your starting credit.',
    );
    expect(within(dialog).getByTestId('invite-fail-rule').textContent).toBe(
      'The bonus ends when your credit falls to 10% of your starting credit.',
    );
    await user.click(within(dialog).getByTestId('invite-claim'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.map((call) => `${call.method} ${call.path}${call.search}`)).toContain(
      'GET /api/invite/bonus?claim=true',
    );
    expect(await screen.findByText('You received the invite bonus.')).toBeTruthy();
  });

  const refusals: [Language, string, string][] = [
    ['en', 'NO_INVITE_BONUS', 'There is no invite bonus to receive.'],
    ['th', 'INVITE_INACTIVE', 'โบนัสแนะนำเพื่อนยังไม่เปิดให้บริการ'],
    ['lo', 'BONUS_ALREADY_ACTIVE', `ທ່ານມີ${joinedWord('ໂບນັດ')}ທີ່ກຳລັງໃຊ້ງານຢູ່ແລ້ວ`],
  ];
  it.each(refusals)(
    '%s: a refusal (%s) shows translated in an alert and the dialog stays',
    async (lang, code, text) => {
      await setLanguage(lang);
      const { user, onClose } = open({ status: 409, body: { message: code } });
      await user.click(screen.getByTestId('invite-claim'));
      const alert = await screen.findByRole('alertdialog');
      expect(within(alert).getByText(text)).toBeTruthy();
      expect(onClose).not.toHaveBeenCalled();
    },
  );
});
