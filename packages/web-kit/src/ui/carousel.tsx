import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronIcon } from './icons';
import { SafeHtml } from './safe-html';

export interface CarouselItem {
  image?: string | null;
  html?: string | null;
}

/** Banner carousel: each slide is an image, HTML (sanitised), or both. */
export function Carousel({ items, className }: { items: CarouselItem[]; className?: string }) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  if (items.length === 0) return null;
  const current = Math.min(index, items.length - 1);
  const item = items[current];
  const go = (next: number) => setIndex((next + items.length) % items.length);

  return (
    <section className={`carousel ${className ?? ''}`} aria-label={t('ui.carousel')}>
      <div className="carousel-slide" aria-live="polite">
        {item?.image ? <img src={item.image} alt="" className="carousel-image" loading="lazy" /> : null}
        {item?.html ? <SafeHtml html={item.html} className="carousel-html" /> : null}
      </div>
      {items.length > 1 ? (
        <div className="carousel-controls">
          <button
            type="button"
            className="icon-button"
            onClick={() => go(current - 1)}
            aria-label={t('ui.previousSlide')}
          >
            <ChevronIcon direction="left" />
          </button>
          <div className="carousel-dots">
            {items.map((_, i) => (
              <button
                // biome-ignore lint/suspicious/noArrayIndexKey: slides have no identity beyond their position.
                key={i}
                type="button"
                className={i === current ? 'carousel-dot is-current' : 'carousel-dot'}
                aria-label={t('ui.slide', { index: i + 1, total: items.length })}
                aria-current={i === current ? 'true' : undefined}
                onClick={() => go(i)}
              />
            ))}
          </div>
          <button type="button" className="icon-button" onClick={() => go(current + 1)} aria-label={t('ui.nextSlide')}>
            <ChevronIcon direction="right" />
          </button>
        </div>
      ) : null}
    </section>
  );
}
