// The triage list's keys, declared once: they drive the keyboard handler, the help dialog and the
// text of the setting that switches the single-key shortcuts off (WCAG 2.1.4).

export type TriageAction = 'next' | 'previous' | 'first' | 'last' | 'accept' | 'reject' | 'undo' | 'select' | 'help';

export interface TriageKey {
  action: TriageAction;
  /** The single-key shortcut; off when the setting is off. */
  letter?: string;
  /** Keys that work even with the shortcuts off (arrows, Home, End, Space on a row). */
  always?: readonly string[];
  /** What the help dialog says it does. */
  help: string;
  /** The setting's words for it: "a accepts"; keys with the same words are listed together ("j / k move"). */
  says?: string;
}

export const TRIAGE_KEYMAP: readonly TriageKey[] = [
  { action: 'next', letter: 'j', always: ['ArrowDown'], help: 'Next suggestion', says: 'move' },
  { action: 'previous', letter: 'k', always: ['ArrowUp'], help: 'Previous suggestion', says: 'move' },
  { action: 'first', always: ['Home'], help: 'First suggestion' },
  { action: 'last', always: ['End'], help: 'Last suggestion' },
  { action: 'accept', letter: 'a', help: 'Accept (the selected ones, if any)', says: 'accepts' },
  { action: 'reject', letter: 'r', help: 'Reject (the selected ones, if any)', says: 'rejects' },
  { action: 'undo', letter: 'u', help: 'Undo the latest decision', says: 'undoes' },
  { action: 'select', letter: 'x', always: [' '], help: 'Select or unselect', says: 'selects' },
  { action: 'help', letter: '?', help: 'Show this help', says: 'shows help' },
];

const KEY_NAMES: Record<string, string> = { ArrowDown: '↓', ArrowUp: '↑', Home: 'Home', End: 'End', ' ': 'Space' };

/** The action a key press stands for, or null: letters only while the shortcuts are on. */
export function actionForKey(key: string, shortcutsOn: boolean): TriageAction | null {
  for (const entry of TRIAGE_KEYMAP) {
    if (entry.always?.includes(key)) return entry.action;
    if (shortcutsOn && entry.letter === key) return entry.action;
  }
  return null;
}

/** The help dialog's rows: ["j / ↓", "Next suggestion"]. */
export function helpRows(): [keys: string, what: string][] {
  return TRIAGE_KEYMAP.map((entry) => [
    [entry.letter, ...(entry.always ?? []).map((key) => KEY_NAMES[key] ?? key)].filter(Boolean).join(' / '),
    entry.help,
  ]);
}
