import { HOWTO_VIDEOS, type HowtoVideo } from '@wallet/contract/howto-videos';
import { ChevronIcon, ClockIcon, GiftIcon, PlayIcon, ShieldIcon, WalletIcon } from '@wallet/web-kit/ui/icons';
import { Modal } from '@wallet/web-kit/ui/modal';
import { SafeHtml } from '@wallet/web-kit/ui/safe-html';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHowtoText } from '../api/get-howto-text';

const icons: Record<HowtoVideo, React.ReactNode> = {
  wallet: <WalletIcon />,
  play: <PlayIcon />,
  balance: <ClockIcon />,
  bonus: <GiftIcon />,
  'end-bonus': <ShieldIcon />,
};

export function howtoVideoUrl(name: HowtoVideo): string {
  return `/media/howto/${name}.mp4`;
}

/** A still of the video, shown while the first frames download on a slow network. */
export function howtoPosterUrl(name: HowtoVideo): string {
  return `/media/howto/${name}.jpg`;
}

function VideoPlayer({ name }: { name: HowtoVideo }) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  if (failed) return <p className="muted video-missing">{t('howto.videoUnavailable')}</p>;
  return (
    <video
      className="howto-video"
      src={howtoVideoUrl(name)}
      poster={howtoPosterUrl(name)}
      controls
      playsInline
      // Mobile browsers only autoplay muted video; these have no sound track anyway.
      muted
      autoPlay
      onError={() => setFailed(true)}
    />
  );
}

export function HowtoScreen() {
  const { t } = useTranslation();
  const [playing, setPlaying] = useState<HowtoVideo | null>(null);
  const intro = useHowtoText().data?.howto ?? '';

  return (
    <div className="page">
      <header className="page-header">
        <h1 className="page-title">{t('howto.title')}</h1>
        <p className="muted">{t('howto.subtitle')}</p>
      </header>
      {intro.trim() ? <SafeHtml html={intro} className="howto-intro" /> : null}
      <ul className="howto-list">
        {HOWTO_VIDEOS.map((name, index) => (
          <li key={name}>
            <button type="button" className="howto-card" onClick={() => setPlaying(name)}>
              <span className="howto-icon" aria-hidden="true">
                {icons[name]}
              </span>
              <span className="howto-text">
                <span className="howto-number">{index + 1}</span>
                <span className="howto-name">{t(`howto.videos.${name}`)}</span>
                <span className="howto-watch">{t('howto.watch')}</span>
              </span>
              <ChevronIcon />
            </button>
          </li>
        ))}
      </ul>
      <Modal
        open={playing !== null}
        onClose={() => setPlaying(null)}
        title={playing ? t(`howto.videos.${playing}`) : ''}
      >
        {playing ? <VideoPlayer key={playing} name={playing} /> : null}
      </Modal>
    </div>
  );
}
