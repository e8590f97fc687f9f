import type { PromotionBanners } from '@wallet/contract/backoffice/promotions';
import { BANNERS_PER_LANGUAGE_MAX } from '@wallet/contract/backoffice/promotions-rules';
import { LANGUAGES, type Language } from '@wallet/contract/constants';
import { errorText } from '@wallet/web-kit/api/api-error';
import { TextField } from '@wallet/web-kit/ui/field';
import { useToast } from '@wallet/web-kit/ui/toast';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUploadPromotionImage } from '../api/upload-promotion-image';

/**
 * A bonus's or programme's banners per language: an image (uploaded where the home banners live, or an
 * https address) and an HTML text each. A language left empty shows the Thai banners.
 */
export function BannersEditor({
  value,
  onChange,
  disabled,
}: {
  value: PromotionBanners;
  onChange: (value: PromotionBanners) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const [language, setLanguage] = useState<Language>('th');
  const list = value[language];
  const setList = (next: PromotionBanners[Language]) => onChange({ ...value, [language]: next });
  return (
    <fieldset className="promo-banners" disabled={disabled}>
      <legend className="settings-legend">{t('promotions.banners')}</legend>
      <div className="tabs" role="tablist" aria-label={t('promotions.banners')}>
        {LANGUAGES.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={language === name}
            className={language === name ? 'tab is-current' : 'tab'}
            onClick={() => setLanguage(name)}
          >
            {t(`promotions.languages.${name}`)} ({value[name].length})
          </button>
        ))}
      </div>
      {list.length === 0 ? <p className="muted">{t('promotions.noBanners')}</p> : null}
      <ul className="promo-banner-list">
        {list.map((banner, index) => (
          <BannerItem
            // Banners have no id; their place in the list is who they are while the form is open.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={`${language}-${index}`}
            banner={banner}
            language={language}
            onChange={(next) => setList(list.map((item, i) => (i === index ? next : item)))}
            onRemove={() => setList(list.filter((_, i) => i !== index))}
          />
        ))}
      </ul>
      <button
        type="button"
        className="btn btn-ghost btn-small"
        disabled={list.length >= BANNERS_PER_LANGUAGE_MAX}
        onClick={() => setList([...list, { image: '', html: '' }])}
      >
        {t('promotions.addBanner')}
      </button>
    </fieldset>
  );
}

function BannerItem({
  banner,
  language,
  onChange,
  onRemove,
}: {
  banner: { image: string; html: string };
  language: Language;
  onChange: (banner: { image: string; html: string }) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const upload = useUploadPromotionImage();
  const id = useId();
  const onFile = (file: File | undefined) => {
    if (!file) return;
    upload.mutate(file, {
      onSuccess: ({ image }) => onChange({ ...banner, image }),
      onError: (cause) => toast.danger(errorText(cause, t('errors.INTERNAL_SERVER_ERROR'))),
    });
  };
  return (
    <li className="promo-banner">
      {banner.image ? (
        <img className="banner-thumb" src={banner.image} alt={t('promotions.bannerImage')} loading="lazy" />
      ) : (
        <div className="banner-thumb promo-banner-empty">{t('promotions.noImage')}</div>
      )}
      <div className="promo-banner-fields">
        <TextField
          label={t('promotions.bannerImage')}
          value={banner.image}
          onChange={(event) => onChange({ ...banner, image: event.target.value })}
        />
        <div className="field">
          <label className="field-label" htmlFor={`${id}-file`}>
            {upload.isPending ? t('promotions.uploading') : t('promotions.uploadImage')}
          </label>
          <input
            id={`${id}-file`}
            className="input"
            type="file"
            accept="image/png,image/jpeg,image/webp"
            disabled={upload.isPending}
            onChange={(event) => onFile(event.target.files?.[0])}
          />
        </div>
        <div className="field">
          <label className="field-label" htmlFor={`${id}-html`}>
            {t('promotions.bannerText')}
          </label>
          <textarea
            id={`${id}-html`}
            lang={language}
            className="input textarea"
            rows={2}
            value={banner.html}
            onChange={(event) => onChange({ ...banner, html: event.target.value })}
          />
        </div>
      </div>
      <button type="button" className="btn btn-ghost btn-small" onClick={onRemove}>
        {t('promotions.removeBanner')}
      </button>
    </li>
  );
}
