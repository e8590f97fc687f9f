import { INVITE_PAGE_SIZE } from '@wallet/contract/constants';
import { BannersFirst } from '@wallet/web-kit/ui/banners-first';
import { DateTime } from '@wallet/web-kit/ui/date-time';
import { Loader } from '@wallet/web-kit/ui/loader';
import { Modal } from '@wallet/web-kit/ui/modal';
import { Money } from '@wallet/web-kit/ui/money';
import { Paginator } from '@wallet/web-kit/ui/paginator';
import { useState } from 'react';
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
  const [page, setPage] = useState(1);
  const invites = useInvites(page);
  const data = invites.data;
  // SPEC §8: a failed invite list only hides the loader.
  return (
    <section className="promo-history" aria-label={t('invite.historyTitle')}>
      <h3 className="promo-history-title">{t('invite.historyTitle')}</h3>
      {invites.isPending ? <Loader /> : null}
      {data && data.invites.length === 0 ? <p className="promo-empty">{t('invite.empty')}</p> : null}
      {data && data.invites.length > 0 ? (
        <>
          <div className="promo-table-wrap">
            <table className="promo-table" aria-busy={invites.isFetching}>
              <thead>
                <tr>
                  <th scope="col">{t('invite.friend')}</th>
                  <th scope="col" className="is-amount">
                    {t('invite.amount')}
                  </th>
                  <th scope="col">{t('invite.createdAt')}</th>
                </tr>
              </thead>
              <tbody>
                {data.invites.map((invite, index) => (
                  // The list has no ids: a friend's deposits at one moment are distinct only by position.
                  // biome-ignore lint/suspicious/noArrayIndexKey: rows of one page, replaced whole on a page change
                  <tr key={`${page}-${index}`} data-testid="invite-row">
                    <td className="promo-name">{invite.from.name}</td>
                    <td className="is-amount">
                      <Money value={invite.amount} />
                    </td>
                    <td className="promo-date">
                      <DateTime value={invite.createdAt} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Paginator
            page={page}
            totalPages={Math.max(1, Math.ceil(data.total / INVITE_PAGE_SIZE))}
            onChange={setPage}
          />
        </>
      ) : null}
    </section>
  );
}
