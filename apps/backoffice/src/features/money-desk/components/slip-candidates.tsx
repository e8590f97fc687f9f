import type { MoneyPlayer } from '@wallet/contract/backoffice/money-desk';
import { Loader } from '@wallet/web-kit/ui/loader';
import { useTranslation } from 'react-i18next';
import { useSlipDetail } from '../api/get-slip-detail';

/**
 * Every player whose registered account fits the slip's sender as the bank reported it: the operator
 * credits the one the money came from, and only one of these. A name that does not fit the sender's
 * name the bank gave needs a second operator.
 */
export function SlipCandidates({
  id,
  uploaderId,
  value,
  onPick,
}: {
  id: string;
  uploaderId: string | null;
  value: MoneyPlayer | null;
  onPick: (player: MoneyPlayer) => void;
}) {
  const { t } = useTranslation();
  const detail = useSlipDetail(id);
  if (detail.isPending) return <Loader />;
  if (detail.isError) return null;
  const candidates = detail.data.candidates;
  return (
    <fieldset className="md-candidates" data-testid="slip-candidates">
      <legend>{t('moneyDesk.candidates')}</legend>
      <p className="muted">{t('moneyDesk.candidatesHint')}</p>
      {candidates.length === 0 ? <p className="muted">{t('moneyDesk.noCandidates')}</p> : null}
      <ul className="md-picker-list">
        {candidates.map((candidate) => (
          <li key={candidate.id}>
            <label className={`md-pick${value?.username === candidate.username ? ' is-picked' : ''}`}>
              <input
                type="radio"
                name="candidate"
                value={candidate.username}
                checked={value?.username === candidate.username}
                onChange={() => onPick(candidate)}
                data-testid={`candidate-${candidate.username}`}
              />
              <span className="strong">{candidate.username}</span>
              <span>{candidate.name}</span>
              <span className="mono">
                {candidate.bankCode} {candidate.bankAccountNo}
              </span>
              <span>{candidate.bankAccountName}</span>
              <span className={`role-badge${candidate.nameFits ? ' is-mine' : ' is-warning'}`}>
                {t(candidate.nameFits ? 'moneyDesk.nameFits' : 'moneyDesk.nameDoesNotFit')}
              </span>
              {candidate.id === uploaderId ? <span className="role-badge">{t('moneyDesk.uploader')}</span> : null}
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
