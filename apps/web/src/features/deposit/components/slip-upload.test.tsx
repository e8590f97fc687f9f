import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IMAGE_MAX_BYTES, UPLOAD_TIMEOUT_MS } from '@wallet/contract/constants';
import { SLIP_FILE_FIELD } from '@wallet/contract/slip';
import type { Slip } from '@wallet/contract/statement';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubXhr } from '@/test/fake-xhr';
import { openTab, renderDeposit } from '../testing/deposit-fixtures';

afterEach(() => vi.unstubAllGlobals());

const png = (size = 2048, name = 'slip.png') => new File([new Uint8Array(size)], name, { type: 'image/png' });

function slip(overrides: Partial<Slip> = {}): Slip {
  return {
    createdAt: '2026-03-01T10:00:00.000Z',
    amount: 0,
    status: 'processing',
    note: null,
    link: '/api/statement/slip/reference/REF1',
    reference: 'REF1',
    ...overrides,
  };
}

async function openSlip(isOpen = true, handlers = {}) {
  const xhr = stubXhr();
  const view = renderDeposit({ handlers: { 'GET /api/lookup/slip': { body: { isOpen } }, ...handlers } });
  await openTab(view.user, 'slip');
  const input = screen.getByTestId('slip-input') as HTMLInputElement;
  if (isOpen) await waitFor(() => expect(input.disabled).toBe(false));
  return { ...view, xhr, input };
}

describe('Slip upload', () => {
  it('states the slip rules and accepts PNG and JPEG images only', async () => {
    const { input } = await openSlip();
    expect(input.accept).toBe('image/png,image/jpeg');
    const panel = screen.getByTestId('deposit-panel-slip');
    expect(panel.textContent).toContain('Upload the slip within 1 hour of your transfer.');
    expect(panel.textContent).toContain('Slip upload is closed for a period every day.');
  });

  it('while the daily window is closed, says so and disables the upload', async () => {
    const { input } = await openSlip(false);
    expect((await screen.findByTestId('slip-closed')).textContent).toBe(
      'Slip upload is closed right now. Please try again later.',
    );
    expect(input.disabled).toBe(true);
  });

  it('refuses a file over 10 MB before uploading anything', async () => {
    const { user, input, xhr } = await openSlip();
    await user.upload(input, png(IMAGE_MAX_BYTES + 1));
    const toast = (
      await screen.findByText('The file is too large. Please select a file no larger than 10 MB.')
    ).closest('.toast');
    expect(toast?.classList.contains('toast-danger')).toBe(true);
    expect(xhr.requests).toEqual([]);
  });

  it('refuses a file that is not PNG or JPEG before uploading anything', async () => {
    const { input, xhr } = await openSlip();
    const lenient = userEvent.setup({ applyAccept: false });
    await lenient.upload(input, new File(['GIF89a'], 'slip.gif', { type: 'image/gif' }));
    expect(await screen.findByText('This file is not a valid slip image.')).toBeTruthy();
    expect(xhr.requests).toEqual([]);
  });

  it('uploads the image as the multipart file field with a progress bar, then shows the slip still being checked', async () => {
    const { user, input, xhr } = await openSlip();
    const file = png();
    await user.upload(input, file);
    const request = xhr.requests[0]!;
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/api/wallet/slip');
    expect(request.timeout).toBe(UPLOAD_TIMEOUT_MS);
    expect(request.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect((request.body as FormData).get(SLIP_FILE_FIELD)).toBeInstanceOf(File);
    expect(((request.body as FormData).get(SLIP_FILE_FIELD) as File).size).toBe(file.size);
    expect(input.disabled).toBe(true);

    const bar = (await screen.findByTestId('slip-progress')) as HTMLProgressElement;
    expect(bar.value).toBe(0);
    act(() => request.progress(512, 2048));
    expect(bar.value).toBe(25);
    act(() => request.progress(2048, 2048));
    expect(bar.value).toBe(100);

    act(() => request.respond(200, { message: 'OK', slip: slip() }));
    const result = await screen.findByTestId('slip-result');
    expect(result.textContent).toContain('In progress');
    expect(result.textContent).toContain('The slip is received and being checked.');
    expect(result.textContent).toContain('REF1');
    expect(screen.queryByTestId('slip-progress')).toBeNull();
    expect(input.disabled).toBe(false);
  });

  it('shows a failed slip with its translated reason in brackets', async () => {
    const { user, input, xhr } = await openSlip();
    await user.upload(input, png());
    act(() =>
      xhr.requests[0]!.respond(200, { message: 'OK', slip: slip({ status: 'failed', note: 'SLIP_REFNO_DUPLICATED' }) }),
    );
    const result = await screen.findByTestId('slip-result');
    expect(result.textContent).toContain('Failed (Duplicate slip)');
    expect(result.textContent).toContain('This slip could not be accepted.');
    expect(result.classList.contains('is-failed')).toBe(true);
    // The pill holds the status only; the reason is plain text on its own line (issue 18, flow 11).
    expect(result.querySelector('.status-badge')?.textContent).toBe('Failed');
    expect(result.querySelector('.slip-reason')?.textContent).toBe('(Duplicate slip)');
  });

  it('shows a credited slip with its amount and reloads the wallet', async () => {
    const { user, input, xhr, count } = await openSlip();
    const walletLoads = count('GET', '/api/wallet');
    await user.upload(input, png());
    act(() => xhr.requests[0]!.respond(200, { message: 'SUCCESS', slip: slip({ status: 'success', amount: 500 }) }));
    const result = await screen.findByTestId('slip-result');
    expect(result.textContent).toContain('Success');
    expect(result.textContent).toContain('The slip is verified: 500.00 baht was added to your wallet.');
    await waitFor(() => expect(count('GET', '/api/wallet')).toBeGreaterThan(walletLoads));
  });

  it.each([
    [429, 'REQUEST_LIMIT_1MIN', 'Please wait 1 minute before trying again.'],
    [400, 'SLIP_NO_FILE', 'Please choose a slip image.'],
    [400, 'SLIP_INVALID_FILE', 'This file is not a valid slip image.'],
  ])('shows a %i %s answer as a danger toast', async (status, code, text) => {
    const { user, input, xhr } = await openSlip();
    await user.upload(input, png());
    act(() => xhr.requests[0]!.respond(status, { message: code }));
    const toast = (await screen.findByText(text)).closest('.toast');
    expect(toast?.classList.contains('toast-danger')).toBe(true);
    expect(screen.queryByTestId('slip-result')).toBeNull();
  });

  it('SLIP_UPLOAD_CLOSED shows its message and re-reads the window, which then disables the upload', async () => {
    let open = true;
    const { user, input, xhr, count } = await openSlip(true, {
      'GET /api/lookup/slip': () => ({ body: { isOpen: open } }),
    });
    const lookups = count('GET', '/api/lookup/slip');
    await user.upload(input, png());
    open = false;
    act(() => xhr.requests[0]!.respond(403, { message: 'SLIP_UPLOAD_CLOSED' }));
    expect(await screen.findByText('Slip upload is closed for now. Please try again later.')).toBeTruthy();
    await waitFor(() => expect(count('GET', '/api/lookup/slip')).toBe(lookups + 1));
    expect(await screen.findByTestId('slip-closed')).toBeTruthy();
    expect(input.disabled).toBe(true);
  });
});
