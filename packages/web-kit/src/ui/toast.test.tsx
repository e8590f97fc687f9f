import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Modal } from './modal';
import { ToastProvider, useToast } from './toast';

function Harness() {
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const buttons = (
    <>
      <button type="button" onClick={() => toast.danger('Transfer failed')}>
        fail
      </button>
      <button type="button" onClick={() => toast.success('Transfer done')}>
        succeed
      </button>
    </>
  );
  return (
    <>
      {buttons}
      <button type="button" onClick={() => setOpen(true)}>
        open
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title="Transfer">
        {buttons}
      </Modal>
    </>
  );
}

function setup() {
  const user = userEvent.setup();
  render(
    <ToastProvider>
      <Harness />
    </ToastProvider>,
  );
  return user;
}

describe('toasts', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('leaves no timer behind once the page that showed them is gone', () => {
    vi.useFakeTimers();
    const { unmount } = render(
      <ToastProvider>
        <Harness />
      </ToastProvider>,
    );
    act(() => screen.getByRole('button', { name: 'fail' }).click());
    expect(screen.getByRole('alert').textContent).toContain('Transfer failed');
    unmount();
    // A dismissal firing later would update a provider that no longer exists (in the component tests, after
    // the test environment's window had gone).
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a success replaces the error it answers instead of standing beside it', async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'fail' }));
    expect(screen.getByRole('alert').textContent).toContain('Transfer failed');
    await user.click(screen.getByRole('button', { name: 'succeed' }));
    expect(screen.getByRole('status').textContent).toContain('Transfer done');
    expect(screen.queryByText('Transfer failed')).toBeNull();
  });

  it('inside an open dialog, the toast sits in the dialog between its header and body, never over its controls', async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'open' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'fail' }));
    const alert = within(dialog).getByRole('alert');
    expect(alert.textContent).toContain('Transfer failed');
    // In the dialog's own flow (not a fixed layer on top of the page): after the header with its close button.
    const header = dialog.querySelector('.modal-header');
    expect(header?.compareDocumentPosition(alert)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(screen.getAllByText('Transfer failed')).toHaveLength(1);

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    // The dialog has gone; the message is still readable in the page's own place.
    expect(screen.getByRole('alert').textContent).toContain('Transfer failed');
  });

  it("a dialog opened after an action does not show that action's toast over its header: the toast is dismissed", async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'succeed' }));
    expect(screen.getByRole('status').textContent).toContain('Transfer done');
    await user.click(screen.getByRole('button', { name: 'open' }));
    const dialog = screen.getByRole('dialog');
    // The toast belonged to the page's action; the next dialog starts clean, and it does not come back later.
    expect(screen.queryByText('Transfer done')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'fail' }));
    expect(within(dialog).getByRole('alert').textContent).toContain('Transfer failed');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByText('Transfer done')).toBeNull();
    expect(screen.getByRole('alert').textContent).toContain('Transfer failed');
  });
});
