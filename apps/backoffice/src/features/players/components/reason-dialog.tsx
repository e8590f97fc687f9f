import { errorText } from '@wallet/web-kit/api/api-error';
import { FormError, TextField } from '@wallet/web-kit/ui/field';
import { Modal } from '@wallet/web-kit/ui/modal';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * One decision with a reason, in a modal: suspend, reactivate, sign out, reset a password, approve or
 * refuse a request. `reasonRequired` refuses an empty reason here as the server would.
 */
export function ReasonDialog({
  open,
  title,
  description,
  submitLabel,
  danger = false,
  reasonRequired = true,
  reasonLabel,
  onSubmit,
  onClose,
  children,
}: {
  open: boolean;
  title: ReactNode;
  description?: ReactNode;
  submitLabel: string;
  danger?: boolean;
  reasonRequired?: boolean;
  reasonLabel?: string;
  /** Resolves when done; a rejection's text is shown in the form. */
  onSubmit(reason: string): Promise<unknown>;
  onClose: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  useEffect(() => {
    if (!open) {
      setReason('');
      setError(null);
    }
  }, [open]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (reasonRequired && !reason.trim()) {
      setError(t('players.reasonRequired'));
      return;
    }
    setPending(true);
    setError(null);
    try {
      await onSubmit(reason.trim());
      onClose();
    } catch (cause) {
      setError(errorText(cause, t('errors.INTERNAL_SERVER_ERROR')));
    } finally {
      setPending(false);
    }
  };

  return (
    <Modal open={open} onClose={onClose} title={title}>
      <form className="form" onSubmit={submit} noValidate>
        {description ? <p className="muted">{description}</p> : null}
        {children}
        <TextField
          label={reasonLabel ?? t('players.reason')}
          name="reason"
          optional={!reasonRequired}
          maxLength={500}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
        <FormError message={error} />
        <button
          type="submit"
          className={danger ? 'btn btn-danger btn-block' : 'btn btn-primary btn-block'}
          disabled={pending}
        >
          {submitLabel}
        </button>
      </form>
    </Modal>
  );
}
