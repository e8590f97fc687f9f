import { TextField } from '@wallet/web-kit/ui/field';

/**
 * A number field of a promotions form's draft: the text as typed under `name`, its problem if the last
 * save found one. `decimal` for baht amounts, whole numbers otherwise.
 */
export function DraftNumberField<Draft, Key extends keyof Draft & string>({
  draft,
  problems,
  set,
  name,
  label,
  hint,
  decimal = false,
}: {
  draft: Draft;
  problems: Partial<Record<keyof Draft, string>>;
  set: (changes: Partial<Draft>) => void;
  name: Key;
  label: string;
  hint?: string | undefined;
  decimal?: boolean;
}) {
  return (
    <TextField
      label={label}
      name={name}
      inputMode={decimal ? 'decimal' : 'numeric'}
      value={draft[name] as string}
      hint={hint}
      error={problems[name] ?? null}
      onChange={(event) => set({ [name]: event.target.value } as Partial<Draft>)}
    />
  );
}
