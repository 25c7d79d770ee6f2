// The popup's list across accounts (issue 24): rows name their account, bulk decisions split per account,
// Undo names whose decision it undoes, the account filter asks the worker for the accounts picked, and an
// account needing Relink is said above the others' rows.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { SuggestionTriage } from '../../components/suggestion-triage/SuggestionTriage.tsx';
import type { TriageAccountSummary, TriageView } from '../../lib/messaging/protocol/index.ts';
import { batchOutcome, pendingView, suggestion, triageView } from './triage-ui-fakes.ts';

const asked: { type: string; input: unknown }[] = [];
let answers: Record<string, (input: unknown) => unknown> = {};

vi.mock('../../lib/messaging/ui.ts', () => ({
  ask: vi.fn(async (type: string, input: unknown) => {
    asked.push({ type, input });
    const answer = answers[type];
    if (!answer) throw new Error(`no answer for ${type}`);
    return answer(input);
  }),
  onDeskEvent: vi.fn(() => () => undefined),
}));

const summary = (accountKey: string, accountName: string, over: Partial<TriageAccountSummary> = {}) => ({
  accountKey,
  accountName,
  needsRelink: false,
  waiting: 1,
  fetchedAt: Date.now(),
  refreshing: false,
  error: null,
  ...over,
});

function acrossView(over: Partial<TriageView> = {}): TriageView {
  return triageView({
    suggestions: [
      suggestion('1', { accountKey: 'app-1001', dateCreated: '2026-03-01' }),
      suggestion('2', { accountKey: 'app-1002', dateCreated: '2026-03-02', locationId: 'SO-001' }),
      suggestion('3', { accountKey: 'app-1001', dateCreated: '2026-03-03' }),
    ],
    accounts: [
      summary('app-1001', 'Harbor Bakery Group', { waiting: 2 }),
      summary('app-1002', 'Summit Outdoor Supply'),
      summary('app-1003', 'Cedar Dental', {
        needsRelink: true,
        waiting: null,
        error: { code: 'needs-relink', message: 'Cedar Dental needs to be linked again.' },
      }),
    ],
    ...over,
  });
}

let batch = 0;
function setup(view: TriageView = acrossView()) {
  // As the worker answers: the newest answer carries every account's pending decisions so far.
  const pending: ReturnType<typeof pendingView>[] = [];
  answers = {
    'triage.view': () => view,
    'triage.decide': (input) => {
      const { suggestionIds, decision, accountKey } = input as {
        suggestionIds: string[];
        decision: 'ACCEPTED' | 'REJECTED';
        accountKey: string;
      };
      batch++;
      pending.push(...suggestionIds.map((id) => pendingView(id, { decision, accountKey, batchId: `b${batch}` })));
      return {
        batchId: `b${batch}`,
        revision: 1 + batch,
        pending: [...pending],
        failures: [],
        batches: [],
      };
    },
    'triage.undo': (input) => ({
      undone: (input as { suggestionIds?: string[] }).suggestionIds ?? [],
      tooLate: [],
      revision: 20,
    }),
  };
  return render(
    <SuggestionTriage listingsTotal={100} relinkAction={(key) => <button type="button">{`Relink ${key}`}</button>} />,
  );
}

const rows = () => screen.getAllByRole('article');
const decisions = () => asked.filter((a) => a.type === 'triage.decide').map((a) => a.input);

beforeEach(() => {
  asked.length = 0;
  batch = 0;
  history.replaceState(null, '', location.pathname);
});
afterEach(cleanup);

describe('suggestion-triage list across accounts', () => {
  test('each row names its account; bulk accept sends one decision per account', async () => {
    setup();
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(rows().map((r) => r.querySelector('.st-row__account')?.textContent)).toEqual([
      'Harbor Bakery Group',
      'Summit Outdoor Supply',
      'Harbor Bakery Group',
    ]);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all shown' }));
    fireEvent.click(screen.getByRole('button', { name: 'Accept 3' }));
    expect(decisions()).toEqual([
      { accountKey: 'app-1001', suggestionIds: ['1', '3'], decision: 'ACCEPTED' },
      { accountKey: 'app-1002', suggestionIds: ['2'], decision: 'ACCEPTED' },
    ]);
    // The undo bar loads on the first decision (first-use.ts): found once it has.
    const bar = await screen.findByRole('region', { name: 'Decision pending' });
    await waitFor(() => expect(bar.textContent).toContain('Accepted 3 suggestions of 2 accounts'));
    // Undone as one decision, by its suggestions (it is a batch per account at the worker).
    fireEvent.click(within(bar).getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(asked.some((a) => a.type === 'triage.undo')).toBe(true));
    expect(asked.find((a) => a.type === 'triage.undo')?.input).toEqual({ suggestionIds: ['1', '2', '3'] });
  });

  test('a bulk decision across accounts has one progress bar over every account’s batch, ending when all are answered', async () => {
    const view = acrossView();
    setup(view);
    await waitFor(() => expect(rows()).toHaveLength(3));
    // Each account's batch as the worker reports it once the undo window has passed: nothing pending.
    let outcomes = [
      batchOutcome({ batchId: 'b1', size: 2, sent: 2 }),
      batchOutcome({ batchId: 'b2', size: 1, queued: 1 }),
    ];
    const decide = answers['triage.decide']!;
    answers['triage.decide'] = (input) => ({ ...(decide(input) as object), pending: [], batches: outcomes });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all shown' }));
    fireEvent.click(screen.getByRole('button', { name: 'Accept 3' }));
    const bar = await screen.findByRole('progressbar', { name: 'Accepting 3 suggestions' });
    expect(bar.getAttribute('aria-valuemax')).toBe('3');
    expect(bar.getAttribute('aria-valuenow')).toBe('2');
    expect(bar.getAttribute('aria-valuetext')).toBe('Accepting: 2 of 3 sent · 1 waiting to retry');
    // The second account's part answered: the one bar reaches 3 of 3, and says so.
    outcomes = [batchOutcome({ batchId: 'b1', size: 2, sent: 2 }), batchOutcome({ batchId: 'b2', size: 1, sent: 1 })];
    answers['triage.view'] = () => ({ ...view, revision: 50, pending: [], batches: outcomes });
    fireEvent.click(screen.getByRole('button', { name: 'Refresh suggestions' }));
    await waitFor(() =>
      expect(screen.getByRole('progressbar', { name: 'Accepting 3 suggestions' }).getAttribute('aria-valuenow')).toBe(
        '3',
      ),
    );
    expect(screen.getAllByRole('progressbar')).toHaveLength(1);
    expect(screen.getByRole('progressbar').getAttribute('aria-valuetext')).toBe('Accepted: 3 of 3 sent');
  });

  test('Undo names the account whose decision it undoes, whichever is active', async () => {
    setup();
    await waitFor(() => expect(rows()).toHaveLength(3));
    fireEvent.click(within(rows()[1]!).getByRole('button', { name: 'Accept' }));
    expect(decisions()).toEqual([{ accountKey: 'app-1002', suggestionIds: ['2'], decision: 'ACCEPTED' }]);
    // The undo bar loads on the first decision (first-use.ts): found once it has.
    const bar = await screen.findByRole('region', { name: 'Decision pending' });
    await waitFor(() => expect(bar.textContent).toContain('Accepted 1 suggestion of Summit Outdoor Supply'));
  });

  test('keys across accounts: j moves onto the second account’s row, a decides it for that account, u undoes it', async () => {
    setup();
    await waitFor(() => expect(rows()).toHaveLength(3));
    rows()[0]!.focus();
    fireEvent.keyDown(rows()[0]!, { key: 'j' });
    expect(document.activeElement).toBe(rows()[1]);
    fireEvent.keyDown(rows()[1]!, { key: 'a' });
    expect(decisions()).toEqual([{ accountKey: 'app-1002', suggestionIds: ['2'], decision: 'ACCEPTED' }]);
    const bar = screen.getByRole('region', { name: 'Decision pending' });
    await waitFor(() => expect(bar.textContent).toContain('Accepted 1 suggestion of Summit Outdoor Supply'));
    fireEvent.keyDown(document.activeElement!, { key: 'u' });
    await waitFor(() => expect(asked.some((a) => a.type === 'triage.undo')).toBe(true));
    // By the batch the worker made in the second account's outbox (its answer to that decide).
    expect(asked.find((a) => a.type === 'triage.undo')?.input).toEqual({ batchId: 'b1' });
  });

  test('a failed decision of another account than the first shows on its row, and Retry sends it for that account', async () => {
    setup(
      acrossView({
        failures: [
          {
            suggestionId: '2',
            decision: 'REJECTED',
            code: 'unconfirmed',
            message:
              'Listings Desk could not confirm this decision: the service’s answer could not be read, and the suggestion is still waiting there. Choose Retry to send it again.',
            failedAt: Date.now(),
          },
        ],
      }),
    );
    await waitFor(() => expect(rows()).toHaveLength(3));
    const row = rows()[1]!;
    expect(row.querySelector('.st-row__account')?.textContent).toBe('Summit Outdoor Supply');
    // A row's failure words load on their first use (suggestion-triage/first-use.ts).
    const alert = await within(row).findByRole('alert');
    expect(alert.textContent).toContain('could not confirm this decision');
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() =>
      expect(decisions()).toEqual([{ accountKey: 'app-1002', suggestionIds: ['2'], decision: 'REJECTED' }]),
    );
  });

  test('the account filter asks for the accounts picked; an account needing Relink says so with its button', async () => {
    setup();
    await waitFor(() => expect(rows()).toHaveLength(3));
    const notice = await screen.findByRole('alert');
    expect(notice.textContent).toContain('Cedar Dental needs relinking');
    expect(within(notice).getByRole('button', { name: 'Relink app-1003' })).toBeTruthy();

    // The checkboxes load when the filter is first opened (first-use.ts).
    expect(screen.queryByRole('checkbox', { name: /Cedar Dental/ })).toBeNull();
    fireEvent.click(screen.getByText('All accounts'));
    expect((await screen.findByRole('checkbox', { name: /Cedar Dental/ })).closest('label')?.textContent).toContain(
      'needs relinking',
    );
    fireEvent.click(screen.getByRole('checkbox', { name: /Harbor Bakery Group/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /Cedar Dental/ }));
    await waitFor(() =>
      expect(asked.filter((a) => a.type === 'triage.view').at(-1)?.input).toMatchObject({
        accountKeys: ['app-1002'],
      }),
    );
    // Shown at once, before the worker answers: only that account's rows.
    expect(rows().map((r) => r.querySelector('.st-row__account')?.textContent)).toEqual(['Summit Outdoor Supply']);
    expect(location.hash).toBe('#accounts=app-1002');
  });
});
