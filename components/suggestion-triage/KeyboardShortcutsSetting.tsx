import { signal } from '@preact/signals';
import { useId, useState } from 'preact/hooks';
import { ErrorNotice } from '../ui/ErrorNotice.tsx';
import { query, type StoreIo, useStarted, workerIo } from '../ui/store.ts';
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

/** The setting as the worker keeps it; a change shows at once and goes back if the worker refuses it. */
function createShortcutsSettingStore(io: StoreIo = workerIo) {
  const setting = query(() => io.ask('triage.settings.get', {}));
  const changeError = signal<unknown>(null);
  async function change(keyboardShortcuts: boolean): Promise<void> {
    const before = setting.value.peek();
    setting.set({ keyboardShortcuts });
    changeError.value = null;
    try {
      setting.set(await io.ask('triage.settings.set', { keyboardShortcuts }));
    } catch (caught) {
      if (before) setting.set(before);
      changeError.value = caught;
    }
  }
  return {
    on: setting.value,
    error: setting.error,
    changeError,
    change,
    start: () => {
      void setting.load();
      return () => undefined;
    },
  };
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
