import type { BonusTypeView } from '@wallet/contract/backoffice/promotions';
import { GiftIcon } from '@wallet/web-kit/ui/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../../ui/paged-table';
import { useBonusTypes } from '../api/get-bonus-types';
import { BonusTypeForm } from './bonus-type-form';
import { EditCell, EnabledCell, NewButton, OfferCell } from './promotion-cells';

/** The bonus types players see on their Bonus screen, in the operator's order; a new one or an edit opens the form. */
export function BonusTypesPanel({ canManage }: { canManage: boolean }) {
  const { t, i18n } = useTranslation();
  const bonuses = useBonusTypes();
  const [editing, setEditing] = useState<BonusTypeView | 'new' | null>(null);
  if (editing) {
    return <BonusTypeForm bonus={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />;
  }
  const language = i18n.language === 'en' ? 'en' : 'th';
  return (
    <PagedTable
      list={bonuses}
      icon={<GiftIcon />}
      title={{
        id: 'bonus-types-title',
        text: t('promotions.tabs.bonuses'),
        actions: canManage ? (
          <NewButton label={t('promotions.newBonus')} testId="bonus-new" onClick={() => setEditing('new')} />
        ) : null,
      }}
      head={
        <>
          <th scope="col">{t('promotions.sortOrder')}</th>
          <th scope="col">{t('promotions.code')}</th>
          <th scope="col">{t('promotions.name')}</th>
          <th scope="col">{t('promotions.offer')}</th>
          <th scope="col">{t('promotions.limitType')}</th>
          <th scope="col">{t('promotions.percentFail')}</th>
          <th scope="col">{t('promotions.status')}</th>
          {canManage ? <th scope="col">{t('promotions.actions')}</th> : null}
        </>
      }
      columns={canManage ? 8 : 7}
      empty={t('promotions.noBonuses')}
      row={(bonus) => (
        <tr key={bonus.code} data-testid={`bonus-${bonus.code}`}>
          <td>{bonus.sortOrder}</td>
          <td className="strong">{bonus.code}</td>
          <td>{bonus.names[language] || bonus.names.th}</td>
          <OfferCell offer={bonus} />
          <td className="nowrap">
            {t(`promotions.limitTypes.${bonus.limitType}`)} × {bonus.maxReceived || '∞'}
          </td>
          <td>{bonus.percentFail}%</td>
          <EnabledCell enabled={bonus.enabled} />
          {canManage ? <EditCell onEdit={() => setEditing(bonus)} /> : null}
        </tr>
      )}
    />
  );
}
