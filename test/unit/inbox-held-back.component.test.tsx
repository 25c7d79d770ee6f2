// The Inbox with an agency's data: 30 accounts of which two have something waiting, a decision that could
// not be confirmed, one refused, one held back by a 429, and part of a batch waiting for Relink. The
// answers are the worker's own (the inbox handlers over seeded storage), drawn by the real section.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { INBOX_NOTED_HEIGHT, INBOX_ROW_HEIGHT } from '../../components/inbox/InboxList.tsx';
import { InboxSection, progressOf, progressWords } from '../../components/inbox/InboxSection.tsx';
import { activeAccountKeyItem, linkedAccountsItem } from '../../lib/background/core/account-items.ts';
import { createInbox } from '../../lib/background/inbox/index.ts';
import { createSuggestionTriage } from '../../lib/background/suggestion-triage/index.ts';
import {
  type StoredSuggestion,
  triageBatchesItem,
  triageCacheItem,
  triageFailuresItem,
  triagePendingItem,
  triageUndoWindowMsForTestsItem,
} from '../../lib/background/suggestion-triage/triage-items.ts';
import { cacheKey } from '../../lib/background/suggestion-triage/triage-state.ts';
import { WAITING } from '../../lib/shared/listing-statuses.ts';
import { UNCONFIRMED } from '../../lib/shared/triage-batch.ts';
import { resetDesk, testDeps } from './desk-fakes.ts';

let handlers: ReturnType<typeof createInbox>['handlers'];
vi.mock('../../lib/messaging/ui.ts', () => ({
  ask: vi.fn(async (type: string, input: unknown) => {
    if (type === 'inbox.refresh') return { accounts: 1 };
    const handler = handlers[type as keyof typeof handlers] as (input: unknown, sender: never) => Promise<unknown>;
    return handler(input, { access: 'extension' } as never);
  }),
  onDeskEvent: vi.fn(() => () => undefined),
}));

const NOW = Date.now();
const DAY = 86_400_000;
const keys = Array.from({ length: 30 }, (_, i) => `K${i + 1}`);

function suggestion(id: string, days: number): StoredSuggestion {
  return {
    id,
    status: WAITING,
    publisherId: 'GOOGLE',
    locationId: 'L1',
    fieldName: 'NAME',
    originalContent: `Harbor Bakery ${id}`,
    suggestedContent: `Harbor Bakery and Cafe ${id}`,
    dateCreated: new Date(NOW - days * DAY).toISOString().slice(0, 10),
  };
}

async function seed() {
  await linkedAccountsItem.setValue(
    keys.map((accountKey, i) => ({
      accountKey,
      accountName: `Summit Outdoor Supply ${i + 1}`,
      appSpecificAccountId: accountKey,
      linkedAt: NOW,
      needsRelink: false,
      apiOrigin: 'http://127.0.0.1:1',
    })),
  );
  await activeAccountKeyItem.setValue('K1');
  const lists: Record<string, StoredSuggestion[]> = {
    K1: [suggestion('s1', 40), suggestion('s2', 30), suggestion('s3', 20), suggestion('s4', 2)],
    K2: [suggestion('t1', 1)],
  };
  await triageCacheItem.setValue(
    Object.fromEntries(
      keys.map((k) => [
        cacheKey(k, WAITING),
        { fetchedAt: NOW, count: lists[k]?.length ?? 0, suggestions: lists[k] ?? [] },
      ]),
    ),
  );
  await triageFailuresItem.setValue([
    {
      suggestionId: 's1',
      accountKey: 'K1',
      decision: 'ACCEPTED',
      code: UNCONFIRMED,
      message:
        'Listings Desk could not confirm this decision: the service’s answer could not be read, and the suggestion is still waiting there. Choose Retry to send it again.',
      failedAt: NOW,
    },
    {
      suggestionId: 's2',
      accountKey: 'K1',
      decision: 'REJECTED',
      code: '7303',
      message: 'The service refused this decision: Invalid status.',
      failedAt: NOW,
    },
  ]);
  await triagePendingItem.setValue([
    {
      suggestionId: 's3',
      accountKey: 'K1',
      decision: 'ACCEPTED',
      dueAt: NOW - 60_000,
      batchId: 'b1',
      attempts: 1,
      retryAt: NOW + 120_000,
      lastError: {
        code: '2040',
        status: 429,
        message: 'The service asked Listings Desk to slow down; Listings Desk will try again in 2 min.',
      },
    },
    {
      suggestionId: 't1',
      accountKey: 'K2',
      decision: 'ACCEPTED',
      dueAt: NOW - 60_000,
      batchId: 'b2',
      attempts: 1,
      retryAt: null,
      lastError: { code: 'needs-relink', status: 401, message: 'Summit Outdoor Supply 2 needs to be linked again.' },
    },
  ]);
  await triageBatchesItem.setValue([
    {
      batchId: 'b1',
      accountKey: 'K1',
      decision: 'ACCEPTED',
      decidedAt: NOW,
      size: 2,
      sent: 1,
      resolvedElsewhere: 0,
      failed: 0,
      undone: 0,
    },
    {
      batchId: 'b2',
      accountKey: 'K2',
      decision: 'ACCEPTED',
      decidedAt: NOW,
      size: 1,
      sent: 0,
      resolvedElsewhere: 0,
      failed: 0,
      undone: 0,
    },
  ]);
  // Long: nothing is sent while the test looks.
  await triageUndoWindowMsForTestsItem.setValue(60_000);
  const deps = testDeps({ now: () => NOW });
  handlers = createInbox(deps, createSuggestionTriage(deps)).handlers;
}

const rowOf = (id: string) => document.querySelector<HTMLElement>(`.ib-grid tbody tr[data-key$=" ${id}"]`);

beforeEach(() => {
  resetDesk();
  history.replaceState(null, '', '#inbox');
});
afterEach(cleanup);

describe('the Inbox with 30 accounts and decisions that did not go', () => {
  test('the header lists the accounts with something waiting and counts the rest in one line', async () => {
    await seed();
    render(<InboxSection />);
    const list = await screen.findByRole('list', { name: 'Accounts' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    const lines = within(list)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(lines[0]).toBe('Summit Outdoor Supply 1: 4 waiting');
    expect(lines[1]).toBe('Summit Outdoor Supply 2: 1 waiting');
    expect(lines[2]).toBe('28 other accounts have nothing waiting.');
    expect(document.body.textContent).not.toMatch(/: 0 waiting/);
  });

  test('the account filter is one searchable box, not 30 checkboxes: typing a name picks the account', async () => {
    await seed();
    render(<InboxSection />);
    await waitFor(() => expect(rowOf('t1')).not.toBeNull());
    expect(screen.queryByRole('group', { name: 'Accounts' })).toBeNull();
    expect(screen.queryAllByRole('checkbox', { name: /Summit Outdoor Supply/ })).toEqual([]);
    const box = screen.getByRole('combobox', { name: 'Accounts' });
    fireEvent.input(box, { target: { value: 'Supply 2 (' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Remove Summit Outdoor Supply 2 (1)' })).toBeTruthy(),
    );
    await waitFor(() => expect(rowOf('s4')).toBeNull());
    expect(rowOf('t1')).not.toBeNull();
  });

  test('a decision not confirmed: its words in full under the row, a Retry that sends it again, and Accept and Reject', async () => {
    await seed();
    render(<InboxSection />);
    await waitFor(() => expect(rowOf('s1')).not.toBeNull());
    const row = rowOf('s1')!;
    // Taller than a row, so the words are not cut by the 64 px line.
    expect(row.style.height).toBe(`${INBOX_NOTED_HEIGHT}px`);
    expect(rowOf('s4')!.style.height).toBe(`${INBOX_ROW_HEIGHT}px`);
    expect(row.textContent).toContain(
      'Listings Desk could not confirm this decision: the service’s answer could not be read, and the suggestion is still waiting there. Choose Retry to send it again.',
    );
    const buttons = within(row)
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(buttons).toEqual(['Accept', 'Reject', 'Retry']);
    // "unconfirmed" is the product's own name: no small print for it.
    expect(row.querySelector('small')).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(rowOf('s1')!.textContent).toContain('Will be sent: accepted'));
    const pending = await triagePendingItem.getValue();
    expect(pending.find((p) => p.suggestionId === 's1')?.decision).toBe('ACCEPTED');
  });

  test('a refused decision says so with the service’s code in small print, and can be decided again', async () => {
    await seed();
    render(<InboxSection />);
    await waitFor(() => expect(rowOf('s2')).not.toBeNull());
    const row = rowOf('s2')!;
    expect(row.textContent).toContain('Couldn’t reject. The service did not accept this decision.');
    expect(row.querySelector('small')?.textContent).toBe(' (code 7303)');
    expect(within(row).queryByRole('button', { name: 'Retry' })).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(rowOf('s2')!.textContent).toContain('Will be sent: accepted'));
  });

  test('a decision held back by a 429 says when it goes, not only “Will be sent”', async () => {
    await seed();
    render(<InboxSection />);
    await waitFor(() => expect(rowOf('s3')).not.toBeNull());
    const row = rowOf('s3')!;
    expect(row.textContent).toContain('Held back: accepted');
    expect(row.textContent).toMatch(
      /Waiting for the service’s limit to reset at .+; Listings Desk will send it then\./,
    );
    expect(row.querySelector('small')?.textContent).toBe(' (code 2040 · HTTP 429)');
    expect(row.style.height).toBe(`${INBOX_NOTED_HEIGHT}px`);
    const relink = rowOf('t1')!;
    expect(relink.textContent).toContain('The account’s link was revoked or has expired; link it again to send this.');
  });

  test('the age is shown with its date; no row claims it “may be applied automatically soon”', async () => {
    await seed();
    render(<InboxSection />);
    await waitFor(() => expect(rowOf('s1')).not.toBeNull());
    const age = rowOf('s1')!.querySelector('.ib-cell--age')!;
    expect(age.textContent).toMatch(/^40 days\w{3} \d{1,2}(, \d{4})?$/);
    expect(age.querySelector('time')?.getAttribute('datetime')).toBe(suggestion('s1', 40).dateCreated);
    expect(document.body.textContent).not.toContain('May be applied automatically soon');
    // Oldest first: the age is what the list is sorted by.
    const order = [...document.querySelectorAll<HTMLElement>('.ib-grid tbody tr[data-key]')].map(
      (tr) => tr.dataset.key,
    );
    expect(order.slice(0, 3)).toEqual(['K1 s1', 'K1 s2', 'K1 s3']);
  });

  test('the worker counts what of each batch waits for Relink and what waits for a retry', async () => {
    await seed();
    const filters = { accounts: [], locations: [], publishers: [], fields: [], ages: [] };
    const input = { filters, sort: 'oldest' as const, group: false, offset: 0, limit: 10 };
    const answer = await handlers['inbox.query'](input, { access: 'extension' } as never);
    const batches = Object.fromEntries(answer.batches.map((b) => [b.batchId, b]));
    expect(batches.b1).toMatchObject({ sent: 1, retrying: 1, waitingForRelink: 0 });
    expect(batches.b2).toMatchObject({ sent: 0, retrying: 0, waitingForRelink: 1 });
    // Rows with a note (s1, s2 failed; s3 and t1 held back) are at these places in the oldest-first list.
    expect(answer.noted).toEqual([0, 1, 2, 4]);
  });
});

describe('the progress line of a batch of which part waits for Relink', () => {
  test('says each part: sent, refused, waiting for Relink, still in the undo window', () => {
    const decided = {
      decision: 'ACCEPTED' as const,
      bulk: true,
      batches: [{ accountKey: 'K1', batchId: 'b', size: 178 }],
    };
    const batch = {
      batchId: 'b',
      accountKey: 'K1',
      decision: 'ACCEPTED' as const,
      size: 178,
      sent: 114,
      resolvedElsewhere: 0,
      failed: 38,
      undone: 0,
      queued: 26,
      waitingForRelink: 26,
      retrying: 0,
    };
    const words = progressWords(progressOf(decided as never, [batch]), 'ACCEPTED');
    expect(words).toBe(
      '114 accepted; 38 refused by the service (they stay in the list with its reason); 26 wait until their account is linked again (Relink in Accounts), then are sent.',
    );
    expect(words).not.toContain('178');
    const early = progressWords(
      progressOf(decided as never, [{ ...batch, sent: 0, failed: 0, waitingForRelink: 0, queued: 178 }]),
      'ACCEPTED',
    );
    expect(early).toBe('178 to be accepted; sent after the undo window by the background, so you can close this page.');
  });
});
