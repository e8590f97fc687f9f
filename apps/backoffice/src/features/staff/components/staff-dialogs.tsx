import { OPERATOR_ROLES, OPERATOR_USERNAME_PATTERN, type OperatorRole } from '@wallet/contract/backoffice/roles';
import type { StaffView } from '@wallet/contract/backoffice/staff';
import { errorText } from '@wallet/web-kit/api/api-error';
import { CopyButton } from '@wallet/web-kit/ui/copy-button';
import { FormError, SelectField, TextField } from '@wallet/web-kit/ui/field';
import { Modal } from '@wallet/web-kit/ui/modal';
import { useToast } from '@wallet/web-kit/ui/toast';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useChangeStaffRole } from '../api/change-staff-role';
import { useCreateStaff } from '../api/create-staff';
import { useResetStaffPassword } from '../api/reset-staff-password';
import { useSetStaffStatus } from '../api/set-staff-status';

/** A temporary password the server answered once: shown with a copy button until the owner closes it. */
export interface IssuedPassword {
  username: string;
  password: string;
}

function useRoleOptions() {
  const { t } = useTranslation();
  return OPERATOR_ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }));
}

function ReasonField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('staff.reason')}
      name="reason"
      hint={t('staff.reasonHint')}
      maxLength={500}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/** One form in a modal with its submit button, reset whenever it closes. */
function FormDialog({
  open,
  title,
  submitLabel,
  pending,
  error,
  onSubmit,
  onClose,
  children,
}: {
  open: boolean;
  title: ReactNode;
  submitLabel: string;
  pending: boolean;
  error: string | null;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Modal open={open} onClose={onClose} title={title}>
      <form className="form" onSubmit={submit} noValidate>
        {children}
        <FormError message={error} />
        <button type="submit" className="btn btn-primary btn-block" disabled={pending}>
          {submitLabel}
        </button>
      </form>
    </Modal>
  );
}

export function CreateStaffDialog({
  open,
  onClose,
  onIssued,
}: {
  open: boolean;
  onClose: () => void;
  onIssued: (issued: IssuedPassword) => void;
}) {
  const { t } = useTranslation();
  const create = useCreateStaff();
  const roles = useRoleOptions();
  const [username, setUsername] = useState('');
  const [role, setRole] = useState<OperatorRole>('support');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setUsername('');
    setRole('support');
    setReason('');
    setError(null);
    onClose();
  };

  const submit = () => {
    setError(null);
    const name = username.trim().toLowerCase();
    if (!OPERATOR_USERNAME_PATTERN.test(name)) {
      setError(t('staff.usernameInvalid'));
      return;
    }
    create.mutate(
      { username: name, role, reason: reason.trim() || undefined },
      {
        onSuccess: ({ operator, temporaryPassword }) => {
          close();
          onIssued({ username: operator.username, password: temporaryPassword });
        },
        onError: (cause) => setError(errorText(cause, t('errors.INTERNAL_SERVER_ERROR'))),
      },
    );
  };

  return (
    <FormDialog
      open={open}
      title={t('staff.createTitle')}
      submitLabel={t('staff.submitCreate')}
      pending={create.isPending}
      error={error}
      onSubmit={submit}
      onClose={close}
    >
      <TextField
        label={t('staff.username')}
        name="username"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        hint={t('staff.usernameHint')}
        value={username}
        onChange={(event) => setUsername(event.target.value)}
      />
      <SelectField
        label={t('staff.role')}
        name="role"
        options={roles}
        value={role}
        onChange={(event) => setRole(event.target.value as OperatorRole)}
      />
      <ReasonField value={reason} onChange={setReason} />
    </FormDialog>
  );
}

export function ResetPasswordDialog({
  member,
  onClose,
  onIssued,
}: {
  member: StaffView | null;
  onClose: () => void;
  onIssued: (issued: IssuedPassword) => void;
}) {
  const { t } = useTranslation();
  const reset = useResetStaffPassword();
  const [resetTotp, setResetTotp] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setResetTotp(false);
    setReason('');
    setError(null);
    onClose();
  };

  const submit = () => {
    if (!member) return;
    reset.mutate(
      { id: member.id, resetTotp, reason: reason.trim() || undefined },
      {
        onSuccess: ({ operator, temporaryPassword }) => {
          close();
          onIssued({ username: operator.username, password: temporaryPassword });
        },
        onError: (cause) => setError(errorText(cause, t('errors.INTERNAL_SERVER_ERROR'))),
      },
    );
  };

  return (
    <FormDialog
      open={member !== null}
      title={t('staff.resetTitle', { username: member?.username })}
      submitLabel={t('staff.resetPassword')}
      pending={reset.isPending}
      error={error}
      onSubmit={submit}
      onClose={close}
    >
      {member?.totpEnabled ? (
        <label className="checkbox">
          <input type="checkbox" checked={resetTotp} onChange={(event) => setResetTotp(event.target.checked)} />
          <span>{t('staff.resetTotp')}</span>
        </label>
      ) : null}
      <ReasonField value={reason} onChange={setReason} />
    </FormDialog>
  );
}

export function ChangeRoleDialog({ member, onClose }: { member: StaffView | null; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const change = useChangeStaffRole();
  const roles = useRoleOptions();
  const [role, setRole] = useState<OperatorRole | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const chosen = role ?? member?.role ?? 'support';

  const close = () => {
    setRole(null);
    setReason('');
    setError(null);
    onClose();
  };

  const submit = () => {
    if (!member) return;
    change.mutate(
      { id: member.id, role: chosen, reason: reason.trim() || undefined },
      {
        onSuccess: () => {
          toast.success(t('staff.roleDone', { username: member.username, role: t(`roles.${chosen}`) }));
          close();
        },
        onError: (cause) => setError(errorText(cause, t('errors.INTERNAL_SERVER_ERROR'))),
      },
    );
  };

  return (
    <FormDialog
      open={member !== null}
      title={t('staff.roleTitle', { username: member?.username })}
      submitLabel={t('staff.changeRole')}
      pending={change.isPending}
      error={error}
      onSubmit={submit}
      onClose={close}
    >
      <SelectField
        label={t('staff.role')}
        name="role"
        options={roles}
        value={chosen}
        onChange={(event) => setRole(event.target.value as OperatorRole)}
      />
      <ReasonField value={reason} onChange={setReason} />
    </FormDialog>
  );
}

export function DisableDialog({ member, onClose }: { member: StaffView | null; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const setStatus = useSetStaffStatus();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setReason('');
    setError(null);
    onClose();
  };

  const submit = () => {
    if (!member) return;
    setStatus.mutate(
      { id: member.id, status: 'disabled', reason: reason.trim() || undefined },
      {
        onSuccess: () => {
          toast.success(t('staff.disabledDone', { username: member.username }));
          close();
        },
        onError: (cause) => setError(errorText(cause, t('errors.INTERNAL_SERVER_ERROR'))),
      },
    );
  };

  return (
    <FormDialog
      open={member !== null}
      title={t('staff.disable')}
      submitLabel={t('staff.disable')}
      pending={setStatus.isPending}
      error={error}
      onSubmit={submit}
      onClose={close}
    >
      <p>{t('staff.disableConfirm', { username: member?.username })}</p>
      <ReasonField value={reason} onChange={setReason} />
    </FormDialog>
  );
}

export function IssuedPasswordDialog({ issued, onClose }: { issued: IssuedPassword | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={issued !== null}
      onClose={onClose}
      title={t('staff.temporaryTitle', { username: issued?.username })}
      footer={
        <button type="button" className="btn btn-primary btn-block" onClick={onClose}>
          {t('staff.done')}
        </button>
      }
    >
      <p>{t('staff.temporaryHint', { username: issued?.username })}</p>
      <p className="secret">
        <code data-testid="temporary-password">{issued?.password}</code>
        {issued ? <CopyButton text={issued.password} /> : null}
      </p>
    </Modal>
  );
}
