import { INVITE_PAGE_SIZE } from '@wallet/contract/constants';
import { BannersFirst } from '@wallet/web-kit/ui/banners-first';
import { DateTime } from '@wallet/web-kit/ui/date-time';
import { Modal } from '@wallet/web-kit/ui/modal';
import { Money } from '@wallet/web-kit/ui/money';
import { PagedHistory } from '@wallet/web-kit/ui/paged-history';
import { useTranslation } from 'react-i18next';
import { useInviteBanners } from '../api/get-invite-banners';
import { useInvites } from '../api/get-invites';
import { InviteShare } from './invite-share';
import '@/styles/promotions.css';

/** SPEC §2 Invite dialog, after the invite banners: the player's link, then what invited friends earned. */
export function InviteDialog({ profileId, onClose }: { profileId: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <BannersFirst banners={useInviteBanners()} title={t('invite.title')}>
      <Modal open onClose={onClose} title={t('invite.title')} className="invite-dialog">
        <div data-testid="invite-dialog">
          <InviteShare profileId={profileId} />
          <InviteList />
        </div>
      </Modal>
    </BannersFirst>
  );
}

function InviteList() {
  const { t } = useTranslation();
  return (
    <PagedHistory
      title={t('invite.historyTitle')}
      empty={t('invite.empty')}
      pageSize={INVITE_PAGE_SIZE}
      usePage={useInviteHistory}
      head={
        <>
          <th scope="col">{t('invite.friend')}</th>
          <th scope="col" className="is-amount">
            {t('invite.amount')}
          </th>
          <th scope="col">{t('invite.createdAt')}</th>
        </>
      }
      row={(invite, index, page) => (
        // The list has no ids: a friend's deposits at one moment are distinct only by position.
        <tr key={`${page}-${index}`} data-testid="invite-row">
          <td className="promo-name">{invite.from.name}</td>
          <td className="is-amount">
            <Money value={invite.amount} />
          </td>
          <td className="promo-date">
            <DateTime value={invite.createdAt} />
          </td>
        </tr>
      )}
    />
  );
}

/** One page of the history, as PagedHistory reads it. */
function useInviteHistory(page: number) {
  const invites = useInvites(page);
  return { ...invites, data: invites.data && { rows: invites.data.invites, total: invites.data.total } };
}
