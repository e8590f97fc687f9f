// @vitest-environment jsdom
// The live preview sanitises with DOMPurify, which needs jsdom (happy-dom keeps <script>).
import { screen, waitFor, within } from '@testing-library/react';
import type { BannerView, ContentTextsResponse, SiteDetailsResponse } from '@wallet/contract/backoffice/content';
import { mockApi } from '@wallet/web-kit/testing/mock-api';
import { describe, expect, it } from 'vitest';
import { me, renderApp, signedIn } from '@/test/render';

/** The screen's chunk and its first answers; a loaded machine takes longer than findBy's 1 s. */
const FIRST_PAINT = { timeout: 5_000 };

const texts: ContentTextsResponse = {
  items: (['notice', 'conditions', 'agreements', 'contact'] as const).flatMap((key) =>
    (['th', 'lo', 'en'] as const).map((language) => ({
      key,
      language,
      value:
        language === 'lo'
          ? null
          : key === 'conditions' || key === 'agreements'
            ? [`<p>${key} 1 ${language}</p>`, `<p>${key} 2 ${language}</p>`]
            : `<p>${key} ${language}</p>`,
    })),
  ),
};

const slide: BannerView = {
  id: 'b1',
  kind: 'slide',
  image: '/media/banners/b1.png',
  link: '/user/bonus',
  sortOrder: 1,
  enabled: true,
  alt: { th: 'โปรโมชัน', lo: '', en: 'Promotion' },
  updatedAt: '2026-03-01T00:00:00.000Z',
};

const details: SiteDetailsResponse = {
  info: { name: 'Lucky Wallet', website: 'http://old.example' },
  line: { lineName: '@lucky', lineLink: 'https://line.me/R/ti/p/@lucky', lineQR: '/media/line-qr.svg?v=abc123' },
};

describe('Content', { timeout: 20_000 }, () => {
  it('edits the notice per language with a sanitised live preview, and saves it', async () => {
    signedIn();
    const calls = mockApi({
      'GET /api/backoffice/me': { body: me('marketing') },
      'GET /api/backoffice/content/texts': { body: texts },
      'PUT /api/backoffice/content/texts/notice/lo': (body) => ({
        body: { key: 'notice', language: 'lo', value: (body as { value: string }).value },
      }),
    });
    const { user } = renderApp('/content');
    const editor = (await screen.findByTestId('text-editor', {}, FIRST_PAINT)) as HTMLTextAreaElement;
    expect(editor.value).toBe('<p>notice th</p>');
    await user.click(screen.getByTestId('language-lo'));
    expect(screen.getByText('No text in this language yet: players reading it see the Thai one.')).toBeTruthy();
    const lao = screen.getByTestId('text-editor') as HTMLTextAreaElement;
    expect(lao.value).toBe('');
    await user.click(lao);
    await user.paste('<b>ແຈ້ງການ</b><img src=x onerror=alert(1)>');
    const preview = screen.getByTestId('text-preview');
    expect(preview.querySelector('b')?.textContent).toBe('ແຈ້ງການ');
    expect(preview.innerHTML).not.toContain('onerror');
    await user.click(screen.getByTestId('text-save'));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      value: '<b>ແຈ້ງການ</b><img src=x onerror=alert(1)>',
    });
  });

  it('sends conditions as paragraphs split at the --- lines', async () => {
    signedIn();
    const calls = mockApi({
      'GET /api/backoffice/me': { body: me('owner') },
      'GET /api/backoffice/content/texts': { body: texts },
      'PUT /api/backoffice/content/texts/conditions/en': (body) => ({
        body: { key: 'conditions', language: 'en', value: (body as { value: string[] }).value },
      }),
    });
    const { user } = renderApp('/content');
    await user.selectOptions(await screen.findByLabelText('Text', {}, FIRST_PAINT), 'conditions');
    await user.click(screen.getByTestId('language-en'));
    const editor = screen.getByTestId('text-editor') as HTMLTextAreaElement;
    expect(editor.value).toBe('<p>conditions 1 en</p>\n---\n<p>conditions 2 en</p>');
    await user.click(editor);
    await user.keyboard('{Control>}{End}{/Control}');
    await user.paste('\n---\n<p>three</p>');
    expect(screen.getByTestId('text-preview').querySelectorAll('.preview-paragraph')).toHaveLength(3);
    await user.click(screen.getByTestId('text-save'));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      value: ['<p>conditions 1 en</p>', '<p>conditions 2 en</p>', '<p>three</p>'],
    });
  });

  it('lists slides and banners, hides one from players and saves a new order', async () => {
    signedIn();
    let current = slide;
    const calls = mockApi({
      'GET /api/backoffice/me': { body: me('marketing') },
      'GET /api/backoffice/content/texts': { body: texts },
      'GET /api/backoffice/content/banners': () => ({ body: { items: [current] } }),
      'PUT /api/backoffice/content/banners/b1': (body) => {
        const change = body as { enabled?: boolean; sortOrder?: number };
        current = {
          ...current,
          ...(change.enabled !== undefined ? { enabled: change.enabled } : {}),
          ...(change.sortOrder !== undefined ? { sortOrder: change.sortOrder } : {}),
          updatedAt: new Date().toISOString(),
        };
        return { body: { banner: current } };
      },
    });
    const { user } = renderApp('/content');
    await user.click(await screen.findByRole('tab', { name: 'Slides and banners' }, FIRST_PAINT));
    const row = await screen.findByTestId('banner-b1');
    expect(within(row).getByRole('img').getAttribute('src')).toBe('/media/banners/b1.png');
    await user.click(within(row).getByLabelText('Shown to players'));
    await waitFor(() => expect(within(screen.getByTestId('banner-b1')).getByText('Off')).toBeTruthy());
    expect(calls.filter((call) => call.method === 'PUT')[0]?.body).toEqual({ enabled: false });

    const order = within(screen.getByTestId('banner-b1')).getByLabelText('Order');
    await user.clear(order);
    await user.type(order, '4');
    await user.click(within(screen.getByTestId('banner-b1')).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(2));
    expect(calls.filter((call) => call.method === 'PUT')[1]?.body).toMatchObject({ sortOrder: 4, link: '/user/bonus' });
    expect(screen.getByRole('button', { name: 'Upload' })).toBeTruthy();
  });

  it('lets the auditor read the texts and banners but change nothing', async () => {
    signedIn();
    mockApi({
      'GET /api/backoffice/me': { body: me('auditor') },
      'GET /api/backoffice/content/texts': { body: texts },
      'GET /api/backoffice/content/banners': { body: { items: [slide] } },
    });
    const { user } = renderApp('/content');
    expect(((await screen.findByTestId('text-editor', {}, FIRST_PAINT)) as HTMLTextAreaElement).readOnly).toBe(true);
    expect(screen.queryByTestId('text-save')).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'Slides and banners' }));
    await screen.findByTestId('banner-b1');
    expect(screen.queryByRole('button', { name: 'Upload' })).toBeNull();
    expect((screen.getByLabelText('Shown to players') as HTMLInputElement).disabled).toBe(true);
  });

  it('saves the name and website only once the website is an https address', async () => {
    signedIn();
    const calls = mockApi({
      'GET /api/backoffice/me': { body: me('marketing') },
      'GET /api/backoffice/content/texts': { body: texts },
      'GET /api/backoffice/content/details': { body: details },
      'PUT /api/backoffice/content/info': (body) => ({ body }),
    });
    const { user } = renderApp('/content');
    await user.click(await screen.findByRole('tab', { name: 'Name and LINE' }, FIRST_PAINT));
    const form = await screen.findByTestId('info-form');
    const name = within(form).getByLabelText('Name') as HTMLInputElement;
    expect(name.value).toBe('Lucky Wallet');
    await user.clear(name);
    await user.type(name, 'Lucky Lao');
    await user.click(within(form).getByTestId('info-save'));
    // An http:// address (saved before https was required) is refused here before the server would refuse it.
    expect(within(form).getByRole('alert').textContent).toBe('Enter a full address starting with https://');
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    const website = within(form).getByLabelText(/Website/);
    await user.clear(website);
    await user.type(website, 'https://lucky.example');
    await user.type(within(form).getByLabelText(/Reason/), 'rebrand');
    await user.click(within(form).getByTestId('info-save'));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      name: 'Lucky Lao',
      website: 'https://lucky.example',
      reason: 'rebrand',
    });
  });

  it('saves the LINE fields with the QR drawn from the link or an https image, or none', async () => {
    signedIn();
    const calls = mockApi({
      'GET /api/backoffice/me': { body: me('owner') },
      'GET /api/backoffice/content/texts': { body: texts },
      'GET /api/backoffice/content/details': { body: details },
      'PUT /api/backoffice/content/line': (body) => ({ body }),
    });
    const { user } = renderApp('/content');
    await user.click(await screen.findByRole('tab', { name: 'Name and LINE' }, FIRST_PAINT));
    const form = await screen.findByTestId('line-form');
    expect((within(form).getByLabelText('QR code') as HTMLSelectElement).value).toBe('generated');
    expect(within(form).getByRole('img').getAttribute('src')).toBe('/media/line-qr.svg?v=abc123');

    // A drawn QR needs a link.
    await user.clear(within(form).getByLabelText(/LINE link/));
    await user.click(within(form).getByTestId('line-save'));
    expect(within(form).getByRole('alert').textContent).toBe('A QR drawn from the LINE link needs the link.');
    await user.type(within(form).getByLabelText(/LINE link/), 'https://line.me/R/ti/p/@lucky2');
    await user.click(within(form).getByTestId('line-save'));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      lineName: '@lucky',
      lineLink: 'https://line.me/R/ti/p/@lucky2',
      lineQR: '/media/line-qr.svg',
    });

    await user.selectOptions(within(form).getByLabelText('QR code'), 'url');
    await user.type(within(form).getByLabelText('QR image address'), 'http://cdn.example/qr.png');
    await user.click(within(form).getByTestId('line-save'));
    expect(within(form).getByRole('alert').textContent).toBe('Enter a full address starting with https://');
    await user.clear(within(form).getByLabelText('QR image address'));
    await user.type(within(form).getByLabelText('QR image address'), 'https://cdn.example/qr.png');
    await user.click(within(form).getByTestId('line-save'));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(2));
    expect(calls.filter((call) => call.method === 'PUT')[1]?.body).toMatchObject({
      lineQR: 'https://cdn.example/qr.png',
    });

    await user.selectOptions(within(form).getByLabelText('QR code'), 'none');
    await user.click(within(form).getByTestId('line-save'));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(3));
    expect(calls.filter((call) => call.method === 'PUT')[2]?.body).toMatchObject({ lineQR: '' });
  });

  it('shows the auditor the name and LINE fields read-only', async () => {
    signedIn();
    mockApi({
      'GET /api/backoffice/me': { body: me('auditor') },
      'GET /api/backoffice/content/texts': { body: texts },
      'GET /api/backoffice/content/details': { body: details },
    });
    const { user } = renderApp('/content');
    await user.click(await screen.findByRole('tab', { name: 'Name and LINE' }, FIRST_PAINT));
    expect(((await screen.findByLabelText('Name')) as HTMLInputElement).readOnly).toBe(true);
    expect(screen.queryByTestId('info-save')).toBeNull();
    expect(screen.queryByTestId('line-save')).toBeNull();
    expect((screen.getByLabelText('QR code') as HTMLSelectElement).disabled).toBe(true);
  });
});
