// A password field with a Show/Hide toggle and a strength hint. Nothing here keeps or logs the value.
import { useState } from 'preact/hooks';
import { Field } from '../ui/Field.tsx';
import { passwordStrength } from './user-form.ts';

export interface PasswordInputProps {
  label: string;
  value: string;
  onValue: (value: string) => void;
  onBlur?: () => void;
  error?: string;
  /** No strength hint (a confirm field). */
  plain?: boolean;
  required?: boolean;
  /** The hint while it is empty: the user editor's says it may be set later, Set password's may not. */
  emptyHint?: string;
}

const HINTS = {
  empty: 'At least 8 characters.',
  'too short': 'Too short: at least 8 characters.',
  weak: 'Weak: longer, or mix upper case, digits and symbols.',
  fair: 'Fair.',
  strong: 'Strong.',
};

export function PasswordInput({
  label,
  value,
  onValue,
  onBlur,
  error,
  plain = false,
  required,
  emptyHint = HINTS.empty,
}: PasswordInputProps) {
  const [shown, setShown] = useState(false);
  const strength = passwordStrength(value);
  // An error says what is wrong; the strength hint beside it said the same again ("Too short" twice).
  const hint = plain || error ? undefined : strength === 'empty' ? emptyHint : HINTS[strength];
  return (
    <Field
      label={label}
      error={error}
      hint={hint ? <span data-strength={strength}>{hint}</span> : undefined}
      class="ue-password"
    >
      {(control) => (
        <>
          <input
            {...control}
            class="ui-input"
            type={(shown ? 'text' : 'password') as 'text'}
            autoComplete="new-password"
            spellcheck={false}
            required={required}
            value={value}
            onInput={(event) => onValue(event.currentTarget.value)}
            onBlur={onBlur}
          />
          <button
            type="button"
            class="ui-button"
            data-size="sm"
            data-variant="ghost"
            aria-pressed={shown}
            aria-label={shown ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
            onClick={() => setShown(!shown)}
          >
            {shown ? 'Hide' : 'Show'}
          </button>
        </>
      )}
    </Field>
  );
}
