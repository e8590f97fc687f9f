import { errorText } from '@wallet/web-kit/api/api-error';
import { Loader } from '@wallet/web-kit/ui/loader';
import { Modal } from '@wallet/web-kit/ui/modal';
import { SafeHtml } from '@wallet/web-kit/ui/safe-html';
import { useTranslation } from 'react-i18next';
import { useConditions } from '../api/get-conditions';

export function ConditionsModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { data, isPending, error } = useConditions(open);
  const conditions = data?.conditions ?? [];

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('conditions.title')}
      footer={
        <button type="button" className="btn btn-primary btn-block" onClick={onClose}>
          {t('common.ok')}
        </button>
      }
    >
      {isPending ? <Loader /> : null}
      {error ? <p className="form-error">{errorText(error, t('common.loadFailed'))}</p> : null}
      {data && conditions.length === 0 ? <p className="muted">{t('conditions.empty')}</p> : null}
      {conditions.length > 0 ? (
        <ol className="conditions-list">
          {conditions.map((html, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: conditions are an ordered list of plain strings.
            <li key={index}>
              <SafeHtml html={html} />
            </li>
          ))}
        </ol>
      ) : null}
    </Modal>
  );
}
