import type { BannerView } from '@wallet/contract/backoffice/content';
import { BANNER_IMAGE_MAX_BYTES, BANNER_KINDS, type BannerKind } from '@wallet/contract/backoffice/content-rules';
import { errorText } from '@wallet/web-kit/api/api-error';
import { FormError, SelectField, TextField } from '@wallet/web-kit/ui/field';
import { UploadIcon } from '@wallet/web-kit/ui/icons';
import { Loader } from '@wallet/web-kit/ui/loader';
import { LoadFailedCard } from '@wallet/web-kit/ui/status-card';
import { useToast } from '@wallet/web-kit/ui/toast';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { canCall } from '@/lib/permissions';
import { useMe } from '@/lib/session/get-me';
import { useCreateBanner } from '../api/create-banner';
import { useDeleteBanner } from '../api/delete-banner';
import { useBanners } from '../api/get-banners';
import { useUpdateBanner } from '../api/update-banner';

const ACCEPT = 'image/png,image/jpeg,image/webp';

/** The home slides (top carousel) and banners (under the widgets): upload, order, link, on/off, alt texts. */
export function BannersPanel() {
  const me = useMe();
  const banners = useBanners();
  const canManage = canCall(me.data?.role, 'POST /api/backoffice/content/banners');
  if (banners.isError)
    return <LoadFailedCard icon={<UploadIcon />} error={banners.error} onRetry={() => void banners.refetch()} />;
  if (!banners.data) return <Loader />;
  return (
    <div className="stack-wide">
      {canManage ? <UploadForm /> : null}
      {BANNER_KINDS.map((kind) => (
        <BannerTable
          key={kind}
          kind={kind}
          items={banners.data.items.filter((item) => item.kind === kind)}
          canManage={canManage}
        />
      ))}
    </div>
  );
}

function UploadForm() {
  const { t } = useTranslation();
  const toast = useToast();
  const create = useCreateBanner();
  const fileRef = useRef<HTMLInputElement>(null);
  const fileId = useId();
  const [kind, setKind] = useState<BannerKind>('slide');
  const [file, setFile] = useState<File | null>(null);
  const [link, setLink] = useState('');
  const [sortOrder, setSortOrder] = useState('0');
  const [alt, setAlt] = useState({ th: '', lo: '', en: '' });
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return setProblem(t('content.chooseImage'));
    if (file.size > BANNER_IMAGE_MAX_BYTES) return setProblem(t('errors.IMAGE_INVALID'));
    setProblem(null);
    create.mutate(
      {
        kind,
        image: file,
        link: link.trim(),
        sortOrder: Number(sortOrder) || 0,
        enabled: true,
        altTh: alt.th,
        altLo: alt.lo,
        altEn: alt.en,
      },
      {
        onSuccess: () => {
          toast.success(t('content.uploaded'));
          setFile(null);
          setLink('');
          setAlt({ th: '', lo: '', en: '' });
          if (fileRef.current) fileRef.current.value = '';
        },
      },
    );
  };

  return (
    <form className="card form" onSubmit={submit} noValidate aria-labelledby="upload-title">
      <h2 className="card-title" id="upload-title">
        <UploadIcon />
        {t('content.uploadTitle')}
      </h2>
      <div className="settings-grid">
        <SelectField
          label={t('content.kind')}
          name="kind"
          value={kind}
          options={BANNER_KINDS.map((name) => ({ value: name, label: t(`content.kinds.${name}`) }))}
          onChange={(event) => setKind(event.target.value as BannerKind)}
        />
        <div className="field">
          <label className="field-label" htmlFor={fileId}>
            {t('content.image')}
          </label>
          <input
            ref={fileRef}
            id={fileId}
            className="input"
            type="file"
            name="image"
            accept={ACCEPT}
            data-testid="banner-file"
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
          <p className="field-hint">{t('content.imageHint')}</p>
        </div>
        <TextField
          label={t('content.link')}
          hint={t('content.linkHint')}
          optional
          name="link"
          value={link}
          maxLength={500}
          onChange={(event) => setLink(event.target.value)}
        />
        <TextField
          label={t('content.order')}
          name="sortOrder"
          type="number"
          min={0}
          max={9999}
          value={sortOrder}
          onChange={(event) => setSortOrder(event.target.value)}
        />
        {(['th', 'lo', 'en'] as const).map((lang) => (
          <TextField
            key={lang}
            label={t('content.altIn', { language: t(`content.languages.${lang}`) })}
            optional
            name={`alt-${lang}`}
            maxLength={200}
            value={alt[lang]}
            onChange={(event) => setAlt({ ...alt, [lang]: event.target.value })}
          />
        ))}
      </div>
      <FormError
        message={problem ?? (create.error ? errorText(create.error, t('errors.INTERNAL_SERVER_ERROR')) : null)}
      />
      <div className="actions">
        <button type="submit" className="btn btn-primary" disabled={create.isPending} data-testid="banner-upload">
          <UploadIcon />
          <span>{t('content.upload')}</span>
        </button>
      </div>
    </form>
  );
}

function BannerTable({ kind, items, canManage }: { kind: BannerKind; items: BannerView[]; canManage: boolean }) {
  const { t } = useTranslation();
  return (
    <section className="card" aria-labelledby={`banners-${kind}`}>
      <h2 className="card-title" id={`banners-${kind}`}>
        {t(`content.kindsPlural.${kind}`)}
      </h2>
      {items.length === 0 ? (
        <p className="muted banner-empty">{t('content.noBanners')}</p>
      ) : (
        <ul className="banner-list">
          {items.map((banner) => (
            <BannerRow key={`${banner.id}-${banner.updatedAt}`} banner={banner} canManage={canManage} />
          ))}
        </ul>
      )}
    </section>
  );
}

function BannerRow({ banner, canManage }: { banner: BannerView; canManage: boolean }) {
  const { t } = useTranslation();
  const toast = useToast();
  const update = useUpdateBanner();
  const remove = useDeleteBanner();
  const [sortOrder, setSortOrder] = useState(String(banner.sortOrder));
  const [link, setLink] = useState(banner.link);
  const [alt, setAlt] = useState(banner.alt);
  const changed =
    sortOrder !== String(banner.sortOrder) ||
    link !== banner.link ||
    JSON.stringify(alt) !== JSON.stringify(banner.alt);
  const onError = (cause: unknown) => toast.danger(errorText(cause, t('errors.INTERNAL_SERVER_ERROR')));

  const saveRow = () =>
    update.mutate(
      {
        id: banner.id,
        sortOrder: Number(sortOrder) || 0,
        link: link.trim(),
        altTh: alt.th,
        altLo: alt.lo,
        altEn: alt.en,
      },
      { onSuccess: () => toast.success(t('content.bannerSaved')), onError },
    );
  const toggle = (enabled: boolean) => update.mutate({ id: banner.id, enabled }, { onError });
  const onDelete = () => {
    if (!window.confirm(t('content.deleteConfirm'))) return;
    remove.mutate({ id: banner.id }, { onSuccess: () => toast.success(t('content.bannerDeleted')), onError });
  };

  return (
    <li className="banner-card" data-testid={`banner-${banner.id}`}>
      <img className="banner-thumb" src={banner.image} alt={banner.alt.th || t('content.image')} loading="lazy" />
      <div className="banner-fields">
        <TextField
          label={t('content.order')}
          type="number"
          min={0}
          max={9999}
          readOnly={!canManage}
          value={sortOrder}
          onChange={(event) => setSortOrder(event.target.value)}
        />
        <TextField
          label={t('content.link')}
          readOnly={!canManage}
          value={link}
          onChange={(event) => setLink(event.target.value)}
        />
        {(['th', 'lo', 'en'] as const).map((lang) => (
          <TextField
            key={lang}
            lang={lang}
            label={t('content.altIn', { language: t(`content.languages.${lang}`) })}
            readOnly={!canManage}
            value={alt[lang]}
            onChange={(event) => setAlt({ ...alt, [lang]: event.target.value })}
          />
        ))}
      </div>
      <div className="banner-side">
        <label className="checkbox">
          <input
            type="checkbox"
            aria-label={t('content.shownLabel')}
            disabled={!canManage || update.isPending}
            checked={banner.enabled}
            onChange={(event) => toggle(event.target.checked)}
          />
          <span className={banner.enabled ? 'state is-on' : 'state is-off'}>
            {t(banner.enabled ? 'content.on' : 'content.off')}
          </span>
        </label>
        {canManage ? (
          <div className="row-actions">
            <button
              type="button"
              className="btn btn-ghost btn-small"
              disabled={!changed || update.isPending}
              onClick={saveRow}
            >
              {t('common.save')}
            </button>
            <button type="button" className="btn btn-ghost btn-small" disabled={remove.isPending} onClick={onDelete}>
              {t('content.delete')}
            </button>
          </div>
        ) : null}
      </div>
    </li>
  );
}
