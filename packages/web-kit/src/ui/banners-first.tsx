import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Carousel, type CarouselItem } from './carousel';
import { Loader } from './loader';
import { Modal } from './modal';

interface BannersFirstProps {
  /** undefined while the banners load; a failed load is passed as [] so the dialog still opens. */
  banners: CarouselItem[] | undefined;
  title: string;
  children: ReactNode;
}

/**
 * SPEC §2 (invite, refund): the banners come first. With none the dialog opens directly; otherwise a
 * carousel shows, and closing it (the close button, Escape or "next") opens the dialog.
 */
export function BannersFirst({ banners, title, children }: BannersFirstProps) {
  const { t } = useTranslation();
  const [seen, setSeen] = useState(false);
  if (banners === undefined) return <Loader overlay />;
  if (banners.length === 0 || seen) return children;
  const next = () => setSeen(true);
  return (
    <Modal
      open
      onClose={next}
      title={title}
      className="banners-first"
      footer={
        <button type="button" className="btn btn-primary btn-block" data-testid="banners-next" onClick={next}>
          {t('common.next')}
        </button>
      }
    >
      <div data-testid="banners-first">
        <Carousel items={banners} />
      </div>
    </Modal>
  );
}
