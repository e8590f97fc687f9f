import { CopyButton } from '@wallet/web-kit/ui/copy-button';
import { LineIcon } from '@wallet/web-kit/ui/icons';
import { useTranslation } from 'react-i18next';
import { inviteCode, inviteLink, lineShareUrl } from '../lib/invite-link';

/** The player's invite code and link, to copy or to send on LINE (home's invite dialog, the profile). */
export function InviteShare({ profileId }: { profileId: string }) {
  const { t } = useTranslation();
  const code = inviteCode(profileId);
  const link = inviteLink(profileId);
  return (
    <section className="invite-share" aria-label={t('invite.shareTitle')} data-testid="invite-share">
      <p className="invite-share-hint">{t('invite.shareHint')}</p>
      <div className="invite-share-code">
        <span className="invite-share-label">{t('invite.code')}</span>
        <strong className="mono" data-testid="invite-code">
          {code}
        </strong>
      </div>
      <p className="invite-share-link mono" data-testid="invite-link">
        {link}
      </p>
      <div className="invite-share-actions">
        <CopyButton text={link} label={t('invite.copyLink')} />
        <a
          className="btn btn-line btn-small"
          data-testid="invite-line"
          href={lineShareUrl(t('invite.lineMessage', { link }))}
          target="_blank"
          rel="noopener noreferrer"
        >
          <LineIcon />
          <span>{t('invite.shareLine')}</span>
        </a>
      </div>
    </section>
  );
}
