import { useQueryClient } from '@tanstack/react-query';
import type { ProtectionView } from '@wallet/contract/protection';
import { REALITY_CHECK_MINUTES, type RealityCheckMinutes } from '@wallet/contract/protection-rules';
import { errorText } from '@wallet/web-kit/api/api-error';
import { SelectField } from '@wallet/web-kit/ui/field';
import { useToast } from '@wallet/web-kit/ui/toast';
import { useTranslation } from 'react-i18next';
import { protectionSessionQueryKey } from '../api/get-session';
import { setRealityCheck, useProtectionWrite } from '../api/update-protection';

/** The reality-check interval: saved as soon as the player picks one; the reminder reschedules itself. */
export function RealityCheckCard({ protection }: { protection: ProtectionView }) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const save = useProtectionWrite(setRealityCheck);
  const label = (minutes: number) =>
    minutes === 0 ? t('protection.reality.off') : t('protection.reality.every', { minutes });
  return (
    <section className="card protection-card" aria-labelledby="reality-title" data-testid="reality-card">
      <h2 className="card-title" id="reality-title">
        {t('protection.reality.title')}
      </h2>
      <p className="muted">{t('protection.reality.hint')}</p>
      <SelectField
        label={t('protection.reality.interval')}
        name="reality-check"
        data-testid="reality-interval"
        value={String(protection.realityCheckMinutes)}
        disabled={save.isPending}
        options={REALITY_CHECK_MINUTES.map((minutes) => ({ value: String(minutes), label: label(minutes) }))}
        onChange={(event) => {
          const minutes = Number(event.target.value) as RealityCheckMinutes;
          save.mutate(minutes, {
            onSuccess: () => {
              void queryClient.invalidateQueries({ queryKey: protectionSessionQueryKey });
              toast.success(t('protection.reality.saved', { interval: label(minutes) }));
            },
            onError: (cause) => toast.danger(errorText(cause, t('errors.INTERNAL_SERVER_ERROR'))),
          });
        }}
      />
    </section>
  );
}
