import type { ComponentChildren } from 'preact';
import { useId } from 'preact/hooks';
import './ui.css';

/** What a control inside a Field must carry so that its label, hint and error reach assistive tech. */
export interface FieldControlProps {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': 'true' | undefined;
}

export interface FieldProps {
  label: string;
  hint?: ComponentChildren;
  /** Shown beside the field, in words; also marks the control invalid. */
  error?: string | null;
  /** Render prop: spread the given props onto the input/select. Extra buttons may follow it. */
  children: (control: FieldControlProps) => ComponentChildren;
  /** The label is read out but not shown, where the control speaks for itself (a filter bar). */
  hideLabel?: boolean;
  /** The label beside the control rather than above it (a page header). */
  inline?: boolean;
  class?: string;
}

export function Field({ label, hint, error, children, hideLabel, inline, class: className }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div class={className ? `ui-field ${className}` : 'ui-field'} data-layout={inline ? 'inline' : undefined}>
      <label class={hideLabel ? 'ui-field__label visually-hidden' : 'ui-field__label'} for={id}>
        {label}
      </label>
      <div class="ui-field__control">
        {children({ id, 'aria-describedby': describedBy, 'aria-invalid': error ? 'true' : undefined })}
      </div>
      {hint ? (
        <div class="ui-field__hint" id={hintId}>
          {hint}
        </div>
      ) : null}
      {error ? (
        <div class="ui-field__error" id={errorId} role="alert">
          {error}
        </div>
      ) : null}
    </div>
  );
}
