// The list's keyboard handler, driven by the keymap (keymap.ts): single-key shortcuts while the list
// has focus, and arrows, Home and End even with the shortcuts switched off (WCAG 2.1.4).
import { useCallback, useRef } from 'preact/hooks';
import { actionForKey, type TriageAction } from './keymap.ts';

export interface TriageKeys {
  shortcutsOn: boolean;
  /** A dialog is open: keys belong to it. */
  paused: boolean;
  /** What each action does here. */
  act: (action: TriageAction) => void;
}

/** Keys typed into a text field or a select are that control's, not shortcuts. */
function typesText(target: HTMLElement): boolean {
  if (target.tagName === 'SELECT' || target.tagName === 'TEXTAREA') return true;
  return target.tagName === 'INPUT' && (target as HTMLInputElement).type !== 'checkbox';
}

/** A stable keydown handler that always acts on the latest `keys`. */
export function useTriageKeyboard(keys: TriageKeys): (event: KeyboardEvent) => void {
  const latest = useRef(keys);
  latest.current = keys;
  return useCallback((event: KeyboardEvent) => {
    const k = latest.current;
    if (k.paused || event.ctrlKey || event.metaKey || event.altKey) return;
    if (typesText(event.target as HTMLElement)) return;
    // Space on a button, link or checkbox in a row presses it; only on the row itself does it select.
    if (event.key === ' ' && (event.target as HTMLElement).closest('button, a, input, summary')) return;
    const action = actionForKey(event.key, k.shortcutsOn);
    if (!action) return;
    event.preventDefault();
    k.act(action);
  }, []);
}
