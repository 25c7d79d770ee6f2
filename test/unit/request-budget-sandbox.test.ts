// @vitest-environment node
// The request budget against the real sandbox over HTTP: its quota (POST /__sandbox/quota) sets the
// Rate-Limit-* headers the worker learns; near the floor, background work sends nothing while a person's
// decision still reaches the service. The fake browser holds storage and alarms (hence the unit project).
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { fetchAllListings } from '../../lib/api/listings.ts';
import type { DeskDeps } from '../../lib/background/core/deps.ts';
import { createSuggestionTriage } from '../../lib/background/suggestion-triage/index.ts';
import { triageUndoWindowMsForTestsItem } from '../../lib/background/suggestion-triage/triage-items.ts';
import { WAITING } from '../../lib/shared/listing-statuses.ts';
import { type RunningSandbox, startSandbox } from '../../sandbox/server.ts';
import { SandboxControl } from '../e2e/sandbox-control.ts';
import { linkSandboxDesk, sandboxDeps } from './desk-fakes.ts';

let sb: RunningSandbox;
let deps: DeskDeps;
const ACCOUNT = 'app-1001';

interface Logged {
  method: string;
  path: string;
  status: number;
}

const control = <T = unknown>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown) =>
  new SandboxControl(sb.apiUrl).call<T>(method, path, body);
const requests = async () => (await control<{ requests: Logged[] }>('GET', 'requests')).requests;

beforeAll(async () => {
  sb = await startSandbox({ port: 0, authPort: 0 });
});
afterAll(() => sb.close());

beforeEach(async () => {
  await linkSandboxDesk(sb, ACCOUNT);
  deps = sandboxDeps();
  await triageUndoWindowMsForTestsItem.setValue(0);
});

describe('one request budget for all background work', () => {
  test('near the floor a listings load sends nothing, while a decision the person made still goes', async () => {
    const triage = createSuggestionTriage(deps);
    // The popup's own read: the budget learns the quota from its answer's headers.
    await control('POST', 'quota', { perHour: 1000, used: 905, resetInSeconds: 1800 });
    await triage.view(WAITING, true);
    await triage.settled();
    const target = (await triage.view(WAITING, false)).suggestions[0]!;
    const budget = await deps.budget.view();
    expect(budget).toMatchObject({ limit: 1000, reserve: 100 });
    expect(budget.remaining).toBeLessThanOrEqual(95);
    expect(budget.pausedUntil).toBeGreaterThan(Date.now() + 1_700_000);
    expect(budget.spent.find((s) => s.purpose === 'user')?.count).toBeGreaterThan(0);

    await control('DELETE', 'requests');
    const load = await deps
      .withAccount((client) => fetchAllListings(client), ACCOUNT, { purpose: 'listings load' })
      .catch((error: unknown) => error);
    expect(load).toMatchObject({ name: 'ApiError', kind: 'held-back' });
    expect((await requests()).filter((r) => r.path.includes('/listings'))).toEqual([]);

    // The person's accept is theirs: it goes, and the service applies it.
    await triage.decide(ACCOUNT, [target.id], 'ACCEPTED');
    await triage.flushDue();
    const puts = (await requests()).filter((r) => r.method === 'PUT');
    expect(puts).toEqual([expect.objectContaining({ status: 200 })]);
    const state = await control<{ suggestions: { id: string; status: string }[] }>('GET', 'state');
    expect(state.suggestions.find((s) => s.id === target.id)?.status).toBe('ACCEPTED');
    // Its paused state is written on a timer: written now, before the next test's reset, not into its storage.
    await triage.settled();
    await deps.budget.flush();
  });

  test('above a quarter left the same load goes at once, and its requests are counted as the listings load', async () => {
    await control('POST', 'quota', { perHour: 5000, used: 0, resetInSeconds: 1800 });
    const all = await deps.withAccount((client) => fetchAllListings(client), ACCOUNT, { purpose: 'listings load' });
    expect(all.incomplete).toBeUndefined();
    const pages = Math.ceil(all.count / 100);
    const view = await deps.budget.view();
    expect(view.spent).toContainEqual({ purpose: 'listings load', count: pages });
    expect(view).toMatchObject({ limit: 5000, pausedUntil: null, slowed: false });
  });
});
