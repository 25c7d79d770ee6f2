// A labelled group of checkboxes for choosing any of several, as filters use; apart from Select.tsx because
// only the options page shows one (the popup loads Select). Native controls keep keyboard behaviour for free.
import { type ComponentChildren, Fragment } from 'preact';
import { useId } from 'preact/hooks';
import type { Choice } from './Select.tsx';
import './pick-list.css';

/** A choice, with the service's code or id as small print beside its words (kept whole, never broken). */
export interface PickChoice<V extends string = string> extends Choice<V> {
  detail?: string;
}

export interface PickListProps<V extends string> {
  label: string;
  /** The values picked; none picked means no filter. */
  values: readonly V[];
  choices: readonly PickChoice<V>[];
  onValues: (values: V[]) => void;
  hint?: ComponentChildren;
  /** Said in place of the checkboxes when there are none (e.g. "No fields yet"); without it the group shows only its legend. */
  empty?: ComponentChildren;
  class?: string;
}

/** A group of checkboxes; the values it reports keep the order of `choices`. */
export function PickList<V extends string>({
  label,
  values,
  choices,
  onValues,
  hint,
  empty,
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
      {choices.length === 0 && empty ? <p class="ui-pick-list__empty">{empty}</p> : null}
      <div class="ui-pick-list__choices" hidden={choices.length === 0 && Boolean(empty)}>
        {choices.map((choice) => (
          <label key={choice.value} class="ui-pick-list__choice">
            <input
              type="checkbox"
              checked={picked.has(choice.value)}
              onChange={(event) => toggle(choice.value, event.currentTarget.checked)}
            />
            <span>
              {choice.label}
              {choice.detail ? (
                <>
                  {' '}
                  <small class="ui-pick-list__detail">
                    {choice.detail.split(' · ').map((part, i) => (
                      <Fragment key={part}>
                        {i > 0 ? ' · ' : null}
                        <span class="ui-pick-list__code">{part}</span>
                      </Fragment>
                    ))}
                  </small>
                </>
              ) : null}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
