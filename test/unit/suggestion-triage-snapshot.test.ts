// The worker's first-paint snapshot in storage.session: written from the popup's view when it changes,
// bounded, read by pages for the active account only, gone on unlink and on switching accounts.

import { describe, expect, test, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { activeAccountKeyItem, linkedAccountsItem } from '../../lib/background/core/account-items.ts';
import { locationsItem } from '../../lib/background/locations.ts';
import {
  SNAPSHOT_ACCOUNTS,
  SNAPSHOT_MAX_CHARS,
  SNAPSHOT_ROWS,
  triageSnapshotItem,
} from '../../lib/background/suggestion-triage/first-paint-snapshot.ts';
import type { RequestContext } from '../../lib/messaging/background.ts';
import { FIRST_PAINT_KEY, readSnapshot } from '../../lib/messaging/first-paint.ts';
import type { LocationView, TriageSnapshotView, TriageView } from '../../lib/messaging/protocol/index.ts';
import { WAITING } from '../../lib/shared/listing-statuses.ts';
import { unlinkAccount } from './desk-fakes.ts';
import { linkTestAccount, makeSuggestions, useTriageHarness } from './suggestion-triage-fakes.ts';

const h = useTriageHarness();
// The popup's questions: an extension page's.
const context = { access: 'extension' } as RequestContext;

type Triage = ReturnType<typeof h.triage>;
/** The popup's first question, through the worker's handler (which writes the snapshot after answering). */
const firstQuestion = (t: Triage, filters: { locationIds?: string[] } = {}) =>
  t.handlers['triage.view']({ status: WAITING, refresh: false, force: false, rows: 40, ...filters }, context);

async function written(): Promise<TriageSnapshotView> {
  return vi.waitFor(async () => {
    const stored = await triageSnapshotItem.getValue();
    if (!stored) throw new Error('no snapshot yet');
    return stored;
  });
}

/** The account's locations directory, as the locations feature stores it (names and cities only matter here). */
async function storeLocations(accountKey: string, named: [string, string, string][]) {
  const locations = named.map(([id, name, city]) => ({ id, name, city }) as LocationView);
  await locationsItem.setValue({ [accountKey]: { fetchedAt: 1, locations, folders: [] } });
}

async function pageReads(): Promise<TriageView | null> {
  return readSnapshot();
}

describe('suggestion-triage: the popup first-paint snapshot', () => {
  test("the popup's view writes its first screenful, their names, and nothing secret; pages read it", async () => {
    h.service.suggestions = makeSuggestions(30);
    const t = h.triage();
    await h.loaded(t);
    const view = await firstQuestion(t);
    const stored = await written();
    expect(stored.suggestions.map((s) => s.id)).toEqual(view.suggestions.slice(0, SNAPSHOT_ROWS).map((s) => s.id));
    expect(stored.account?.accountKey).toBe(h.accountKey);
    expect(stored.revision).toBe(view.revision);
    expect(stored.complete).toBe(false);
    expect(stored.refreshing).toBe(true);
    expect(stored.publishers).toEqual({ GOOGLEMYBUSINESS: 'Google Business Profile' });
    // storage.session itself, as a page reads it: under the page's key, and no token anywhere.
    const session = await browser.storage.session.get(null);
    expect(Object.keys(session)).toContain(FIRST_PAINT_KEY);
    expect(JSON.stringify(session)).not.toContain('tok-');
    expect((await pageReads())?.suggestions).toEqual(stored.suggestions);
  });

  test("it carries the names the live popup shows: the rows' locations and the account bar, nothing more", async () => {
    const other = await linkTestAccount('app-2002', 'Second Account');
    await activeAccountKeyItem.setValue(h.accountKey);
    await storeLocations(h.accountKey, [
      ['HB-001', 'Harbor Bakery – Ballard', 'Seattle'],
      ['HB-002', 'Harbor Bakery – Fremont', ''],
      ['HB-003', '', 'Seattle'],
      ['HB-999', 'Not in the rows', 'Tacoma'],
    ]);
    h.service.suggestions = makeSuggestions(5);
    const t = h.triage();
    await h.loaded(t);
    await firstQuestion(t);
    const stored = await written();
    // As the live rows name them (locationText): name and city; a location without a name keeps its id.
    expect(stored.locationNames).toEqual({
      'HB-001': { name: 'Harbor Bakery – Ballard', city: 'Seattle' },
      'HB-002': { name: 'Harbor Bakery – Fremont', city: '' },
    });
    expect(stored.accountBar).toEqual({
      activeAccountKey: h.accountKey,
      accounts: [
        { accountKey: h.accountKey, accountName: 'Harbor Bakery Group', needsRelink: false, otherEnvironment: false },
        { accountKey: other, accountName: 'Second Account', needsRelink: false, otherEnvironment: false },
      ],
    });
    expect(JSON.stringify(await browser.storage.session.get(null))).not.toContain('tok-');
  });

  test('names learnt after the view (the locations fetched later, a relink needed) are written without a new revision', async () => {
    h.service.suggestions = makeSuggestions(5);
    const t = h.triage();
    t.start();
    await h.loaded(t);
    await firstQuestion(t);
    const first = await written();
    expect(first.locationNames).toEqual({});
    await storeLocations(h.accountKey, [['HB-001', 'Harbor Bakery – Ballard', 'Seattle']]);
    await vi.waitFor(async () =>
      expect((await triageSnapshotItem.getValue())?.locationNames).toEqual({
        'HB-001': { name: 'Harbor Bakery – Ballard', city: 'Seattle' },
      }),
    );
    const linked = await linkedAccountsItem.getValue();
    await linkedAccountsItem.setValue(linked.map((a) => ({ ...a, needsRelink: true })));
    await vi.waitFor(async () =>
      expect((await triageSnapshotItem.getValue())?.accountBar?.accounts[0]?.needsRelink).toBe(true),
    );
    expect((await triageSnapshotItem.getValue())?.revision).toBe(first.revision);
  });

  test('bounded: more linked accounts than the bar holds leave the bar out; long names are cut', async () => {
    const linked = await linkedAccountsItem.getValue();
    const more = (n: number, name: (i: number) => string) =>
      Array.from({ length: n }, (_, i) => ({
        ...linked[0]!,
        accountKey: `app-${3000 + i}`,
        appSpecificAccountId: `app-${3000 + i}`,
        accountName: name(i),
      }));
    await linkedAccountsItem.setValue([...linked, ...more(SNAPSHOT_ACCOUNTS, (i) => `Account ${i}`)]);
    const t = h.triage();
    // Its watchers: the names below are learnt after the first write.
    t.start();
    await h.loaded(t);
    await firstQuestion(t);
    const crowded = await written();
    expect(crowded.accountBar).toBeNull();
    expect(crowded.suggestions.length).toBeGreaterThan(0);
    expect(JSON.stringify(crowded).length).toBeLessThanOrEqual(SNAPSHOT_MAX_CHARS);

    // Two accounts whose names (and the rows' location names) are far longer than a popup shows.
    await linkedAccountsItem.setValue([...linked, ...more(1, () => 'N'.repeat(5000))]);
    await storeLocations(
      h.accountKey,
      ['HB-001', 'HB-002', 'HB-003', 'HB-004', 'HB-005'].map((id) => [id, 'L'.repeat(5000), 'C'.repeat(5000)]),
    );
    await triageSnapshotItem.setValue(null);
    await t.decide(h.accountKey, [h.service.suggestions[0]!.id], 'ACCEPTED');
    await firstQuestion(t);
    const long = await written();
    expect(long.accountBar?.accounts.map((a) => a.accountName.length)).toEqual([19, 120]);
    const named = Object.values(long.locationNames);
    expect(named.length).toBeGreaterThan(0);
    expect(named.every((l) => l.name.length === 120 && l.city.length === 120)).toBe(true);
    expect(long.accounts?.every((a) => a.accountName.length <= 120)).toBe(true);
    expect(JSON.stringify(long).length).toBeLessThanOrEqual(SNAPSHOT_MAX_CHARS);
  });

  test('bounded: long publisher texts cost rows, never the bound', async () => {
    h.service.suggestions = makeSuggestions(20).map((s) => ({ ...s, suggestedContent: 'x'.repeat(5000) }));
    const t = h.triage();
    await h.loaded(t);
    await firstQuestion(t);
    const stored = await written();
    expect(JSON.stringify(stored).length).toBeLessThanOrEqual(SNAPSHOT_MAX_CHARS);
    expect(stored.suggestions.length).toBeGreaterThan(0);
    expect(stored.suggestions.length).toBeLessThan(SNAPSHOT_ROWS);
  });

  test('written when the view changes: not again at the same revision, not for a filtered list', async () => {
    const t = h.triage();
    await h.loaded(t);
    await firstQuestion(t);
    await written();
    await triageSnapshotItem.setValue(null);
    await firstQuestion(t);
    await firstQuestion(t, { locationIds: ['HB-001'] });
    await new Promise((r) => setTimeout(r, 20));
    expect(await triageSnapshotItem.getValue()).toBeNull();

    await t.decide(h.accountKey, [h.service.suggestions[0]!.id], 'ACCEPTED');
    await firstQuestion(t);
    expect((await written()).pending.map((p) => p.suggestionId)).toEqual([h.service.suggestions[0]!.id]);
  });

  test('unlink clears it', async () => {
    const t = h.triage();
    await h.loaded(t);
    await firstQuestion(t);
    await written();
    await unlinkAccount(h.accountKey);
    expect(await triageSnapshotItem.getValue()).toBeNull();
    expect(await pageReads()).toBeNull();
  });

  test("switching accounts: the worker clears it, and a page never shows another account's rows", async () => {
    const other = await linkTestAccount('app-2002', 'Second Account');
    await activeAccountKeyItem.setValue(h.accountKey);
    const t = h.triage();
    t.start();
    await h.loaded(t);
    await firstQuestion(t);
    const shown = await written();
    expect(await pageReads()).not.toBeNull();

    await activeAccountKeyItem.setValue(other);
    await vi.waitFor(async () => expect(await triageSnapshotItem.getValue()).toBeNull());
    // A late write of the first account's view (an answer computed before the switch): the page checks the
    // active account itself.
    await browser.storage.session.set({ [FIRST_PAINT_KEY]: { ...shown, account: { ...shown.account } } });
    expect(await pageReads()).toBeNull();
  });
});
