import { useEffect, useId, useState } from 'preact/hooks';
import { ask } from '../../lib/messaging/ui.ts';
import { ErrorNotice } from '../ui/ErrorNotice.tsx';

/** WCAG 2.1.4: the popup's single-key shortcuts can be switched off. */
export function KeyboardShortcutsSetting() {
  const id = useId();
  const [on, setOn] = useState<boolean | null>(null);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    ask('triage.settings.get', {}).then(
      (view) => setOn(view.keyboardShortcuts),
      (caught: unknown) => setError(caught),
    );
  }, []);
  const change = async (next: boolean) => {
    setOn(next);
    setError(null);
    try {
      setOn((await ask('triage.settings.set', { keyboardShortcuts: next })).keyboardShortcuts);
    } catch (caught) {
      setOn(!next);
      setError(caught);
    }
  };
  return (
    <div class="kbd-setting">
      <div class="kbd-setting__row">
        <input
          id={id}
          type="checkbox"
          checked={on ?? false}
          disabled={on === null}
          aria-describedby={`${id}-hint`}
          onChange={(event) => void change(event.currentTarget.checked)}
        />
        <label for={id}>Single-key shortcuts in the suggestion list</label>
      </div>
      <p class="kbd-setting__hint" id={`${id}-hint`}>
        j / k move, a accepts, r rejects, u undoes, x selects, ? shows help. They act only while the list has focus.
        Switch them off if you use speech input or a screen reader whose keys they could catch.
      </p>
      <ErrorNotice error={error} />
    </div>
  );
}
