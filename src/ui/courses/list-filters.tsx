import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../primitives/button';

export interface FilterSelect {
  name: string;
  label: string;
  /** '' = no filter. */
  value: string;
  anyLabel: string;
  options: ReadonlyArray<{ value: string; label: string }>;
}

export interface ListFiltersProps {
  /** The search text field, when the list can be searched. */
  search?: { value: string; label: string; placeholder?: string; maxLength?: number };
  selects: readonly FilterSelect[];
  /** A changed filter: its name and value ('' = no filter). */
  onChange: (name: string, value: string) => void;
  onClear: () => void;
}

/**
 * The filter bar of a list page: choices apply at once, the search text on Enter or the button
 * (one request per search, not per key). Every control has a visible label.
 */
export function ListFilters({ search, selects, onChange, onClear }: ListFiltersProps) {
  const { t } = useTranslation();
  const id = useId();
  const searchValue = search?.value ?? '';
  const [text, setText] = useState(searchValue);
  const [shown, setShown] = useState(searchValue);
  // A new value from outside (back button, clear) replaces what was typed.
  if (shown !== searchValue) {
    setShown(searchValue);
    setText(searchValue);
  }
  const active = searchValue !== '' || selects.some((s) => s.value !== '');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (search) onChange('q', text.trim());
  };

  return (
    <form className="list-filters" role={search ? 'search' : undefined} aria-label={t('courses:filters_label')} onSubmit={submit}>
      {search ? (
        <div className="list-filters__field list-filters__field--search">
          <label htmlFor={`${id}-q`}>{search.label}</label>
          <div className="list-filters__search">
            <input
              id={`${id}-q`}
              type="search"
              name="q"
              value={text}
              placeholder={search.placeholder}
              maxLength={search.maxLength}
              onChange={(e) => setText(e.target.value)}
            />
            <Button type="submit" variant="primary">
              {t('courses:search_submit')}
            </Button>
          </div>
        </div>
      ) : null}
      {selects.map((select) => (
        <div className="list-filters__field" key={select.name}>
          <label htmlFor={`${id}-${select.name}`}>{select.label}</label>
          <select id={`${id}-${select.name}`} name={select.name} value={select.value} onChange={(e) => onChange(select.name, e.target.value)}>
            <option value="">{select.anyLabel}</option>
            {select.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
      ))}
      {active ? (
        <Button className="list-filters__clear" variant="ghost" onClick={onClear}>
          {t('courses:clear_filters')}
        </Button>
      ) : null}
    </form>
  );
}
