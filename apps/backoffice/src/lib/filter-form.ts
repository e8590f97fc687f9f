import { type FormEvent, useState } from 'react';

/**
 * A list's filter form: what the operator is typing (`draft`) apart from what the list shows (`filters`),
 * applied on submit or cleared, each time from page 1. `bind(key)` wires a text or select field to the draft.
 */
export function useFilterForm<Filters extends { [K in keyof Filters]: string }>(empty: Filters) {
  const [draft, setDraft] = useState<Filters>(empty);
  const [filters, setFilters] = useState<Filters>(empty);
  const [page, setPage] = useState(1);
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilters(draft);
    setPage(1);
  };
  const clear = () => {
    setDraft(empty);
    setFilters(empty);
    setPage(1);
  };
  const bind = (key: keyof Filters & string) => ({
    name: key,
    value: draft[key],
    onChange: (event: { target: { value: string } }) =>
      setDraft((current) => ({ ...current, [key]: event.target.value })),
  });
  return { draft, setDraft, filters, page, setPage, apply, clear, bind };
}
