// Whether the popup's single-key shortcuts are on (WCAG 2.1.4), as the worker keeps the setting.
import { signal } from '@preact/signals';
import { query, type StoreIo, workerIo } from '../ui/store.ts';

/** The setting as the worker keeps it; a change shows at once and goes back if the worker refuses it. */
export function createShortcutsSettingStore(io: StoreIo = workerIo) {
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
