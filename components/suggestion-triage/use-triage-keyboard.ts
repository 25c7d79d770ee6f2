// Single-key shortcuts while the list has focus (j/k move, a/r decide, u undo, x select, ? help);
// arrows, Home and End move even with the shortcuts switched off (WCAG 2.1.4).
import { useCallback, useRef } from 'preact/hooks';
import type { SuggestionDecision } from '../../lib/api/suggestions.ts';

export interface TriageKeys {
  shortcutsOn: boolean;
  /** A dialog is open: keys belong to it. */
  paused: boolean;
  count: number;
  move: (by: number) => void;
  decide: (decision: SuggestionDecision) => void;
  undo: () => void;
  toggle: () => void;
  help: () => void;
}

/** A stable keydown handler that always acts on the latest `keys`. */
export function useTriageKeyboard(keys: TriageKeys): (event: KeyboardEvent) => void {
  const latest = useRef(keys);
  latest.current = keys;
  return useCallback((event: KeyboardEvent) => {
    const k = latest.current;
    if (k.paused || event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target as HTMLElement;
    if (target.tagName === 'SELECT' || target.tagName === 'TEXTAREA') return;
    if (target.tagName === 'INPUT' && (target as HTMLInputElement).type !== 'checkbox') return;
    const key = event.key;
    if (key === 'ArrowDown') k.move(1);
    else if (key === 'ArrowUp') k.move(-1);
    else if (key === 'Home') k.move(-k.count);
    else if (key === 'End') k.move(k.count);
    else if (!k.shortcutsOn) return;
    else if (key === 'j') k.move(1);
    else if (key === 'k') k.move(-1);
    else if (key === 'a') k.decide('ACCEPTED');
    else if (key === 'r') k.decide('REJECTED');
    else if (key === 'u') k.undo();
    else if (key === 'x') k.toggle();
    else if (key === '?') k.help();
    else return;
    event.preventDefault();
  }, []);
}
