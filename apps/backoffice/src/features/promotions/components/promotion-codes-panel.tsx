import type { PromotionCodeView } from '@wallet/contract/backoffice/promotions';
import { DateTime } from '@wallet/web-kit/ui/date-time';
import { GiftIcon } from '@wallet/web-kit/ui/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../../ui/paged-table';
import { usePromotionCodes } from '../api/get-promotion-codes';
import { EditCell, EnabledCell, NewButton, OfferCell } from './promotion-cells';
import { PromotionCodeForm } from './promotion-code-form';

/** The codes players can type on the Bonus screen, with how often each was redeemed. */
export function PromotionCodesPanel({ canManage }: { canManage: boolean }) {
  const { t } = useTranslation();
  const codes = usePromotionCodes();
  const [editing, setEditing] = useState<PromotionCodeView | 'new' | null>(null);
  if (editing) {
    return <PromotionCodeForm promotion={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />;
  }
  return (
    <PagedTable
      list={codes}
      icon={<GiftIcon />}
      title={{
        id: 'codes-title',
        text: t('promotions.tabs.codes'),
        actions: canManage ? (
          <NewButton label={t('promotions.newCode')} testId="code-new" onClick={() => setEditing('new')} />
        ) : null,
      }}
      head={
        <>
          <th scope="col">{t('promotions.code')}</th>
          <th scope="col">{t('promotions.offer')}</th>
          <th scope="col">{t('promotions.percentFail')}</th>
          <th scope="col">{t('promotions.redeemed')}</th>
          <th scope="col">{t('promotions.window')}</th>
          <th scope="col">{t('promotions.status')}</th>
          {canManage ? <th scope="col">{t('promotions.actions')}</th> : null}
        </>
      }
      columns={canManage ? 7 : 6}
      empty={t('promotions.noCodes')}
      row={(code) => (
        <tr key={code.code} data-testid={`code-${code.code}`}>
          <td className="strong">{code.code}</td>
          <OfferCell offer={code} />
          <td>{code.percentFail}%</td>
          <td className="nowrap">
            {code.redeemed} / {code.maxRedemptions || '∞'}
          </td>
          <td className="nowrap">
            {code.validFrom ? <DateTime value={code.validFrom} /> : t('promotions.open')}
            {' – '}
            {code.validTo ? <DateTime value={code.validTo} /> : t('promotions.open')}
          </td>
          <EnabledCell enabled={code.enabled} />
          {canManage ? <EditCell onEdit={() => setEditing(code)} /> : null}
        </tr>
      )}
    />
  );
}
