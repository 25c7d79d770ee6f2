// The workspace's selection: listings picked one by one (x, a click, a shift-click range), or every
// listing the filters match, which may be far more than the rows on screen.
import type { ListingsFilters } from './workspace-filters.ts';
import type { Selection } from './workspace-source.ts';

export type SelectionState =
  | { kind: 'keys'; keys: ReadonlySet<string>; anchor: number | null }
  | { kind: 'matching'; filters: ListingsFilters };

export const EMPTY_SELECTION: SelectionState = { kind: 'keys', keys: new Set(), anchor: null };

export function isSelected(selection: SelectionState, key: string): boolean {
  return selection.kind === 'matching' || selection.keys.has(key);
}

export function toggleKey(selection: SelectionState, key: string, index: number): SelectionState {
  const keys = new Set(selection.kind === 'keys' ? selection.keys : []);
  if (keys.has(key)) keys.delete(key);
  else keys.add(key);
  return { kind: 'keys', keys, anchor: index };
}

/** Adds every key of a shift-click range; the anchor stays where the range started. */
export function addKeys(selection: SelectionState, keys: readonly string[]): SelectionState {
  const next = new Set(selection.kind === 'keys' ? selection.keys : []);
  for (const key of keys) next.add(key);
  return { kind: 'keys', keys: next, anchor: selection.kind === 'keys' ? selection.anchor : null };
}

export function selectedCount(selection: SelectionState, matched: number | null): number {
  return selection.kind === 'matching' ? (matched ?? 0) : selection.keys.size;
}

/** What is sent to the worker to opt in or out. */
export function toWireSelection(selection: SelectionState, onlyStatus: 'OPTED_OUT' | 'LIVE' | null = null): Selection {
  return selection.kind === 'matching'
    ? { kind: 'matching', filters: selection.filters, onlyStatus }
    : { kind: 'keys', keys: [...selection.keys] };
}
