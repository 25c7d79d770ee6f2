// What an Inbox answer draws again on the page: rows are keyed by suggestion and drawn again only when
// what they show changed, so a grouping or a filter that keeps a row on screen does not work out its
// word diff again. The answers are the worker's own (the inbox handlers over seeded cached lists).
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { InboxSection } from '../../components/inbox/InboxSection.tsx';
import * as listWindow from '../../components/ui/list-window.ts';
import { activeAccountKeyItem, linkedAccountsItem } from '../../lib/background/core/account-items.ts';
import { createInbox } from '../../lib/background/inbox/index.ts';
import { createSuggestionTriage } from '../../lib/background/suggestion-triage/index.ts';
import { type StoredSuggestion, triageCacheItem } from '../../lib/background/suggestion-triage/triage-items.ts';
import { cacheKey } from '../../lib/background/suggestion-triage/triage-state.ts';
import { WAITING } from '../../lib/shared/listing-statuses.ts';
import * as diff from '../../lib/shared/word-diff.ts';
import { resetDesk, testDeps } from './desk-fakes.ts';

vi.mock('../../lib/shared/word-diff.ts', async (original) => {
  const real = await original<typeof import('../../lib/shared/word-diff.ts')>();
  return { ...real, wordDiff: vi.fn(real.wordDiff) };
});

vi.mock('../../components/ui/list-window.ts', async (original) => {
  const real = await original<typeof import('../../components/ui/list-window.ts')>();
  return { ...real, windowOf: vi.fn(real.windowOf) };
});

let handlers: ReturnType<typeof createInbox>['handlers'];
/** While set, the worker's inbox.query answers wait for it (an answer still on its way). */
let held: Promise<void> | null = null;
vi.mock('../../lib/messaging/ui.ts', () => ({
  ask: vi.fn(async (type: string, input: unknown) => {
    if (type === 'inbox.refresh') return { accounts: 1 };
    if (type === 'inbox.query' && held) await held;
    const handler = handlers[type as keyof typeof handlers] as (input: unknown, sender: never) => Promise<unknown>;
    return handler(input, { access: 'extension' } as never);
  }),
  onDeskEvent: vi.fn(() => () => undefined),
}));

const NOW = Date.now();
const countLine = () =>
  screen.getAllByRole('status').find((e) => /waiting suggestions match/.test(e.textContent ?? ''))?.textContent;
const diffs = () => vi.mocked(diff.wordDiff).mock.calls.length;
const shown = () =>
  [...document.querySelectorAll<HTMLElement>('.ib-grid tbody tr')].map((tr) =>
    tr.dataset.key ? `${tr.dataset.key} @${tr.style.top}` : `# ${tr.textContent} @${tr.style.top}`,
  );
const rowKeys = () =>
  [...document.querySelectorAll<HTMLElement>('.ib-grid tbody tr[data-key]')].map((tr) => tr.dataset.key);

/** One account, one location, one field: grouping adds three headers above the same rows in the same order. */
async function seed(n: number) {
  const suggestions: StoredSuggestion[] = Array.from({ length: n }, (_, i) => ({
    id: `s${i + 1}`,
    status: WAITING,
    publisherId: 'GOOGLE',
    locationId: 'L1',
    fieldName: i < n - 5 ? 'NAME' : 'PHONE',
    originalContent: `Harbor Bakery ${i + 1}`,
    suggestedContent: `Harbor Bakery and Cafe ${i + 1}`,
    dateCreated: new Date(NOW - (n - i) * 86_400_000).toISOString().slice(0, 10),
  }));
  await linkedAccountsItem.setValue([
    {
      accountKey: 'A',
      accountName: 'Alpha',
      appSpecificAccountId: 'A',
      linkedAt: NOW,
      needsRelink: false,
      apiOrigin: 'http://127.0.0.1:1',
    },
  ]);
  await activeAccountKeyItem.setValue('A');
  await triageCacheItem.setValue({ [cacheKey('A', WAITING)]: { fetchedAt: NOW, count: n, suggestions } });
  const deps = testDeps({ now: () => NOW });
  handlers = createInbox(deps, createSuggestionTriage(deps)).handlers;
}

beforeEach(() => {
  held = null;
  resetDesk();
  history.replaceState(null, '', '#inbox');
});
afterEach(cleanup);

describe('the Inbox’s rows on a new answer', () => {
  test('grouping moves the rows on screen under their headers; none of them works out its diff again', async () => {
    await seed(40);
    render(<InboxSection />);
    await waitFor(() => expect(countLine()).toBe('40 of 40 waiting suggestions match'));
    const before = rowKeys();
    expect(before.length).toBeGreaterThan(8);
    vi.mocked(diff.wordDiff).mockClear();

    fireEvent.click(screen.getByRole('checkbox', { name: 'Group by account, location and field' }));
    await waitFor(() => expect(document.querySelectorAll('th[scope="rowgroup"]')).toHaveLength(3));
    // After the paint, every row in the window is drawn (the overscan catches up). Headers are half a row.
    await waitFor(() => expect(shown()).toContain('A s12 @800px'));
    // The box (600 px before a layout) and 4 rows beyond it (256 px), no more: rows are costly to draw.
    expect(shown().at(-1)).toBe('A s12 @800px');
    expect(shown().slice(0, 5)).toEqual([
      '# Alpha40 waiting @0px',
      '# L140 waiting @32px',
      '# Name35 waiting @64px',
      'A s1 @96px',
      'A s2 @160px',
    ]);
    // The same suggestions, a row and a half down: each moved with its diff, none worked out again.
    expect(rowKeys().every((key) => before.includes(key))).toBe(true);
    expect(diffs()).toBe(0);
    // Each row once: rows kept from the last draw never share a key with one drawn now.
    expect(new Set(shown().map((s) => s.split(' @')[0])).size).toBe(shown().length);
  });

  test('grouping, then not: the rows that stayed on screen are the same nodes; only those that left are drawn anew', async () => {
    await seed(40);
    render(<InboxSection />);
    await waitFor(() => expect(countLine()).toBe('40 of 40 waiting suggestions match'));
    const rows = [...document.querySelectorAll('.ib-grid tbody tr[data-key] td.ib-cell--diff')];
    const before = rowKeys();
    vi.mocked(diff.wordDiff).mockClear();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Group by account, location and field' }));
    await waitFor(() => expect(shown()).toContain('A s12 @800px'));
    const left = before.filter((key) => !rowKeys().includes(key));
    expect(left).toEqual(['A s13', 'A s14']);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Group by account, location and field' }));
    await waitFor(() => expect(document.querySelectorAll('th[scope="rowgroup"]')).toHaveLength(0));
    await waitFor(() => expect(shown()[0]).toBe('A s1 @0px'));
    const again = [...document.querySelectorAll('.ib-grid tbody tr[data-key] td.ib-cell--diff')];
    // Two left the window under the headers and came back: only they are drawn anew.
    expect(again.filter((cell) => rows.includes(cell)).length).toBe(rows.length - left.length);
    expect(diffs()).toBe(left.length);
  });

  test('a filter’s click draws the filters at once and the list only when its answer comes', async () => {
    await seed(40);
    render(<InboxSection />);
    await waitFor(() => expect(countLine()).toBe('40 of 40 waiting suggestions match'));
    let answer: () => void = () => undefined;
    held = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const drawn = () => vi.mocked(listWindow.windowOf).mock.calls.length;
    vi.mocked(listWindow.windowOf).mockClear();
    const group = screen.getByRole('checkbox', { name: 'Group by account, location and field' });
    // fireEvent runs in act(): every render the click causes is done when it returns.
    fireEvent.click(group);
    expect((group as HTMLInputElement).checked).toBe(true);
    // The list's render (its window worked out, its rows checked) would hold the answer back: none yet.
    expect(drawn()).toBe(0);
    expect(document.querySelectorAll('th[scope="rowgroup"]')).toHaveLength(0);
    answer();
    await waitFor(() => expect(document.querySelectorAll('th[scope="rowgroup"]')).toHaveLength(3));
    expect(drawn()).toBeGreaterThan(0);
  });
});
