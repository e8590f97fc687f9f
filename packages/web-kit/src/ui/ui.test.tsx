import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BUSINESS_TIME_ZONE } from '@wallet/contract/constants';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { AmountField } from './amount-field';
import { formatDateTime, RelativeTime, relativeParts } from './date-time';
import { Modal } from './modal';
import { formatMoney } from './money';
import { pageRange } from './paginator';

describe('shared formatting', () => {
  it('formats money with 2 decimals and thousands separators', () => {
    expect(formatMoney(1234567.5)).toBe('1,234,567.50');
    expect(formatMoney(0)).toBe('0.00');
    expect(formatMoney(-42.125)).toBe('-42.13');
  });

  it('formats dates as DD/MM/YYYY HH:mm:ss in Bangkok time', () => {
    expect(formatDateTime('2026-03-01T20:15:09Z')).toBe('02/03/2026 03:15:09');
  });

  it('agrees with the time-zone database for Asia/Bangkok across years, days and midnights', () => {
    const zone = new Intl.DateTimeFormat('en-GB', {
      timeZone: BUSINESS_TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    const start = Date.parse('1990-01-01T00:00:00Z');
    for (let at = start; at < Date.parse('2040-01-01T00:00:00Z'); at += 7_919_993_417) {
      for (const instant of [
        at,
        at - (at % 86_400_000) + 17 * 3_600_000 - 1,
        at - (at % 86_400_000) + 17 * 3_600_000,
      ]) {
        expect(formatDateTime(instant)).toBe(zone.format(instant).replace(',', ''));
      }
    }
  });

  it('picks the largest relative unit, counting a month as 30 days', () => {
    const now = Date.parse('2026-06-01T00:00:00Z');
    expect(relativeParts('2026-05-31T23:59:30Z', now)).toEqual({ unit: 'seconds', count: 30 });
    expect(relativeParts('2026-05-01T00:00:00Z', now)).toEqual({ unit: 'months', count: 1 });
    expect(relativeParts('2024-05-01T00:00:00Z', now)).toEqual({ unit: 'years', count: 2 });
    render(<RelativeTime value="2026-05-31T21:00:00Z" now={now} />);
    expect(screen.getByText('3 hours ago')).toBeTruthy();
  });

  it('pages 3 before and 1 after the current one', () => {
    expect(pageRange(5, 10, 3, 1)).toEqual([2, 3, 4, 5, 6]);
    expect(pageRange(1, 10, 3, 1)).toEqual([1, 2]);
    expect(pageRange(10, 10, 3, 1)).toEqual([7, 8, 9, 10]);
  });
});

function Amount({ invalid = false }: { invalid?: boolean }) {
  const [amount, setAmount] = useState('');
  return (
    <AmountField
      label="Amount"
      data-testid="amount"
      value={amount}
      onChange={setAmount}
      hint="At least 1"
      invalid={invalid}
    />
  );
}

describe('AmountField', () => {
  it('is a labelled decimal box named amount that says why a text is not an amount, and groups thousands on leaving', async () => {
    const user = userEvent.setup();
    render(<Amount />);
    const box = screen.getByLabelText('Amount') as HTMLInputElement;
    expect(box).toBe(screen.getByTestId('amount'));
    expect([box.name, box.inputMode, box.autocomplete, box.placeholder]).toEqual(['amount', 'decimal', 'off', '0.00']);
    expect(document.getElementById(box.getAttribute('aria-describedby') ?? '')?.textContent).toBe('At least 1');
    await user.type(box, '12a');
    expect(box.value).toBe('12a');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(box.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Use digits only, for example 1,000 or 1,000.50.',
    );
    await user.clear(box);
    // A comma on the way to "1,000" is not wrong yet; it is once the player leaves the box.
    await user.type(box, '１,๐');
    expect(box.value).toBe('1,0');
    expect(box.getAttribute('aria-invalid')).toBeNull();
    await user.tab();
    expect(box.getAttribute('aria-invalid')).toBe('true');
    await user.clear(box);
    await user.type(box, '1234567.5');
    await user.tab();
    expect(box.value).toBe('1,234,567.50');
    expect(box.getAttribute('aria-invalid')).toBeNull();
  });

  it('marks the box invalid when its message is shown elsewhere', () => {
    render(<Amount invalid />);
    expect(screen.getByTestId('amount').getAttribute('aria-invalid')).toBe('true');
  });
});

function Dialog({ dismissible }: { dismissible?: boolean }) {
  const [open, setOpen] = useState(true);
  return (
    <Modal
      open={open}
      onClose={() => setOpen(false)}
      title="Title"
      dismissible={dismissible}
      footer={
        <button type="button" onClick={() => setOpen(false)}>
          Answer
        </button>
      }
    >
      <p>Body</p>
    </Modal>
  );
}

describe('Modal', () => {
  it('closes on Escape, on a tap outside and with its close button', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<Dialog />);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    unmount();
    render(<Dialog />);
    await user.pointer({ keys: '[MouseLeft]', target: document.querySelector('.modal-backdrop') as Element });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('when not dismissible, only its own buttons close it', async () => {
    const user = userEvent.setup();
    render(<Dialog dismissible={false} />);
    expect(screen.getByRole('dialog').querySelectorAll('.modal-header button')).toHaveLength(0);
    await user.keyboard('{Escape}');
    await user.pointer({ keys: '[MouseLeft]', target: document.querySelector('.modal-backdrop') as Element });
    expect(screen.getByRole('dialog')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Answer' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
