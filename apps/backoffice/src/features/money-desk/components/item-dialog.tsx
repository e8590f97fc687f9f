import type { MoneyPlayer, MoneyQueueItem } from '@wallet/contract/backoffice/money-desk';
import { SLIP_REJECT_REASONS } from '@wallet/contract/backoffice/money-desk-rules';
import { ApiError, errorText } from '@wallet/web-kit/api/api-error';
import { DateTime } from '@wallet/web-kit/ui/date-time';
import { FormError, SelectField, TextField } from '@wallet/web-kit/ui/field';
import { Modal } from '@wallet/web-kit/ui/modal';
import { Money } from '@wallet/web-kit/ui/money';
import { useToast } from '@wallet/web-kit/ui/toast';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { canCall } from '@/lib/permissions';
import { useMe } from '@/lib/session/get-me';
import { type MoneyAction, useMoneyAction } from '../api/decide';
import { PlayerPicker } from './player-picker';
import { SlipCandidates } from './slip-candidates';
import { SlipViewer } from './slip-viewer';

interface Decision {
  action: MoneyAction;
  /** Key under moneyDesk.actions */
  label: string;
  /** A refusal or a return: the reason is required and the button is a warning. */
  danger?: boolean;
}

/** The decisions an item offers where it stands. */
function decisionsFor(item: MoneyQueueItem): Decision[] {
  switch (item.queue) {
    case 'transfers':
      return [
        { action: 'credit', label: item.firstApproval ? 'secondApproval' : 'credit' },
        { action: 'return', label: 'return', danger: true },
      ];
    case 'manual-deposits':
      return [
        { action: 'confirm', label: 'confirm' },
        { action: 'reject', label: 'reject', danger: true },
      ];
    case 'slips':
      return [
        { action: 'approve', label: item.firstApproval ? 'secondApproval' : 'approveSlip' },
        { action: 'reject', label: 'reject', danger: true },
      ];
    case 'withdrawals':
      return item.stage === 'at-payout'
        ? [
            { action: 'paid', label: 'paid' },
            { action: 'failed', label: 'failed', danger: true },
          ]
        : [
            { action: 'approve', label: item.stage === 'awaiting-second-approval' ? 'secondApproval' : 'approve' },
            { action: 'reject', label: 'reject', danger: true },
          ];
  }
}

/** The permission a decision on this queue needs (claims need the same). */
function decideRoute(item: MoneyQueueItem) {
  return item.queue === 'slips'
    ? ('POST /api/backoffice/money/slips/:id/reject' as const)
    : ('POST /api/backoffice/money/transfers/:id/credit' as const);
}

/** Refusals of player protection, told as the operator needs them (the player-facing texts say "you"). */
const PROTECTION_REFUSALS = new Set([
  'PLAYER_TIMED_OUT',
  'PLAYER_SELF_EXCLUDED',
  'PLAYER_COOLING_OFF',
  'DEPOSIT_LIMIT_EXCEEDED',
]);

/** A held deposit's credit needs a reason: a look-alike slip, or money held by the player's protection. */
function creditNeedsReason(item: MoneyQueueItem, action: MoneyAction): boolean {
  if (!(action === 'credit' || (item.queue === 'slips' && action === 'approve'))) return false;
  return item.needsTwoApprovals || item.reason === 'AMBIGUOUS_SENDER';
}

/** The player a first approval named, known by username until the candidates load. */
function approvedPlayer(username: string): MoneyPlayer {
  return { id: '', username, name: '', bankCode: '', bankAccountNo: '' };
}

/** One queue item: its facts, who holds it, and the decisions, each a short form. */
export function ItemDialog({ item, onClose }: { item: MoneyQueueItem; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const me = useMe();
  const run = useMoneyAction();
  const [decision, setDecision] = useState<Decision | null>(null);
  const [reason, setReason] = useState('');
  const [bankReference, setBankReference] = useState('');
  const [note, setNote] = useState<string>('');
  // A transfer held for a player's protection already knows whose it is.
  // A slip with its first approval: the second operator approves crediting the same player.
  const [player, setPlayer] = useState<MoneyPlayer | null>(
    item.queue === 'transfers' ? item.player : item.firstApproval ? approvedPlayer(item.firstApproval.player) : null,
  );
  const [error, setError] = useState<string | null>(null);

  const mayDecide = canCall(me.data?.role, decideRoute(item));
  const heldByOther = item.claim !== null && !item.claim.mine;
  const fail = (cause: unknown) =>
    setError(
      cause instanceof ApiError && PROTECTION_REFUSALS.has(cause.code)
        ? t(`moneyDesk.protectionRefusals.${cause.code}`)
        : errorText(cause, t('errors.INTERNAL_SERVER_ERROR')),
    );
  const pickFromCandidates = item.queue === 'slips' && decision?.action === 'approve';

  const claim = (action: 'claim' | 'release') => {
    setError(null);
    run.mutate(
      { queue: item.queue, id: item.id, action },
      {
        onSuccess: () => toast.success(t(action === 'claim' ? 'moneyDesk.claimed' : 'moneyDesk.released')),
        onError: fail,
      },
    );
  };

  const reasonRequired =
    decision !== null &&
    ((decision.danger === true && item.queue !== 'slips') || creditNeedsReason(item, decision.action));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!decision) return;
    setError(null);
    if (decision.action === 'credit' && !player) {
      setError(t('moneyDesk.pickPlayer'));
      return;
    }
    if (pickFromCandidates && item.reason === 'AMBIGUOUS_SENDER' && !player) {
      setError(t('moneyDesk.pickCandidate'));
      return;
    }
    if (reasonRequired && !reason.trim()) {
      setError(t('moneyDesk.reasonRequired'));
      return;
    }
    if (item.queue === 'slips' && decision.action === 'reject' && !note) {
      setError(t('moneyDesk.pickReasonCode'));
      return;
    }
    const body: Record<string, string | undefined> = { reason: reason.trim() || undefined };
    if (decision.action === 'credit') body.userId = player?.id;
    if (pickFromCandidates) body.username = player?.username;
    if (decision.action === 'confirm') body.bankReference = bankReference.trim() || undefined;
    if (item.queue === 'slips' && decision.action === 'reject') body.note = note;
    run.mutate(
      { queue: item.queue, id: item.id, action: decision.action, body },
      {
        onSuccess: (answer) => {
          const outcome = 'outcome' in answer ? answer.outcome : 'DONE';
          toast.success(t(`moneyDesk.outcomes.${outcome}`));
          onClose();
        },
        onError: fail,
      },
    );
  };

  return (
    <Modal
      open
      onClose={onClose}
      // A transfer held for a player's own protection is theirs, not unmatched.
      title={t(
        item.queue === 'transfers' && item.player
          ? 'moneyDesk.itemTitle.heldTransfer'
          : `moneyDesk.itemTitle.${item.queue}`,
      )}
      className="md-dialog"
    >
      <div className="md-item" data-testid="money-item">
        {item.queue === 'slips' ? <SlipViewer id={item.id} /> : null}
        <dl className="md-facts">
          <dt>{t('moneyDesk.colAmount')}</dt>
          <dd className="strong">
            <Money value={item.amount} /> {item.currency ?? ''}
          </dd>
          <dt>{t('moneyDesk.colArrived')}</dt>
          <dd>
            <DateTime value={item.createdAt} />
          </dd>
          <dt>{t('moneyDesk.colPlayer')}</dt>
          <dd>{item.player ? `${item.player.username} · ${item.player.name}` : t('moneyDesk.noPlayer')}</dd>
          <dt>{t(item.queue === 'withdrawals' ? 'moneyDesk.payTo' : 'moneyDesk.colFrom')}</dt>
          <dd className="mono">
            {item.fromBankCode ?? ''} {item.fromAccountNo ?? '—'}
          </dd>
          {item.reference ? (
            <>
              <dt>{t('moneyDesk.reference')}</dt>
              <dd className="mono">{item.reference}</dd>
            </>
          ) : null}
          {item.queue !== 'withdrawals' && item.reason ? (
            <>
              <dt>{t('moneyDesk.colReason')}</dt>
              <dd data-testid="hold-reason">{t(`moneyDesk.reasons.${item.reason}`, { defaultValue: item.reason })}</dd>
            </>
          ) : null}
          {item.stage ? (
            <>
              <dt>{t('moneyDesk.colState')}</dt>
              <dd data-testid={item.queue === 'withdrawals' ? 'withdrawal-stage' : 'approval-stage'}>
                {t(`moneyDesk.stages.${item.stage}`)}
                {item.needsTwoApprovals ? ` · ${t('moneyDesk.fourEyes')}` : ''}
                {item.firstApprovedBy ? ` · ${t('moneyDesk.firstApprovedBy', { name: item.firstApprovedBy })}` : ''}
                {item.firstApproval
                  ? ` · ${t('moneyDesk.firstApprovalFor', { player: item.firstApproval.player, reason: item.firstApproval.reason })}`
                  : ''}
              </dd>
            </>
          ) : null}
          <dt>{t('moneyDesk.colClaim')}</dt>
          <dd data-testid="claim-state">
            {item.claim
              ? item.claim.mine
                ? t('moneyDesk.claimedByYou')
                : t('moneyDesk.claimedBy', { name: item.claim.operatorUsername })
              : t('moneyDesk.unclaimed')}
          </dd>
        </dl>
        {item.queue !== 'withdrawals' && item.needsTwoApprovals ? (
          <p className="md-hold-notice" data-testid="hold-notice">
            {t('moneyDesk.protectionHold')}
          </p>
        ) : null}
        {mayDecide ? (
          <div className="md-actions">
            {item.claim?.mine ? (
              <button
                type="button"
                className="btn btn-ghost btn-small"
                onClick={() => claim('release')}
                disabled={run.isPending}
              >
                {t('moneyDesk.release')}
              </button>
            ) : (
              <button
                type="button"
                className="btn btn-ghost btn-small"
                onClick={() => claim('claim')}
                disabled={run.isPending || heldByOther}
              >
                {t('moneyDesk.claim')}
              </button>
            )}
            {decisionsFor(item).map((choice) => (
              <button
                key={choice.action}
                type="button"
                className={`btn btn-small ${choice.danger ? 'btn-danger' : 'btn-primary'}${decision?.action === choice.action ? ' is-active' : ''}`}
                disabled={heldByOther}
                onClick={() => {
                  setDecision(choice);
                  setError(null);
                }}
              >
                {t(`moneyDesk.actions.${choice.label}`)}
              </button>
            ))}
          </div>
        ) : null}
        {decision ? (
          <form
            className="form md-form"
            onSubmit={submit}
            noValidate
            aria-label={t(`moneyDesk.actions.${decision.label}`)}
          >
            {decision.action === 'credit' ? <PlayerPicker value={player} onPick={setPlayer} /> : null}
            {pickFromCandidates && item.reason === 'AMBIGUOUS_SENDER' ? (
              <SlipCandidates id={item.id} uploaderId={item.player?.id ?? null} value={player} onPick={setPlayer} />
            ) : null}
            {decision.action === 'credit' && player ? (
              <p className="md-picked" data-testid="picked-player">
                {t('moneyDesk.creditTo', { name: `${player.username} · ${player.name}` })}
              </p>
            ) : null}
            {decision.action === 'confirm' ? (
              <TextField
                label={t('moneyDesk.bankReference')}
                hint={t('moneyDesk.bankReferenceHint')}
                name="bankReference"
                optional
                maxLength={64}
                value={bankReference}
                onChange={(event) => setBankReference(event.target.value)}
              />
            ) : null}
            {item.queue === 'slips' && decision.action === 'reject' ? (
              <SelectField
                label={t('moneyDesk.reasonCode')}
                hint={t('moneyDesk.reasonCodeHint')}
                name="note"
                placeholder={t('moneyDesk.chooseReason')}
                options={SLIP_REJECT_REASONS.map((code) => ({
                  value: code,
                  label: t(`moneyDesk.slipReasons.${code}`),
                }))}
                value={note}
                onChange={(event) => setNote(event.target.value)}
              />
            ) : null}
            <TextField
              label={t('moneyDesk.reason')}
              hint={
                item.queue === 'withdrawals' && decision.action === 'reject'
                  ? t('moneyDesk.reasonShownToPlayer')
                  : undefined
              }
              name="reason"
              optional={!reasonRequired}
              maxLength={500}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
            <FormError message={error} />
            <button
              type="submit"
              className={`btn btn-block ${decision.danger ? 'btn-danger' : 'btn-primary'}`}
              disabled={run.isPending}
            >
              {t(`moneyDesk.actions.${decision.label}`)}
            </button>
          </form>
        ) : (
          <FormError message={error} />
        )}
      </div>
    </Modal>
  );
}
