import type { SpinWheelView } from '@wallet/contract/backoffice/spinwheel';
import { expectedWheelCost } from '@wallet/contract/backoffice/spinwheel-rules';
import { errorText } from '@wallet/web-kit/api/api-error';
import { FormError, TextField } from '@wallet/web-kit/ui/field';
import { useToast } from '@wallet/web-kit/ui/toast';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTimeField } from '@/ui/date-time-field';
import { LanguageFields } from '@/ui/language-fields';
import { useSaveWheel } from '../api/save-wheel';
import {
  costSlicesOf,
  draftOf,
  newSlice,
  type Problems,
  payloadOf,
  type SliceDraft,
  SPIN_SLICES_MAX,
  SPIN_SLICES_MIN,
  type WheelDraft,
} from './draft';
import { ExpectedCost } from './expected-cost';
import { SliceEditor } from './slice-editor';
import { WheelPreview } from './wheel-preview';
import { inLanguage } from './wheel-texts';

/**
 * A new wheel, or the whole of one to edit: its names, schedule and slices, with the wheel drawn and its
 * expected cost worked out as the operator types, before anything is saved. A wheel players have spun
 * is not changed in place: the save makes a new version, and the form says so first.
 */
export function WheelForm({ wheel, onDone }: { wheel: SpinWheelView | null; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const save = useSaveWheel();
  const [draft, setDraft] = useState<WheelDraft>(() => draftOf(wheel));
  const [problems, setProblems] = useState<Problems>({});
  const [reason, setReason] = useState('');
  const cost = useMemo(() => expectedWheelCost(costSlicesOf(draft)), [draft]);
  const set = (changes: Partial<WheelDraft>) => setDraft((current) => ({ ...current, ...changes }));
  const setSlices = (change: (slices: SliceDraft[]) => SliceDraft[]) =>
    setDraft((current) => ({ ...current, slices: change(current.slices) }));
  const versioned = wheel !== null && wheel.spins > 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = payloadOf(draft);
    setProblems(checked.problems);
    if (!checked.payload) return;
    save.mutate(
      { ...checked.payload, ...(reason.trim() ? { reason: reason.trim() } : {}), id: wheel?.id ?? null },
      {
        onSuccess: ({ wheel: saved }) => {
          toast.success(
            wheel && saved.version > wheel.version
              ? t('spinwheel.savedVersion', { version: saved.version })
              : t('spinwheel.saved'),
          );
          onDone();
        },
      },
    );
  };
  const problem = (key: string) => (problems[key] ? t(problems[key]) : null);
  const saveError = save.error
    ? `${errorText(save.error, t('errors.INTERNAL_SERVER_ERROR'))}${
        'field' in save.error && save.error.field ? ` (${String(save.error.field)})` : ''
      }`
    : null;
  const title = wheel
    ? t('spinwheel.editWheel', { name: inLanguage(wheel.names, i18n.language) })
    : t('spinwheel.newWheel');

  return (
    <form
      className="card form"
      onSubmit={submit}
      noValidate
      aria-labelledby="wheel-form-title"
      data-testid="wheel-form"
    >
      <h2 className="card-title" id="wheel-form-title">
        {title}
      </h2>
      {versioned ? (
        <p className="notice" role="note" data-testid="version-notice">
          {t('spinwheel.versionNotice', { spins: wheel.spins, version: wheel.version, next: wheel.version + 1 })}
        </p>
      ) : null}
      <div className="spin-editor">
        <div className="spin-editor-main">
          <LanguageFields
            label={t('spinwheel.names')}
            name="names"
            value={draft.names}
            error={problem('names')}
            markOptional
            columns
            onChange={(names) => set({ names })}
          />
          <div className="settings-grid spin-schedule">
            <DateTimeField
              kind="datetime"
              label={t('spinwheel.startsAt')}
              name="startsAt"
              optional
              value={draft.startsAt}
              onChange={(event) => set({ startsAt: event.target.value })}
            />
            <DateTimeField
              kind="datetime"
              label={t('spinwheel.endsAt')}
              name="endsAt"
              optional
              value={draft.endsAt}
              error={problem('endsAt')}
              onChange={(event) => set({ endsAt: event.target.value })}
            />
            <TextField
              label={t('spinwheel.couponValidDays')}
              name="couponValidDays"
              inputMode="numeric"
              value={draft.couponValidDays}
              error={problem('couponValidDays')}
              onChange={(event) => set({ couponValidDays: event.target.value })}
            />
            <label className="checkbox settings-check">
              <input
                type="checkbox"
                name="active"
                checked={draft.active}
                onChange={(event) => set({ active: event.target.checked })}
              />
              <span>{t('spinwheel.activeField')}</span>
            </label>
          </div>
          <section className="spin-slices" aria-labelledby="slices-title">
            <h3 className="card-subtitle" id="slices-title">
              {t('spinwheel.slicesTitle', { n: draft.slices.length, max: SPIN_SLICES_MAX })}
            </h3>
            <FormError message={problem('slices')} />
            {draft.slices.map((slice, index) => (
              <SliceEditor
                key={slice.key}
                slice={slice}
                index={index}
                count={draft.slices.length}
                chance={cost.chances[index] ?? 0}
                problems={problems}
                canRemove={draft.slices.length > SPIN_SLICES_MIN}
                onChange={(changes) =>
                  setSlices((slices) => slices.map((s, i) => (i === index ? { ...s, ...changes } : s)))
                }
                onMove={(by) =>
                  setSlices((slices) => {
                    const moved = [...slices];
                    const [taken] = moved.splice(index, 1);
                    if (taken) moved.splice(index + by, 0, taken);
                    return moved;
                  })
                }
                onRemove={() => setSlices((slices) => slices.filter((_, i) => i !== index))}
              />
            ))}
            <button
              type="button"
              className="btn btn-ghost"
              disabled={draft.slices.length >= SPIN_SLICES_MAX}
              onClick={() => setSlices((slices) => [...slices, newSlice(slices.length)])}
              data-testid="slice-add"
            >
              {t('spinwheel.addSlice')}
            </button>
          </section>
          <TextField
            label={t('spinwheel.reason')}
            name="reason"
            optional
            maxLength={500}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        </div>
        <aside className="spin-editor-aside" aria-label={t('spinwheel.previewAndCost')}>
          <WheelPreview slices={draft.slices} name={inLanguage(draft.names, i18n.language)} />
          <ExpectedCost cost={cost} />
        </aside>
      </div>
      {versioned ? (
        <p className="muted" data-testid="version-reminder">
          {t('spinwheel.versionReminder', { next: wheel.version + 1 })}
        </p>
      ) : null}
      <FormError message={Object.keys(problems).length > 0 ? t('spinwheel.fixFields') : saveError} />
      <div className="actions">
        <button type="button" className="btn btn-ghost" onClick={onDone}>
          {t('common.cancel')}
        </button>
        <button type="submit" className="btn btn-primary" disabled={save.isPending} data-testid="wheel-save">
          {versioned ? t('spinwheel.saveVersion', { next: wheel.version + 1 }) : t('common.save')}
        </button>
      </div>
    </form>
  );
}
