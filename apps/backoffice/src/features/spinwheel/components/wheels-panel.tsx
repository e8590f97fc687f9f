import type { SpinWheelView } from '@wallet/contract/backoffice/spinwheel';
import { errorText } from '@wallet/web-kit/api/api-error';
import { DateTime } from '@wallet/web-kit/ui/date-time';
import { WheelIcon } from '@wallet/web-kit/ui/icons';
import { Loader } from '@wallet/web-kit/ui/loader';
import { formatMoney } from '@wallet/web-kit/ui/money';
import { LoadFailedCard } from '@wallet/web-kit/ui/status-card';
import { useToast } from '@wallet/web-kit/ui/toast';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useWheels } from '../api/get-wheels';
import { useSetWheelActive } from '../api/set-wheel-active';
import { DeleteWheelDialog } from './delete-wheel-dialog';
import { WheelForm } from './wheel-form';
import { inLanguage } from './wheel-texts';

/** Every wheel: which one players see (one at a time), its schedule, version and expected cost; a new one or an edit opens the editor. */
export function WheelsPanel({ canManage }: { canManage: boolean }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const wheels = useWheels();
  const setActive = useSetWheelActive();
  const [editing, setEditing] = useState<SpinWheelView | 'new' | null>(null);
  const [deleting, setDeleting] = useState<SpinWheelView | null>(null);
  if (editing) {
    return <WheelForm wheel={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />;
  }
  if (wheels.isError) {
    return <LoadFailedCard icon={<WheelIcon />} error={wheels.error} onRetry={() => void wheels.refetch()} />;
  }
  if (!wheels.data) return <Loader />;
  const toggle = (wheel: SpinWheelView) =>
    setActive.mutate(
      { id: wheel.id, active: !wheel.active },
      {
        onSuccess: () => toast.success(wheel.active ? t('spinwheel.switchedOff') : t('spinwheel.switchedOn')),
        onError: (cause) => toast.danger(errorText(cause, t('errors.INTERNAL_SERVER_ERROR'))),
      },
    );
  return (
    <section className="card table-card" aria-labelledby="wheels-title">
      <div className="table-card-title">
        <h2 className="card-title" id="wheels-title">
          {t('spinwheel.tabs.wheels')}
        </h2>
        {canManage ? (
          <button
            type="button"
            className="btn btn-primary btn-small"
            onClick={() => setEditing('new')}
            data-testid="wheel-new"
          >
            {t('spinwheel.newWheel')}
          </button>
        ) : null}
      </div>
      <p className="muted table-card-hint">{t('spinwheel.oneActive')}</p>
      <div className="table-scroll">
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">{t('spinwheel.name')}</th>
              <th scope="col">{t('spinwheel.status')}</th>
              <th scope="col">{t('spinwheel.schedule')}</th>
              <th scope="col" className="num">
                {t('spinwheel.slices')}
              </th>
              <th scope="col" className="num">
                {t('spinwheel.version')}
              </th>
              <th scope="col" className="num">
                {t('spinwheel.bonusPerSpin')}
              </th>
              {canManage ? <th scope="col">{t('spinwheel.actions')}</th> : null}
            </tr>
          </thead>
          <tbody>
            {wheels.data.items.length === 0 ? (
              <tr>
                <td colSpan={7} className="empty-cell">
                  {t('spinwheel.noWheels')}
                </td>
              </tr>
            ) : null}
            {wheels.data.items.map((wheel) => (
              <tr key={wheel.id} data-testid={`wheel-${wheel.id}`}>
                <td className="strong spin-wheel-name">{inLanguage(wheel.names, i18n.language)}</td>
                <td>
                  <span className={wheel.live ? 'state is-on' : wheel.active ? 'state' : 'state is-off'}>
                    {wheel.live
                      ? t('spinwheel.live')
                      : wheel.active
                        ? t('spinwheel.activeOutside')
                        : t('spinwheel.off')}
                  </span>
                </td>
                <td>
                  <span className="nowrap">
                    {wheel.startsAt ? <DateTime value={wheel.startsAt} /> : t('spinwheel.open')} –
                  </span>{' '}
                  <span className="nowrap">
                    {wheel.endsAt ? <DateTime value={wheel.endsAt} /> : t('spinwheel.open')}
                  </span>
                </td>
                <td className="num">{wheel.slices.length}</td>
                <td className="num">
                  {wheel.version}
                  <span className="muted spin-cell-note">{t('spinwheel.spinCount', { count: wheel.spins })}</span>
                </td>
                <td className="num">{formatMoney(wheel.expected.bonusPerSpin / 100)}</td>
                {canManage ? (
                  <td>
                    <div className="row-actions">
                      <button type="button" className="btn btn-ghost btn-small" onClick={() => setEditing(wheel)}>
                        {t('spinwheel.edit')}
                      </button>
                      <button
                        type="button"
                        className="btn btn-ghost btn-small"
                        disabled={setActive.isPending}
                        onClick={() => toggle(wheel)}
                      >
                        {wheel.active ? t('spinwheel.switchOff') : t('spinwheel.switchOn')}
                      </button>
                      {/* Never spun (a first version without spins): it can go; a spun wheel is switched off instead. */}
                      {wheel.version === 1 && wheel.spins === 0 ? (
                        <button type="button" className="btn btn-ghost btn-small" onClick={() => setDeleting(wheel)}>
                          {t('spinwheel.delete')}
                        </button>
                      ) : null}
                    </div>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <DeleteWheelDialog wheel={deleting} onClose={() => setDeleting(null)} />
    </section>
  );
}
