import type { SpinWheelView } from '@wallet/contract/backoffice/spinwheel';
import { errorText } from '@wallet/web-kit/api/api-error';
import { FormError } from '@wallet/web-kit/ui/field';
import { Modal } from '@wallet/web-kit/ui/modal';
import { useToast } from '@wallet/web-kit/ui/toast';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteWheel } from '../api/delete-wheel';
import { inLanguage } from './wheel-texts';

/** Asks before deleting a wheel nobody has spun (a spun one is switched off instead: its spins keep it). */
export function DeleteWheelDialog({ wheel, onClose }: { wheel: SpinWheelView | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const remove = useDeleteWheel();
  const wheelId = wheel?.id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: another wheel starts without the last one's error.
  useEffect(() => {
    remove.reset();
  }, [wheelId]);
  const confirm = () => {
    if (!wheel) return;
    remove.mutate(wheel.id, {
      onSuccess: () => {
        toast.success(t('spinwheel.deleted'));
        onClose();
      },
    });
  };
  return (
    <Modal open={wheel !== null} onClose={onClose} title={t('spinwheel.deleteTitle')}>
      {wheel ? (
        <div className="form" data-testid="delete-wheel-dialog">
          <p>{t('spinwheel.deleteQuestion', { name: inLanguage(wheel.names, i18n.language) })}</p>
          <FormError message={remove.error ? errorText(remove.error, t('errors.INTERNAL_SERVER_ERROR')) : null} />
          <div className="actions">
            <button type="button" className="btn btn-ghost" onClick={onClose}>
              {t('common.cancel')}
            </button>
            <button type="button" className="btn btn-danger" disabled={remove.isPending} onClick={confirm}>
              {t('spinwheel.deleteConfirm')}
            </button>
          </div>
        </div>
      ) : null}
    </Modal>
  );
}
