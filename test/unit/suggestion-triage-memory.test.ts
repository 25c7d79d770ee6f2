// The worker answers views from the items it last read, while they are current: a change to any of them,
// by a triage write (a new revision) or by anyone else (storage.onChanged), shows in the next view.
import { describe, expect, test, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { activeAccountKeyItem, linkedAccountsItem } from '../../lib/background/core/account-items.ts';
import { keyboardShortcutsItem } from '../../lib/background/suggestion-triage/triage-items.ts';
import { WAITING } from '../../lib/shared/listing-statuses.ts';
import { useTriageHarness } from './suggestion-triage-fakes.ts';

const h = useTriageHarness();
const { triage, loaded } = h;

describe('suggestion-triage: views from memory', () => {
  test('a second view reads only the revision, and shows what changed since', async () => {
    const t = triage();
    await loaded(t);
    const get = vi.spyOn(fakeBrowser.storage.local, 'get');
    const first = await t.view(WAITING, false, false, {}, 5);
    expect(first.suggestions).toHaveLength(5);
    get.mockClear();
    const again = await t.view(WAITING, false, false, {}, 5);
    expect(again).toEqual(first);
    expect(get.mock.calls.flat()).toEqual(['triageRevision']);

    await keyboardShortcutsItem.setValue(false);
    expect((await t.view(WAITING, false)).keyboardShortcuts).toBe(false);
    await linkedAccountsItem.setValue([]);
    await activeAccountKeyItem.setValue(null);
    expect((await t.view(WAITING, false)).account).toBeNull();
  });

  test('a decision (a triage write) shows in the next view', async () => {
    const t = triage();
    await loaded(t);
    const before = await t.view(WAITING, false);
    const id = before.suggestions[0]!.id;
    await t.decide(h.accountKey, [id], 'ACCEPTED');
    const after = await t.view(WAITING, false);
    expect(after.revision).toBeGreaterThan(before.revision);
    expect(after.pending.map((p) => p.suggestionId)).toEqual([id]);
  });
});
