import type { HomeBanner } from '@wallet/contract/lookup';
import { BellIcon } from '@wallet/web-kit/ui/icons';
import { SafeHtml } from '@wallet/web-kit/ui/safe-html';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { mediaUrl } from '@/lib/media-url';
import { useHomeBanners } from '../api/get-home-banners';
import { useNotice } from '../api/get-notice';

/** Where a tap on a banner goes: a path of this app, an outside page in a new tab, or nowhere. */
function BannerLink({ banner, children }: { banner: HomeBanner; children: ReactNode }) {
  if (banner.link.startsWith('/')) return <Link to={banner.link}>{children}</Link>;
  if (banner.link.startsWith('https://')) {
    return (
      <a href={banner.link} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    );
  }
  return children;
}

function BannerImage({ banner }: { banner: HomeBanner }) {
  return (
    <img
      src={mediaUrl(banner.image)}
      alt={banner.alt}
      className="home-banner-image"
      loading="lazy"
      decoding="async"
      width={960}
      height={400}
    />
  );
}

/** The slides at the top of the home screen: a row that scrolls and snaps, one slide in view. */
export function HomeSlides() {
  const { t } = useTranslation();
  const slides = useHomeBanners().data?.slides ?? [];
  if (slides.length === 0) return null;
  return (
    <section className="home-slides" aria-label={t('home.slides')} data-testid="home-slides">
      <ul className="home-slides-track">
        {slides.map((slide, index) => (
          <li
            key={slide.id}
            className="home-slide"
            aria-label={t('ui.slide', { index: index + 1, total: slides.length })}
          >
            <BannerLink banner={slide}>
              <BannerImage banner={slide} />
            </BannerLink>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The operator's notice (sanitised on the server when saved, and again here), when there is one. */
export function HomeNotice() {
  const { t } = useTranslation();
  const notice = useNotice().data?.notice ?? '';
  if (!notice.trim()) return null;
  return (
    <section className="home-notice" aria-label={t('home.notice')} data-testid="home-notice">
      <BellIcon />
      <SafeHtml html={notice} className="home-notice-text" />
    </section>
  );
}

/** The banners under the widget grid, one under another. */
export function HomeBanners() {
  const { t } = useTranslation();
  const banners = useHomeBanners().data?.banners ?? [];
  if (banners.length === 0) return null;
  return (
    <section className="home-banners" aria-label={t('home.banners')} data-testid="home-banners">
      {banners.map((banner) => (
        <div key={banner.id} className="home-banner">
          <BannerLink banner={banner}>
            <BannerImage banner={banner} />
          </BannerLink>
        </div>
      ))}
    </section>
  );
}
