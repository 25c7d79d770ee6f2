import { useId, useState } from 'preact/hooks';
import { ErrorNotice } from '../ui/ErrorNotice.tsx';
import { useStarted } from '../ui/store.ts';
import { createShortcutsSettingStore } from './keyboard-shortcuts-store.ts';
import { TRIAGE_KEYMAP } from './keymap.ts';

// Here, not in keymap.ts: only the options page shows the setting, and the popup loads the keymap.
/** The setting's sentence: "j / k move, a accepts, r rejects, u undoes, x selects, ? shows help". */
export function shortcutsSentence(): string {
  const groups = new Map<string, string[]>();
  for (const entry of TRIAGE_KEYMAP) {
    if (!entry.letter || !entry.says) continue;
    groups.set(entry.says, [...(groups.get(entry.says) ?? []), entry.letter]);
  }
  return [...groups].map(([says, letters]) => `${letters.join(' / ')} ${says}`).join(', ');
}

/** WCAG 2.1.4: the popup's single-key shortcuts can be switched off. */
export function KeyboardShortcutsSetting() {
  const id = useId();
  const [store] = useState(createShortcutsSettingStore);
  useStarted(store);
  const on = store.on.value?.keyboardShortcuts ?? null;
  return (
    <div class="kbd-setting">
      <div class="kbd-setting__row">
        <input
          id={id}
          type="checkbox"
          checked={on ?? false}
          disabled={on === null}
          aria-describedby={`${id}-hint`}
          onChange={(event) => void store.change(event.currentTarget.checked)}
        />
        <label for={id}>Single-key shortcuts in the suggestion list</label>
      </div>
      <p class="kbd-setting__hint" id={`${id}-hint`}>
        {shortcutsSentence()}. They act only while the list has focus. Switch them off if you use speech input or a
        screen reader whose keys they could catch.
      </p>
      <ErrorNotice error={store.changeError.value ?? store.error.value} />
    </div>
  );
}
