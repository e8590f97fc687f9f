import '@/styles/deposit.css';
import { useQuery } from '@tanstack/react-query';
import type { DepositPause } from '@wallet/contract/protection';
import { BankIcon, BellIcon, QrIcon, UploadIcon, WalletIcon } from '@wallet/web-kit/ui/icons';
import { Loader } from '@wallet/web-kit/ui/loader';
import { Modal } from '@wallet/web-kit/ui/modal';
import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { depositLookupQueryKey, getDepositLookup } from '@/features/deposit/api/get-deposit-lookup';
import { qrGateways, transferAccounts } from '../lib/deposit-rules';
import { BankPanel } from './bank-accounts';
import { DepositPaused } from './deposit-paused';
import { ManualPanel } from './manual-deposit';
import { QrPanel } from './qr-deposit';
import { SlipPanel } from './slip-upload';
import { WalletPanel } from './wallet-deposit';

interface DepositDialogProps {
  open: boolean;
  onClose: () => void;
  /**
   * What sits under the deposit methods: Home puts the game-account feature's "play with the balance" form
   * there. A slot rather than an import, because features do not import each other.
   */
  footer?: ReactNode;
  /** Above the deposit methods: Home invites a player without deposit limits to set one (issue 20). */
  notice?: ReactNode;
  /** From the player's protection (Home reads it): every method then says why and until when, instead of itself. */
  paused?: DepositPause | null;
}

/** SPEC §2 Deposit dialog. Its content mounts only while open, so every opening reads the lookup afresh. */
export function DepositDialog({ open, onClose, footer, notice, paused = null }: DepositDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onClose={onClose} title={t('deposit.title')} className="deposit-dialog">
      {open ? <DepositContent onClose={onClose} footer={footer} notice={notice} paused={paused} /> : null}
    </Modal>
  );
}

type TabId = 'bank' | 'qr' | 'wallet' | 'slip' | 'manual';

interface Tab {
  id: TabId;
  icon: ReactNode;
  panel: ReactNode;
}

function DepositContent({
  onClose,
  footer,
  notice,
  paused,
}: {
  onClose: () => void;
  footer: ReactNode;
  notice: ReactNode;
  paused: DepositPause | null;
}) {
  // SPEC §8: a failed deposit lookup only hides the loader; slip upload still works without it.
  const lookup = useQuery({ queryKey: depositLookupQueryKey, queryFn: getDepositLookup, staleTime: 0 });

  if (lookup.isPending) {
    return (
      <div className="deposit" data-testid="deposit-dialog">
        <Loader />
      </div>
    );
  }

  const data = lookup.data;
  const banks = transferAccounts(data?.banks ?? []);
  const gateways = qrGateways(data?.banks ?? []);
  const wallets = data?.wallets ?? [];
  const candidates: (Tab | null)[] = [
    banks.length > 0 ? { id: 'bank', icon: <BankIcon />, panel: <BankPanel banks={banks} /> } : null,
    gateways.length > 0
      ? {
          id: 'qr',
          icon: <QrIcon />,
          panel: <QrPanel gateways={gateways} minimums={data?.qrMinimums} onDone={onClose} />,
        }
      : null,
    wallets.length > 0 ? { id: 'wallet', icon: <WalletIcon />, panel: <WalletPanel wallets={wallets} /> } : null,
    { id: 'slip', icon: <UploadIcon />, panel: <SlipPanel /> },
    data?.isManual ? { id: 'manual', icon: <BellIcon />, panel: <ManualPanel /> } : null,
  ];
  const available = candidates.filter((tab): tab is Tab => tab !== null);
  // Paused, each method keeps its tab (the player looks for it there) but shows why instead of itself.
  const tabs = paused ? available.map((tab) => ({ ...tab, panel: <DepositPaused pause={paused} /> })) : available;
  const only = tabs.length === 1 ? tabs[0] : undefined;

  return (
    <div className="deposit" data-testid="deposit-dialog">
      {notice}
      {only ? (
        <div className="deposit-panel" data-testid={`deposit-panel-${only.id}`}>
          {only.panel}
        </div>
      ) : (
        <DepositTabs tabs={tabs} />
      )}
      {footer}
    </div>
  );
}

/** WAI-ARIA tabs over the deposit methods; a row whose columns share the width, so no label overflows. */
function DepositTabs({ tabs }: { tabs: Tab[] }) {
  const { t } = useTranslation();
  const baseId = useId();
  const [chosen, setChosen] = useState<TabId | null>(null);
  const [visited, setVisited] = useState<ReadonlySet<TabId>>(new Set());
  const tabRefs = useRef(new Map<TabId, HTMLButtonElement>());
  const current = tabs.find((tab) => tab.id === chosen) ?? tabs[0]!;

  // A panel mounts when first shown and then stays, hidden, so a QR countdown or a pasted link survives a
  // look at another tab.
  const mounted = new Set([...visited, current.id]);
  if (!visited.has(current.id)) setVisited(mounted);

  const select = (id: TabId) => {
    setChosen(id);
    tabRefs.current.get(id)?.focus();
  };

  /** Arrow keys move along the row; Home and End jump to its ends. */
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = tabs.findIndex((tab) => tab.id === current.id);
    const targets: Record<string, Tab | undefined> = {
      ArrowRight: tabs[(index + 1) % tabs.length],
      ArrowLeft: tabs[(index - 1 + tabs.length) % tabs.length],
      Home: tabs[0],
      End: tabs[tabs.length - 1],
    };
    const target = targets[event.key];
    if (!target) return;
    event.preventDefault();
    select(target.id);
  };

  return (
    <>
      <div
        className="deposit-tabs"
        role="tablist"
        aria-label={t('deposit.tabs.label')}
        style={{ gridTemplateColumns: `repeat(${tabs.length}, minmax(0, 1fr))` }}
      >
        {tabs.map((tab) => {
          const selected = tab.id === current.id;
          return (
            <button
              key={tab.id}
              ref={(node) => {
                if (node) tabRefs.current.set(tab.id, node);
                else tabRefs.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${tab.id}`}
              className={selected ? 'deposit-tab is-selected' : 'deposit-tab'}
              data-testid={`deposit-tab-${tab.id}`}
              aria-selected={selected}
              aria-controls={`${baseId}-panel-${tab.id}`}
              tabIndex={selected ? 0 : -1}
              onClick={() => select(tab.id)}
              onKeyDown={onTabKey}
            >
              {tab.icon}
              <span>{t(`deposit.tabs.${tab.id}`)}</span>
            </button>
          );
        })}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`${baseId}-panel-${tab.id}`}
          aria-labelledby={`${baseId}-tab-${tab.id}`}
          className="deposit-panel"
          data-testid={`deposit-panel-${tab.id}`}
          hidden={tab.id !== current.id}
        >
          {mounted.has(tab.id) ? tab.panel : null}
        </div>
      ))}
    </>
  );
}
