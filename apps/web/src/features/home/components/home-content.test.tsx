// @vitest-environment jsdom
// DOMPurify needs jsdom (happy-dom keeps <script>), as in web-kit's SafeHtml test.
import { screen } from '@testing-library/react';
import { mockApi } from '@wallet/web-kit/testing/mock-api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '@/test/render';
import { HomeBanners, HomeNotice, HomeSlides } from './home-content';

afterEach(() => vi.unstubAllGlobals());

const banners = {
  slides: [
    { id: 's1', image: '/media/banners/s1.png', link: '/user/bonus', alt: 'Double bonus' },
    { id: 's2', image: '/media/banners/s2.png', link: 'https://line.me/ti/p/lucky', alt: 'Talk to us' },
  ],
  banners: [{ id: 'b1', image: '/media/banners/b1.jpg', link: '', alt: 'Weekend cashback' }],
};

describe('home notice, slides and banners', () => {
  it('shows the notice in the player’s language, sanitised again in the browser', async () => {
    const calls = mockApi({
      'GET /api/lookup/notice': { body: { notice: '<p><b>Deposits</b> are back</p><img src=x onerror="alert(1)">' } },
    });
    renderScreen(<HomeNotice />);
    const notice = await screen.findByTestId('home-notice');
    expect(notice.textContent).toBe('Deposits are back');
    expect(notice.querySelector('b')?.textContent).toBe('Deposits');
    expect(notice.innerHTML).not.toContain('onerror');
    expect(calls[0]?.search).toBe('?lang=en');
  });

  it('shows nothing when the operator has no notice', async () => {
    const calls = mockApi({ 'GET /api/lookup/notice': { body: { notice: '' } } });
    const { container } = renderScreen(<HomeNotice />);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(container.querySelector('[data-testid="home-notice"]')).toBeNull();
  });

  it('shows the slides and banners as lazily loaded images with their alt text and links', async () => {
    mockApi({ 'GET /api/lookup/banners': { body: banners } });
    renderScreen(
      <>
        <HomeSlides />
        <HomeBanners />
      </>,
    );
    const bonus = await screen.findByAltText('Double bonus');
    expect(bonus.getAttribute('src')).toContain('/media/banners/s1.png');
    expect(bonus.getAttribute('loading')).toBe('lazy');
    expect(bonus.closest('a')?.getAttribute('href')).toBe('/user/bonus');
    const line = screen.getByAltText('Talk to us').closest('a');
    expect(line?.getAttribute('target')).toBe('_blank');
    expect(line?.getAttribute('rel')).toBe('noopener noreferrer');
    // A banner without a link is a picture, not a link to nowhere.
    expect(screen.getByAltText('Weekend cashback').closest('a')).toBeNull();
    expect(screen.getByTestId('home-slides').querySelectorAll('li')).toHaveLength(2);
  });
});
