import { STATEMENT_PAGE_SIZE } from '@wallet/contract/constants';
import { GIFT_LINK_SOURCE } from '@wallet/contract/deposit-rules';
import type { Bank } from '@wallet/contract/lookup';
import type { StatementEntry, StatementType } from '@wallet/contract/statement';
import { statusKind } from '@wallet/contract/statement-rules';
import type { GameAccount } from '@wallet/contract/wallet';
import { bankName } from '@wallet/web-kit/lib/bank-name';
import { DateTime, RelativeTime } from '@wallet/web-kit/ui/date-time';
import {
  ArrowDownIcon,
  ArrowUpIcon,
  DocumentIcon,
  FlagIcon,
  GiftIcon,
  ListIcon,
  SwapIcon,
} from '@wallet/web-kit/ui/icons';
import { Loader } from '@wallet/web-kit/ui/loader';
import { formatMoney } from '@wallet/web-kit/ui/money';
import { Paginator } from '@wallet/web-kit/ui/paginator';
import { LoadFailedCard, StatusCard } from '@wallet/web-kit/ui/status-card';
import type { TFunction } from 'i18next';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBanks } from '@/lib/lookups/get-banks';
import { accountName } from '@/lib/wallet/account-name';
import { useWallet } from '@/lib/wallet/get-wallet';
import { useStatement } from '../api/get-statement';
import { activityText, amountSign, pageCount } from '../lib/statement-row';
import { SlipModal } from './slip-modal';

const typeIcons: Record<StatementType, ReactNode> = {
  deposit: <ArrowDownIcon />,
  bonus: <GiftIcon />,
  finish_bonus: <FlagIcon />,
  withdraw: <ArrowUpIcon />,
  transfer: <SwapIcon />,
};

/** Colour class and sign per direction of the money: into the wallet, out of it, or between two games. */
const DIRECTIONS = { 1: 'in', [-1]: 'out', 0: 'move' } as const;
const SIGNS = { 1: '+', [-1]: '-', 0: '' } as const;

/** SPEC §2 Statement: 10 per page, 3 pages before and 1 after the current one. */
export function StatementScreen() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [slipsOpen, setSlipsOpen] = useState(false);
  const statement = useStatement(page);
  // Slot and bank names for the activity text; the statement shows codes until (or if) they load.
  const wallet = useWallet();
  const banks = useBanks();
  const data = statement.data;

  const goTo = (next: number) => {
    setPage(next);
    window.scrollTo?.({ top: 0 });
  };

  return (
    <div className="page">
      <header className="page-header page-header-row">
        <h1 className="page-title">{t('statement.title')}</h1>
        <button
          type="button"
          className="btn btn-ghost btn-small"
          data-testid="open-slips"
          onClick={() => setSlipsOpen(true)}
          aria-haspopup="dialog"
        >
          <DocumentIcon />
          <span>{t('statement.openSlips')}</span>
        </button>
      </header>
      {statement.isPending ? <Loader /> : null}
      {statement.error && !data ? (
        <LoadFailedCard icon={<ListIcon />} error={statement.error} onRetry={() => statement.refetch()} />
      ) : null}
      {data && data.statements.length === 0 ? (
        <StatusCard icon={<ListIcon />} title={t('statement.empty')} message={t('statement.emptyMessage')} />
      ) : null}
      {data && data.statements.length > 0 ? (
        <>
          <ul className="statement-list" aria-label={t('statement.title')} aria-busy={statement.isFetching}>
            {data.statements.map((entry) => (
              <StatementRow key={entry._id} entry={entry} slots={wallet.data?.slots} banks={banks.data} />
            ))}
          </ul>
          <Paginator page={page} totalPages={pageCount(data.total, STATEMENT_PAGE_SIZE)} onChange={goTo} />
        </>
      ) : null}
      <SlipModal open={slipsOpen} onClose={() => setSlipsOpen(false)} />
    </div>
  );
}

/**
 * The linked object's description (SPEC §3): a bonus's or promotion's name in the player's language where the
 * server knows one, not its code. An invite or refund bonus has no name of its own (the
 * server describes it by its kind), so the player reads the translated kind instead.
 */
function linkedDescription(entry: StatementEntry, t: TFunction): string | undefined {
  if (entry.invite) return t('statement.linked.invite');
  if (entry.refund) return t('statement.linked.refund');
  const linked = entry.bonus ?? entry.promotion ?? entry.luckydraw;
  return linked?.name ?? linked?.description;
}

/** Wallet, a game's name, or a bank's name for a code; anything unknown (a gateway, a retired game) as is. */

function codeNamer(slots: GameAccount[] | undefined, banks: Bank[] | undefined, t: TFunction, language: string) {
  return (code: string): string => {
    const name = accountName(code, slots, t);
    if (name !== code) return name;
    if (code === GIFT_LINK_SOURCE) return t('statement.giftLinkSource');
    const bank = banks?.find((item) => item.code === code);
    return bank ? bankName(bank, language) : code;
  };
}

interface StatementRowProps {
  entry: StatementEntry;
  slots: GameAccount[] | undefined;
  banks: Bank[] | undefined;
}

function StatementRow({ entry, slots, banks }: StatementRowProps) {
  const { t, i18n } = useTranslation();
  const activity = activityText(entry, codeNamer(slots, banks, t, i18n.language), t);
  const sign = amountSign(entry);
  const amount = formatMoney(Math.abs(entry.amount));
  const kind = statusKind(entry.status);
  const description = linkedDescription(entry, t);
  const direction = DIRECTIONS[sign];

  return (
    <li className="statement-row" data-testid="statement-row" data-type={entry.statementType} data-status={kind}>
      {/* Two lines: what and how much, then the status and when. Each line is cut, never wrapped. */}
      <span className={`statement-icon is-${direction}`} aria-hidden="true">
        {typeIcons[entry.statementType]}
      </span>
      <p className="statement-what">
        <span className="statement-activity">{activity}</span>
        {description ? (
          <>
            <span aria-hidden="true"> · </span>
            <span className="statement-description">{description}</span>
          </>
        ) : null}
      </p>
      <span className={`statement-amount is-${direction}`} data-testid="statement-amount">
        {`${SIGNS[sign]}${amount}`}
      </span>
      <p className="statement-when">
        <span className={`status-badge is-${kind}`} data-status={kind}>
          {t(`status.${kind}`)}
        </span>
        <span className="statement-time">
          <DateTime value={entry.createdAt} />
          <span aria-hidden="true"> · </span>
          <RelativeTime value={entry.createdAt} />
        </span>
      </p>
      {entry.reason ? (
        <p className="statement-reason" data-testid="statement-reason">
          {t('statement.reason', { reason: entry.reason })}
        </p>
      ) : null}
    </li>
  );
}
