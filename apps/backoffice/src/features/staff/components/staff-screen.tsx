import type { StaffView } from '@wallet/contract/backoffice/staff';
import { errorText } from '@wallet/web-kit/api/api-error';
import { DateTime } from '@wallet/web-kit/ui/date-time';
import { UserIcon, UserPlusIcon } from '@wallet/web-kit/ui/icons';
import { useToast } from '@wallet/web-kit/ui/toast';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { canCall } from '@/lib/permissions';
import { useMe } from '@/lib/session/get-me';
import { staffRequest, useStaff } from '@/lib/staff/get-staff';
import { ExportCsvButton } from '@/ui/export-csv-button';
import { LoginLockNote } from '@/ui/login-lock-note';
import { PagedTable } from '@/ui/paged-table';
import { type Sort, SortHeader } from '@/ui/sort-header';
import { useSetStaffStatus } from '../api/set-staff-status';
import {
  ChangeRoleDialog,
  CreateStaffDialog,
  DisableDialog,
  type IssuedPassword,
  IssuedPasswordDialog,
  ResetPasswordDialog,
} from './staff-dialogs';

type Column = 'username' | 'role' | 'status' | 'lastLoginAt' | 'createdAt';
type Dialog = { kind: 'disable' | 'reset' | 'role'; member: StaffView } | null;

/**
 * The server answers the whole team (staffListResponse: a team is small), so
 * this one table sorts in the browser; long tables such as the audit log page on the server.
 */
function sortStaff(items: StaffView[], { column, order }: Sort<Column>): StaffView[] {
  const value = (member: StaffView) => member[column] ?? '';
  const sorted = [...items].sort((a, b) => value(a).localeCompare(value(b)));
  return order === 'asc' ? sorted : sorted.reverse();
}

/** Owners list, add, disable and enable staff, reset their passwords and change their roles. */
export function StaffScreen() {
  const { t } = useTranslation();
  const toast = useToast();
  const me = useMe();
  const staff = useStaff();
  const setStatus = useSetStaffStatus();
  const [sort, setSort] = useState<Sort<Column>>({ column: 'createdAt', order: 'asc' });
  const [creating, setCreating] = useState(false);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [issued, setIssued] = useState<IssuedPassword | null>(null);
  const canManage = canCall(me.data?.role, 'POST /api/backoffice/staff');
  const rows = useMemo(() => sortStaff(staff.data?.items ?? [], sort), [staff.data, sort]);

  const onEnable = (member: StaffView) =>
    setStatus.mutate(
      { id: member.id, status: 'active' },
      {
        onSuccess: () => toast.success(t('staff.enabledDone', { username: member.username })),
        onError: (cause) => toast.danger(errorText(cause, t('errors.INTERNAL_SERVER_ERROR'))),
      },
    );

  const header = (column: Column, label: string) => (
    <SortHeader column={column} sort={sort} onSort={setSort}>
      {label}
    </SortHeader>
  );

  return (
    <div className="page">
      <header className="page-header">
        <div>
          <h1 className="page-title">{t('staff.title')}</h1>
          <p className="muted">{t('staff.subtitle')}</p>
        </div>
        {canManage ? (
          <button type="button" className="btn btn-primary" onClick={() => setCreating(true)}>
            <UserPlusIcon />
            <span>{t('staff.create')}</span>
          </button>
        ) : null}
      </header>
      <PagedTable
        list={staff}
        items={rows}
        icon={<UserIcon />}
        label={t('staff.title')}
        exportCsv={<ExportCsvButton route="GET /api/backoffice/staff.csv" request={staffRequest} name="staff" />}
        head={
          <>
            {header('username', t('staff.colUsername'))}
            {header('role', t('staff.colRole'))}
            {header('status', t('staff.colStatus'))}
            <th scope="col">{t('staff.colTotp')}</th>
            {header('lastLoginAt', t('staff.colLastSignIn'))}
            {canManage ? <th scope="col">{t('staff.colActions')}</th> : null}
          </>
        }
        columns={canManage ? 6 : 5}
        empty={t('staff.empty')}
        row={(member) => {
          const self = member.id === me.data?.id;
          const disabled = member.status === 'disabled';
          return (
            <tr key={member.id} data-testid={`staff-${member.username}`}>
              <td className="strong">
                {member.username}
                {self ? <span className="muted"> ({t('staff.you')})</span> : null}
              </td>
              <td>
                <span className="role-badge">{t(`roles.${member.role}`)}</span>
              </td>
              <td>
                <span className={disabled ? 'state is-off' : 'state is-on'}>
                  {disabled ? t('staff.disabled') : t('staff.active')}
                </span>
                <LoginLockNote lock={member.loginLock} compact />
              </td>
              <td>{member.totpEnabled ? t('staff.totpOn') : t('staff.totpOff')}</td>
              <td className="nowrap">
                {member.lastLoginAt ? <DateTime value={member.lastLoginAt} /> : t('staff.never')}
              </td>
              {canManage ? (
                <td>
                  {/* The server refuses these on one's own account (OWN_ACCOUNT); the buttons are not offered. */}
                  {self ? null : (
                    <div className="row-actions">
                      {disabled ? (
                        <button
                          type="button"
                          className="btn btn-ghost btn-small"
                          onClick={() => onEnable(member)}
                          disabled={setStatus.isPending}
                        >
                          {t('staff.enable')}
                        </button>
                      ) : (
                        <button
                          type="button"
                          className="btn btn-ghost btn-small"
                          onClick={() => setDialog({ kind: 'disable', member })}
                        >
                          {t('staff.disable')}
                        </button>
                      )}
                      <button
                        type="button"
                        className="btn btn-ghost btn-small"
                        onClick={() => setDialog({ kind: 'reset', member })}
                      >
                        {t('staff.resetPassword')}
                      </button>
                      <button
                        type="button"
                        className="btn btn-ghost btn-small"
                        onClick={() => setDialog({ kind: 'role', member })}
                      >
                        {t('staff.changeRole')}
                      </button>
                    </div>
                  )}
                </td>
              ) : null}
            </tr>
          );
        }}
        summary={(count) => t('staff.count', { count })}
      />
      <CreateStaffDialog open={creating} onClose={() => setCreating(false)} onIssued={setIssued} />
      <DisableDialog member={dialog?.kind === 'disable' ? dialog.member : null} onClose={() => setDialog(null)} />
      <ResetPasswordDialog
        member={dialog?.kind === 'reset' ? dialog.member : null}
        onClose={() => setDialog(null)}
        onIssued={setIssued}
      />
      <ChangeRoleDialog member={dialog?.kind === 'role' ? dialog.member : null} onClose={() => setDialog(null)} />
      <IssuedPasswordDialog issued={issued} onClose={() => setIssued(null)} />
    </div>
  );
}
