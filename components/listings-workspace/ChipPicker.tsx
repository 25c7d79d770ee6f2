// Several values picked by typing a name: a text box with suggestions, the picked values as chips.
// Used for publishers (by name or id) and locations (by name, city or id).
import { useId, useMemo, useState } from 'preact/hooks';

export interface ChipOption {
  id: string;
  /** What the chip and the suggestion show, e.g. "Main Street Bakery, Springfield". */
  label: string;
  /** Extra words a search matches, e.g. alternate brands or a city. */
  words?: string;
}

export interface ChipPickerProps {
  label: string;
  placeholder: string;
  options: readonly ChipOption[];
  values: readonly string[];
  onChange: (values: string[]) => void;
  /** Said under the box while there is nothing to pick (e.g. "No locations yet"). */
  empty?: string;
}

const MAX_SUGGESTIONS = 50;

/** The one option a typed text means: an exact id or label, else the only option that contains it. */
export function pickOption(options: readonly ChipOption[], typed: string): ChipOption | undefined {
  const text = typed.trim().toLowerCase();
  if (!text) return undefined;
  const exact = options.find((o) => o.id.toLowerCase() === text || o.label.toLowerCase() === text);
  if (exact) return exact;
  const matches = options.filter((o) => `${o.label} ${o.id} ${o.words ?? ''}`.toLowerCase().includes(text));
  return matches.length === 1 ? matches[0] : undefined;
}

export function ChipPicker({ label, placeholder, options, values, onChange, empty }: ChipPickerProps) {
  const id = useId();
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState('');
  // Not per keystroke in the search box: a location picker has an option per location (thousands).
  const byId = useMemo(() => new Map(options.map((o) => [o.id, o])), [options]);
  const text = typed.trim().toLowerCase();
  const suggestions = text
    ? options
        .filter((o) => !values.includes(o.id) && `${o.label} ${o.id} ${o.words ?? ''}`.toLowerCase().includes(text))
        .slice(0, MAX_SUGGESTIONS)
    : [];

  const nothing = Boolean(empty) && options.length === 0 && values.length === 0;

  const add = (value: string) => {
    const option = pickOption(options, value);
    if (!option) {
      setProblem(value.trim() ? `No single match for “${value.trim()}”: type more of the name, or the id.` : '');
      return;
    }
    if (!values.includes(option.id)) onChange([...values, option.id]);
    setTyped('');
    setProblem('');
  };

  return (
    <div class="lw-chips">
      <label id={`${id}-label`} for={`${id}-input`} class="lw-filter-label">
        {label}
      </label>
      <div class="lw-chips__box">
        {values.map((value) => {
          const name = byId.get(value)?.label ?? value;
          return (
            <span key={value} class="lw-chip" title={value}>
              {name}
              <button
                type="button"
                class="lw-chip__remove"
                aria-label={`Remove ${name}`}
                onClick={() => onChange(values.filter((v) => v !== value))}
              >
                ×
              </button>
            </span>
          );
        })}
        <input
          id={`${id}-input`}
          class="ui-input lw-chips__input"
          list={`${id}-list`}
          placeholder={placeholder}
          value={typed}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : nothing ? `${id}-empty` : undefined}
          onInput={(event) => {
            const value = event.currentTarget.value;
            setTyped(value);
            setProblem('');
            // Choosing a suggestion fills the box with its exact label: take it at once.
            if (options.some((o) => o.label === value && !values.includes(o.id)) && value !== typed) {
              const option = options.find((o) => o.label === value);
              if (option && suggestions.some((s) => s.id === option.id)) add(value);
            }
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add(typed);
            }
          }}
        />
        <datalist id={`${id}-list`}>
          {suggestions.map((o) => (
            <option key={o.id} value={o.label}>
              {o.id}
            </option>
          ))}
        </datalist>
      </div>
      {nothing && !problem ? (
        <span id={`${id}-empty`} class="lw-chips__empty">
          {empty}
        </span>
      ) : null}
      {problem ? (
        <span id={`${id}-problem`} class="lw-problem" role="alert">
          {problem}
        </span>
      ) : null}
    </div>
  );
}
