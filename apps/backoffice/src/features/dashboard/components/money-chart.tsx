import { formatMoney } from '@wallet/web-kit/ui/money';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { dayText, shortDayText } from './day-text';

export interface ChartDay {
  date: string;
  deposits: number;
  withdrawals: number;
}

const WIDTH = 720;
const HEIGHT = 240;
const PLOT = { left: 92, right: 8, top: 12, bottom: 28 } as const;

/** A round top for the axis (1, 2 or 5 times a power of ten), so the grid reads in whole figures. */
export function niceCeiling(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 5, 10].find((n) => n * power >= value) ?? 10;
  return step * power;
}

/** Steps that land on round figures: a top of 5×10ⁿ in fifths, 1× or 2×10ⁿ in quarters. */
function gridLinesFor(top: number): number {
  return String(top).startsWith('5') ? 5 : 4;
}

/**
 * Deposits beside withdrawals for each day, as bars: plain SVG, no chart library. The picture has a
 * text name and summary for screen readers, each bar its figure as a tooltip; the table under it
 * holds every figure for anyone who needs the numbers.
 */
export function MoneyChart({ days }: { days: readonly ChartDay[] }) {
  const { t } = useTranslation();
  const titleId = useId();
  const descId = useId();
  const top = niceCeiling(Math.max(0, ...days.flatMap((day) => [day.deposits, day.withdrawals])));
  const gridLines = gridLinesFor(top);
  const plotWidth = WIDTH - PLOT.left - PLOT.right;
  const plotHeight = HEIGHT - PLOT.top - PLOT.bottom;
  const slot = plotWidth / Math.max(1, days.length);
  const bar = Math.min(18, slot / 3);
  const y = (value: number) => PLOT.top + plotHeight - (value / top) * plotHeight;
  const first = days[0];
  const last = days.at(-1);

  return (
    <figure className="money-chart">
      <svg
        className="chart-svg"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${titleId} ${descId}`}
        data-testid="money-chart"
      >
        <title id={titleId}>{t('dashboard.chartTitle', { count: days.length })}</title>
        <desc id={descId}>
          {first && last ? t('dashboard.chartDesc', { from: dayText(first.date), to: dayText(last.date) }) : null}
        </desc>
        {Array.from({ length: gridLines + 1 }, (_, i) => {
          const value = (top / gridLines) * i;
          return (
            <g key={value} className="chart-grid">
              <line x1={PLOT.left} x2={WIDTH - PLOT.right} y1={y(value)} y2={y(value)} />
              <text x={PLOT.left - 8} y={y(value)} dy="0.32em" textAnchor="end">
                {formatMoney(value)}
              </text>
            </g>
          );
        })}
        {days.map((day, i) => {
          const centre = PLOT.left + slot * i + slot / 2;
          return (
            <g key={day.date}>
              <rect
                className="chart-bar is-deposit"
                x={centre - bar - 1}
                y={y(day.deposits)}
                width={bar}
                height={Math.max(0, y(0) - y(day.deposits))}
              >
                <title>{`${dayText(day.date)} · ${t('dashboard.deposits')} ${formatMoney(day.deposits)}`}</title>
              </rect>
              <rect
                className="chart-bar is-withdrawal"
                x={centre + 1}
                y={y(day.withdrawals)}
                width={bar}
                height={Math.max(0, y(0) - y(day.withdrawals))}
              >
                <title>{`${dayText(day.date)} · ${t('dashboard.withdrawals')} ${formatMoney(day.withdrawals)}`}</title>
              </rect>
              <text className="chart-axis" x={centre} y={HEIGHT - 8} textAnchor="middle">
                {shortDayText(day.date)}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="chart-legend">
        <span className="legend-item">
          <span className="legend-swatch is-deposit" aria-hidden="true" />
          {t('dashboard.deposits')}
        </span>
        <span className="legend-item">
          <span className="legend-swatch is-withdrawal" aria-hidden="true" />
          {t('dashboard.withdrawals')}
        </span>
      </figcaption>
    </figure>
  );
}
