import { STORAGE_KEYS } from '@wallet/contract/constants';
import { errorText } from '@wallet/web-kit/api/api-error';
import { Loader } from '@wallet/web-kit/ui/loader';
import { Modal } from '@wallet/web-kit/ui/modal';
import { SafeHtml } from '@wallet/web-kit/ui/safe-html';
import { useTranslation } from 'react-i18next';
import { useAgreements } from '../api/get-agreements';

/** The agreement-accepted check of SPEC §2: localStorage remember-agreement = "true". */
export function agreementAccepted(): boolean {
  return localStorage.getItem(STORAGE_KEYS.rememberAgreement) === 'true';
}

/** Agreement HTML paragraphs (sanitised); accepting stores the flag so it does not open again. */
export function AgreementModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { data, isPending, error } = useAgreements(open);
  const agreements = data?.agreements ?? [];

  const accept = () => {
    localStorage.setItem(STORAGE_KEYS.rememberAgreement, 'true');
    onClose();
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('agreement.title')}
      className="agreement-dialog"
      footer={
        <button type="button" className="btn btn-primary btn-block" data-testid="agreement-accept" onClick={accept}>
          {t('agreement.accept')}
        </button>
      }
    >
      {isPending ? <Loader /> : null}
      {error ? <p className="form-error">{errorText(error, t('common.loadFailed'))}</p> : null}
      {data && agreements.length === 0 ? <p className="muted">{t('agreement.empty')}</p> : null}
      <div className="agreement-list">
        {agreements.map((html, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: agreements are an ordered list of plain strings.
          <SafeHtml key={index} html={html} className="agreement-paragraph" />
        ))}
      </div>
    </Modal>
  );
}
