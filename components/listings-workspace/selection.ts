// The workspace's selection: listings picked one by one (x, a click, a shift-click range), or every
// listing the filters match, which may be far more than the rows on screen.
import type { ListingsFilters, ListingsSelection } from '../../lib/messaging/protocol/index.ts';

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

/**
 * What is sent to the worker to opt in or out. "Opt in all opted-out matching" (OPTED_OUT) and "Opt out
 * all live matching" (LIVE) narrow the filters' statuses to that one; the page offers them only when
 * the filters let that status through.
 */
export function toWireSelection(
  selection: SelectionState,
  onlyStatus: 'OPTED_OUT' | 'LIVE' | null = null,
): ListingsSelection {
  if (selection.kind === 'keys') return { listingIds: [...selection.keys] };
  return { filters: onlyStatus ? { ...selection.filters, statuses: [onlyStatus] } : selection.filters };
}
