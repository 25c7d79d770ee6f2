// The panel's location search, for a CRM record no location matched: the user types a name, an address, a
// phone number or a store code, and picks. Answered here from the accounts' kept lists (the page gets
// nothing: the panel frame is ours), at most SEARCH_LIMIT at a time, and the pick is remembered for that
// record until the browser closes (storage.session, which content scripts cannot read).

import { foldText } from '../../shared/embedded-panel/normalize.ts';
import { defineItem } from '../../storage-item.ts';
import type { StorageWrites } from '../feature.ts';
import type { AccountLocation } from './account-lists.ts';

export const SEARCH_LIMIT = 20;
const MAX_PICKS = 200;

interface Folded {
  name: string;
  /** Name, store code and address, folded, one space between. */
  all: string;
  phone: string;
}

// One folded copy per merged list: the list object is kept while no account's directory changes.
const foldedLists = new WeakMap<readonly AccountLocation[], Folded[]>();

const digits = (text: string) => text.replace(/\D+/g, '');

function foldedOf(locations: readonly AccountLocation[]): Folded[] {
  let folded = foldedLists.get(locations);
  if (!folded) {
    folded = locations.map((l) => {
      const name = ` ${foldText(l.name).trim()}`;
      return { name, all: `${name} ${foldText(`${l.id} ${l.address}`).trim()} `, phone: digits(l.phone) };
    });
    foldedLists.set(locations, folded);
  }
  return folded;
}

/**
 * Every word of the query at the start of a word of the name, store code or address, or the query's digits
 * (three or more) in the phone number. A name that starts with the query first, then other name matches.
 */
export function searchLocations(
  locations: readonly AccountLocation[],
  query: string,
): { results: AccountLocation[]; total: number } {
  const words = foldText(query).trim().split(/\s+/).filter(Boolean);
  const phone = digits(query);
  const phoneLike = phone.length >= 3 && /^[\d\s().+-]+$/.test(query.trim());
  if (words.length === 0 && !phoneLike) return { results: [], total: 0 };
  const folded = foldedOf(locations);
  const ranked: { location: AccountLocation; rank: number }[] = [];
  const head = ` ${words.join(' ')}`;
  for (let i = 0; i < locations.length; i += 1) {
    const f = folded[i]!;
    const byWords = words.length > 0 && words.every((w) => f.all.includes(` ${w}`));
    if (!byWords && !(phoneLike && f.phone.includes(phone))) continue;
    const rank = f.name.startsWith(head) ? 0 : words.every((w) => f.name.includes(` ${w}`)) ? 1 : 2;
    ranked.push({ location: locations[i]!, rank });
  }
  ranked.sort((a, b) => a.rank - b.rank || a.location.name.localeCompare(b.location.name));
  return { results: ranked.slice(0, SEARCH_LIMIT).map((r) => r.location), total: ranked.length };
}

/** A location the user picked for a CRM record (its page's address), for this browser session. */
export interface PanelPick {
  url: string;
  accountKey: string;
  locationId: string;
}

const picksItem = defineItem<PanelPick[]>('session:panelPicks', { fallback: [], version: 1 });

export async function pickFor(url: string): Promise<PanelPick | undefined> {
  return (await picksItem.getValue()).find((p) => p.url === url);
}

/** null forgets the record's pick. */
export async function rememberPick(url: string, pick: Omit<PanelPick, 'url'> | null): Promise<void> {
  const others = (await picksItem.getValue()).filter((p) => p.url !== url).slice(-(MAX_PICKS - 1));
  await picksItem.setValue(pick ? [...others, { url, ...pick }] : others);
}

export async function forgetPicks(accountKey: string): Promise<StorageWrites> {
  const picks = await picksItem.getValue();
  return [{ item: picksItem, value: picks.filter((p) => p.accountKey !== accountKey) }];
}
