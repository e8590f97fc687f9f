import { WheelCanvas } from '@wallet/web-kit/spin-wheel/wheel-canvas';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { SliceDraft } from './draft';
import { inLanguage } from './wheel-texts';

const PREVIEW_SIZE = 260;
const FALLBACK_BG = '#9ca3af';
const FALLBACK_TEXT = '#111827';
const COLOR = /^#[0-9a-fA-F]{6}$/;

/** The wheel as players will see it, drawn by the player app's own code, redrawn as the operator types. */
export function WheelPreview({ slices, name }: { slices: SliceDraft[]; name: string }) {
  const { t, i18n } = useTranslation();
  const looks = useMemo(
    () =>
      slices.map((slice) => ({
        label: inLanguage(slice.labels, i18n.language) || slice.code,
        bgColor: COLOR.test(slice.bgColor) ? slice.bgColor : FALLBACK_BG,
        textColor: COLOR.test(slice.textColor) ? slice.textColor : FALLBACK_TEXT,
      })),
    [slices, i18n.language],
  );
  return (
    <figure className="spin-preview">
      <WheelCanvas
        slices={looks}
        size={PREVIEW_SIZE}
        rotation={0}
        label={t('spinwheel.previewLabel', { name, slices: slices.length })}
      />
      <figcaption className="muted">{t('spinwheel.preview')}</figcaption>
    </figure>
  );
}
