import { useTranslation } from 'react-i18next';
import { CopyIcon } from './icons';
import { useToast } from './toast';

export function CopyButton({ text, label }: { text: string; label?: string }) {
  const { t } = useTranslation();
  const toast = useToast();

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(t('common.copied', { text }));
    } catch {
      toast.danger(t('common.copyFailed'));
    }
  };

  return (
    <button type="button" className="btn btn-ghost btn-small" onClick={copy}>
      <CopyIcon />
      <span>{label ?? t('common.copy')}</span>
    </button>
  );
}
