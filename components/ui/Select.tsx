// A labelled native control for choosing one of several (PickList.tsx: any of several). Native controls keep
// keyboard and screen-reader behaviour for free.
import type { ComponentChildren } from 'preact';
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
