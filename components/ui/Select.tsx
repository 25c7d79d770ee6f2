// Labelled native controls for choosing: Select (one of several) and PickList (any of several, as
// filters use). Native controls keep keyboard and screen-reader behaviour for free.
import type { ComponentChildren } from 'preact';
import { useId } from 'preact/hooks';
import { Field } from './Field.tsx';
import './ui.css';

export interface Choice<V extends string = string> {
  value: V;
  label: string;
}

export interface SelectProps<V extends string> {
  label: string;
  value: V;
  choices: readonly Choice<V>[];
  onValue: (value: V) => void;
  /** The label is read out but not shown, where the choices speak for themselves (a filter bar). */
  hideLabel?: boolean;
  /** The label beside the select rather than above it. */
  inline?: boolean;
  hint?: ComponentChildren;
  error?: string | null;
  disabled?: boolean;
  /** Disabled and marked busy while a change is being applied. */
  busy?: boolean;
  /** sm: a dense bar's height and type size. */
  size?: 'sm' | 'md';
  name?: string;
  class?: string;
  /** Extra class for the select itself. */
  selectClass?: string;
}

export function Select<V extends string>(props: SelectProps<V>) {
  const { label, value, choices, onValue, hideLabel, hint, error, disabled, busy, size = 'md', name } = props;
  return (
    <Field label={label} hint={hint} error={error} hideLabel={hideLabel} inline={props.inline} class={props.class}>
      {(control) => (
        <select
          {...control}
          class={props.selectClass ? `ui-select ${props.selectClass}` : 'ui-select'}
          data-size={size}
          name={name}
          disabled={Boolean(disabled) || busy}
          aria-busy={busy ? 'true' : undefined}
          value={value}
          onChange={(event) => onValue(event.currentTarget.value as V)}
        >
          {choices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

export interface PickListProps<V extends string> {
  label: string;
  /** The values picked; none picked means no filter. */
  values: readonly V[];
  choices: readonly Choice<V>[];
  onValues: (values: V[]) => void;
  hint?: ComponentChildren;
  class?: string;
}

/** A group of checkboxes; the values it reports keep the order of `choices`. */
export function PickList<V extends string>({
  label,
  values,
  choices,
  onValues,
  hint,
  class: className,
}: PickListProps<V>) {
  const id = useId();
  const picked = new Set(values);
  const toggle = (value: V, on: boolean) => {
    const next = new Set(picked);
    if (on) next.add(value);
    else next.delete(value);
    onValues(choices.map((c) => c.value).filter((v) => next.has(v)));
  };
  return (
    <fieldset
      class={className ? `ui-pick-list ${className}` : 'ui-pick-list'}
      aria-describedby={hint ? `${id}-hint` : undefined}
    >
      <legend class="ui-pick-list__legend">{label}</legend>
      {hint ? (
        <div class="ui-pick-list__hint" id={`${id}-hint`}>
          {hint}
        </div>
      ) : null}
      <div class="ui-pick-list__choices">
        {choices.map((choice) => (
          <label key={choice.value} class="ui-pick-list__choice">
            <input
              type="checkbox"
              checked={picked.has(choice.value)}
              onChange={(event) => toggle(choice.value, event.currentTarget.checked)}
            />
            {choice.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
