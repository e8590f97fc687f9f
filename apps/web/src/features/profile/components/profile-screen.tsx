import { formatAccountNumber } from '@wallet/contract/account-rules';
import { DateTime } from '@wallet/web-kit/ui/date-time';
import { LockIcon, UserIcon } from '@wallet/web-kit/ui/icons';
import { Loader } from '@wallet/web-kit/ui/loader';
import { LoadFailedCard } from '@wallet/web-kit/ui/status-card';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBankChangeRequest } from '../api/bank-change-request';
import { useProfile } from '../api/get-profile';
import { BankChangeModal } from './bank-change-modal';
import { ChangePasswordModal } from './change-password-modal';
import { EditNameModal } from './edit-name-modal';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="data-row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

interface ProfileScreenProps {
  /** What the screen shows under the bank card for this profile id (the route adds the invite link). */
  extra?: (profileId: string) => ReactNode;
}

export function ProfileScreen({ extra }: ProfileScreenProps = {}) {
  const { t } = useTranslation();
  const { data, isPending, error, refetch } = useProfile();
  const [changing, setChanging] = useState(false);
  const [changingBank, setChangingBank] = useState(false);
  const [editingName, setEditingName] = useState(false);
  const bankChange = useBankChangeRequest();
  const request = bankChange.data?.request ?? null;

  return (
    <div className="page">
      <header className="page-header page-header-row">
        <h1 className="page-title">{t('profile.title')}</h1>
        <button
          type="button"
          className="icon-button icon-button-gold"
          onClick={() => setChanging(true)}
          aria-label={t('profile.changePassword')}
          title={t('profile.changePassword')}
        >
          <LockIcon />
        </button>
      </header>
      {isPending ? <Loader /> : null}
      {error ? <LoadFailedCard icon={<UserIcon />} error={error} onRetry={() => refetch()} /> : null}
      {data ? (
        <>
          <section className="card profile-card">
            <div className="avatar" aria-hidden="true">
              {data.name.trim().charAt(0).toUpperCase() || <UserIcon />}
            </div>
            <dl className="data-list">
              <Row label={t('profile.name')}>{data.name}</Row>
              <Row label={t('profile.id')}>
                <span className="mono">{data._id}</span>
              </Row>
              <Row label={t('profile.createdAt')}>
                <DateTime value={data.createdAt} />
              </Row>
            </dl>
            <label className="field">
              <span className="field-label">{t('profile.username')}</span>
              <input className="input" value={data.username} readOnly />
            </label>
            <button type="button" className="btn btn-ghost btn-block" onClick={() => setEditingName(true)}>
              {t('profile.editName')}
            </button>
          </section>
          <section className="card">
            <h2 className="card-title">{t('profile.bankSection')}</h2>
            <dl className="data-list">
              <Row label={t('profile.bankAccountName')}>{data.bankAccount.bankAccountName}</Row>
              <Row label={t('profile.bank')}>{data.bankAccount.bank.nameTH}</Row>
              <Row label={t('profile.accountNo')}>
                <span className="mono">{formatAccountNumber(data.bankAccount.bankAccountNo)}</span>
              </Row>
            </dl>
            {request && request.status !== 'approved' ? (
              <div
                className={request.status === 'pending' ? 'bank-request is-pending' : 'bank-request is-refused'}
                data-testid="bank-change-request"
                role="status"
              >
                <p className="bank-request-title">{t(`profile.bankChange.status.${request.status}`)}</p>
                <p>
                  {request.bankName} <span className="mono">{formatAccountNumber(request.bankAccountNo)}</span>
                  <br />
                  {request.bankAccountName}
                </p>
                {request.status === 'refused' && request.reason ? (
                  <p>{t('profile.bankChange.reason', { reason: request.reason })}</p>
                ) : null}
                <p className="muted">
                  {t('profile.bankChange.requestedAt')} <DateTime value={request.createdAt} />
                </p>
              </div>
            ) : null}
            {request?.status === 'pending' ? null : (
              <button type="button" className="btn btn-ghost btn-block" onClick={() => setChangingBank(true)}>
                {t('profile.bankChange.open')}
              </button>
            )}
          </section>
          {extra ? extra(data._id) : null}
        </>
      ) : null}
      {editingName && data ? <EditNameModal profile={data} onClose={() => setEditingName(false)} /> : null}
      <BankChangeModal open={changingBank} onClose={() => setChangingBank(false)} />
      <ChangePasswordModal open={changing} onClose={() => setChanging(false)} phone={data?.username} />
    </div>
  );
}
