import type { SiteDetailsResponse } from '@wallet/contract/backoffice/content';
import {
  isHttpsUrl,
  LINE_QR_GENERATED,
  LINE_QR_GENERATED_PATTERN,
  SITE_NAME_MAX,
  SITE_URL_MAX,
} from '@wallet/contract/backoffice/content-rules';
import { errorText } from '@wallet/web-kit/api/api-error';
import { FormError, SelectField, TextField } from '@wallet/web-kit/ui/field';
import { DocumentIcon } from '@wallet/web-kit/ui/icons';
import { Loader } from '@wallet/web-kit/ui/loader';
import { LoadFailedCard } from '@wallet/web-kit/ui/status-card';
import { useToast } from '@wallet/web-kit/ui/toast';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { canCall } from '@/lib/permissions';
import { useMe } from '@/lib/session/get-me';
import { useSiteDetails } from '../api/get-site-details';
import { useSaveContactLine } from '../api/save-contact-line';
import { useSaveSiteInfo } from '../api/save-site-info';

/** Where the contact page's LINE QR comes from. */
type QrSource = 'generated' | 'url' | 'none';

function qrSourceOf(lineQR: string): QrSource {
  if (lineQR === '') return 'none';
  return LINE_QR_GENERATED_PATTERN.test(lineQR) ? 'generated' : 'url';
}

/** Empty, or an https address: what the server takes for the website, LINE link and QR picture. */
function urlProblem(value: string, required: boolean): 'required' | 'https' | null {
  if (value === '') return required ? 'required' : null;
  return isHttpsUrl(value) ? null : 'https';
}

/** The operator's name and website (lookup info) and the contact's LINE fields (lookup contact). */
export function DetailsPanel() {
  const details = useSiteDetails();
  if (details.isError)
    return <LoadFailedCard icon={<DocumentIcon />} error={details.error} onRetry={() => void details.refetch()} />;
  if (!details.data) return <Loader />;
  return (
    <div className="details-stack">
      <InfoForm key={JSON.stringify(details.data.info)} info={details.data.info} />
      <LineForm key={JSON.stringify(details.data.line)} line={details.data.line} />
    </div>
  );
}

function useCanManage(): boolean {
  const me = useMe();
  return canCall(me.data?.role, 'PUT /api/backoffice/content/info');
}

function InfoForm({ info }: { info: SiteDetailsResponse['info'] }) {
  const { t } = useTranslation();
  const toast = useToast();
  const save = useSaveSiteInfo();
  const canManage = useCanManage();
  const [name, setName] = useState(info.name);
  const [website, setWebsite] = useState(info.website);
  const [reason, setReason] = useState('');
  const [checked, setChecked] = useState(false);
  const nameProblem = name.trim() === '' ? t('content.details.nameRequired') : null;
  const websiteProblem = urlProblem(website.trim(), false) ? t('content.details.httpsOnly') : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (nameProblem || websiteProblem) return;
    save.mutate(
      { name: name.trim(), website: website.trim(), ...(reason.trim() ? { reason: reason.trim() } : {}) },
      { onSuccess: () => toast.success(t('content.details.savedInfo')) },
    );
  };

  return (
    <form className="card form" onSubmit={submit} noValidate aria-labelledby="info-title" data-testid="info-form">
      <h2 className="card-title" id="info-title">
        {t('content.details.infoTitle')}
      </h2>
      <p className="muted">{t('content.details.infoHint')}</p>
      <div className="settings-grid">
        <TextField
          label={t('content.details.name')}
          name="siteName"
          maxLength={SITE_NAME_MAX}
          readOnly={!canManage}
          value={name}
          error={checked ? nameProblem : null}
          onChange={(event) => setName(event.target.value)}
        />
        <TextField
          label={t('content.details.website')}
          hint={t('content.details.httpsHint')}
          optional
          name="website"
          type="url"
          inputMode="url"
          maxLength={SITE_URL_MAX}
          readOnly={!canManage}
          value={website}
          error={checked ? websiteProblem : null}
          onChange={(event) => setWebsite(event.target.value)}
        />
      </div>
      {canManage ? (
        <>
          <TextField
            label={t('settings.reason')}
            optional
            name="infoReason"
            maxLength={500}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
          <FormError message={save.error ? errorText(save.error, t('errors.INTERNAL_SERVER_ERROR')) : null} />
          <div className="actions">
            <button type="submit" className="btn btn-primary" disabled={save.isPending} data-testid="info-save">
              {t('common.save')}
            </button>
          </div>
        </>
      ) : null}
    </form>
  );
}

function LineForm({ line }: { line: SiteDetailsResponse['line'] }) {
  const { t } = useTranslation();
  const toast = useToast();
  const save = useSaveContactLine();
  const canManage = useCanManage();
  const [lineName, setLineName] = useState(line.lineName);
  const [lineLink, setLineLink] = useState(line.lineLink);
  const [qrSource, setQrSource] = useState<QrSource>(qrSourceOf(line.lineQR));
  const [qrUrl, setQrUrl] = useState(qrSourceOf(line.lineQR) === 'url' ? line.lineQR : '');
  const [reason, setReason] = useState('');
  const [checked, setChecked] = useState(false);
  const linkProblem = urlProblem(lineLink.trim(), qrSource === 'generated');
  const qrProblem = qrSource === 'url' ? urlProblem(qrUrl.trim(), true) : null;
  const problemText = (problem: 'required' | 'https' | null) =>
    problem === 'required'
      ? t('content.details.linkForQr')
      : problem === 'https'
        ? t('content.details.httpsOnly')
        : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (linkProblem || qrProblem) return;
    const lineQR = qrSource === 'generated' ? LINE_QR_GENERATED : qrSource === 'url' ? qrUrl.trim() : '';
    save.mutate(
      {
        lineName: lineName.trim(),
        lineLink: lineLink.trim(),
        lineQR,
        ...(reason.trim() ? { reason: reason.trim() } : {}),
      },
      { onSuccess: () => toast.success(t('content.details.savedLine')) },
    );
  };

  return (
    <form className="card form" onSubmit={submit} noValidate aria-labelledby="line-title" data-testid="line-form">
      <h2 className="card-title" id="line-title">
        {t('content.details.lineTitle')}
      </h2>
      <p className="muted">{t('content.details.lineHint')}</p>
      <div className="settings-grid">
        <TextField
          label={t('content.details.lineName')}
          optional
          name="lineName"
          maxLength={SITE_NAME_MAX}
          readOnly={!canManage}
          value={lineName}
          onChange={(event) => setLineName(event.target.value)}
        />
        <TextField
          label={t('content.details.lineLink')}
          hint={t('content.details.httpsHint')}
          optional={qrSource !== 'generated'}
          name="lineLink"
          type="url"
          inputMode="url"
          maxLength={SITE_URL_MAX}
          readOnly={!canManage}
          value={lineLink}
          error={checked ? problemText(linkProblem) : null}
          onChange={(event) => setLineLink(event.target.value)}
        />
        <SelectField
          label={t('content.details.qr')}
          name="qrSource"
          value={qrSource}
          disabled={!canManage}
          options={(['generated', 'url', 'none'] as const).map((source) => ({
            value: source,
            label: t(`content.details.qrSources.${source}`),
          }))}
          onChange={(event) => setQrSource(event.target.value as QrSource)}
        />
        {qrSource === 'url' ? (
          <TextField
            label={t('content.details.qrUrl')}
            hint={t('content.details.httpsHint')}
            name="qrUrl"
            type="url"
            inputMode="url"
            maxLength={SITE_URL_MAX}
            readOnly={!canManage}
            value={qrUrl}
            error={
              checked ? (qrProblem === 'required' ? t('content.details.qrUrlRequired') : problemText(qrProblem)) : null
            }
            onChange={(event) => setQrUrl(event.target.value)}
          />
        ) : null}
      </div>
      {line.lineQR ? (
        <figure className="line-qr-preview">
          <img src={line.lineQR} alt={t('content.details.qrPreview')} width={120} height={120} />
          <figcaption className="muted">{t('content.details.qrPreview')}</figcaption>
        </figure>
      ) : null}
      {canManage ? (
        <>
          <TextField
            label={t('settings.reason')}
            optional
            name="lineReason"
            maxLength={500}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
          <FormError message={save.error ? errorText(save.error, t('errors.INTERNAL_SERVER_ERROR')) : null} />
          <div className="actions">
            <button type="submit" className="btn btn-primary" disabled={save.isPending} data-testid="line-save">
              {t('common.save')}
            </button>
          </div>
        </>
      ) : null}
    </form>
  );
}
