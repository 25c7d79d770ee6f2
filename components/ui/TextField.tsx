// A labelled text input; apart from Field.tsx because only the options page shows one (the popup loads Field).
import type { ComponentChildren } from 'preact';
import { Field } from './Field.tsx';

export interface TextFieldProps {
  label: string;
  type?: 'text' | 'password' | 'url' | 'email' | 'search' | 'tel';
  name?: string;
  placeholder?: string;
  autoComplete?: string;
  readOnly?: boolean;
  required?: boolean;
  spellcheck?: boolean;
  class?: string;
  value: string;
  onValue: (value: string) => void;
  hint?: ComponentChildren;
  error?: string | null;
  /** Buttons shown after the input, e.g. Reveal or Copy. */
  after?: ComponentChildren;
}

export function TextField({
  label,
  value,
  onValue,
  hint,
  error,
  after,
  type = 'text',
  class: className,
  ...input
}: TextFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} class={className}>
      {(control) => (
        <>
          <input
            // Preact's input types are a union per `type`; every type allowed here is a text-like input.
            type={type as 'text'}
            {...input}
            {...control}
            class="ui-input"
            value={value}
            onInput={(event) => onValue(event.currentTarget.value)}
          />
          {after}
        </>
      )}
    </Field>
  );
}
