// @vitest-environment node
// The request budget against the real sandbox over HTTP: its quota (POST /__sandbox/quota) sets the
// Rate-Limit-* headers the worker learns; near the floor, background work sends nothing while a person's
// decision still reaches the service. The fake browser holds storage and alarms (hence the unit project).
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { fetchAllListings } from '../../lib/api/listings.ts';
import type { DeskDeps } from '../../lib/background/core/deps.ts';
import { createInbox } from '../../lib/background/inbox/index.ts';
import { createSuggestionTriage } from '../../lib/background/suggestion-triage/index.ts';
import { triageUndoWindowMsForTestsItem } from '../../lib/background/suggestion-triage/triage-items.ts';
import type { RequestContext } from '../../lib/messaging/background.ts';
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

// The quota is the API key's, and another app of the agency may spend it (POST /__sandbox/another-app):
// from the first 429 until its Rate-Limit-Reset nothing more is sent, whoever asks, and pages are told until when.
/** The requests logged after the first 429 (the log is cleared before the quota runs out). */
const afterFirst429 = (log: Logged[]) => log.slice(log.findIndex((r) => r.status === 429) + 1);
const extension = { access: 'extension', sender: {} } as RequestContext;

describe('another app spends the key’s quota', () => {
  test('after the first 429 nothing more is sent before its reset, and every page is told until when', async () => {
    const triage = createSuggestionTriage(deps);
    const inbox = createInbox(deps, triage);
    await triage.view(WAITING, true, true);
    await triage.settled();
    const target = (await triage.view(WAITING, false)).suggestions[0]!;
    // The worker believes thousands are left.
    expect((await deps.budget.view()).remaining).toBeGreaterThan(4000);

    const { reset } = await control<{ remaining: number; reset: number }>('GET', 'quota');
    await control('DELETE', 'requests');
    await control('POST', 'another-app', { requests: 5000 });

    // The person presses Refresh: its first request meets the 429.
    await triage.view(WAITING, true, true);
    await triage.settled();
    const log = await requests();
    expect(log.filter((r) => r.status === 429).length).toBeGreaterThan(0);

    // Then everything a person or the worker asks for: a popup open, Refresh again, the Inbox's Refresh,
    // a listings load, a decision.
    const opened = await triage.view(WAITING, true);
    const again = await triage.view(WAITING, true, true);
    const inboxRefresh = await inbox.handlers['inbox.refresh']({ force: true }, extension).catch((e: unknown) => e);
    const load = await deps
      .withAccount((client) => fetchAllListings(client), ACCOUNT, { purpose: 'listings load' })
      .catch((e: unknown) => e);
    await triage.decide(ACCOUNT, [target.id], 'ACCEPTED');
    await triage.flushDue();
    await triage.refreshEveryAccount();
    await triage.settled();

    expect(afterFirst429(await requests())).toEqual([]);
    // The pages say when it will go: the service's reset, in the 429's words.
    for (const view of [opened, again]) {
      expect(view.error).toMatchObject({ status: 429, resetAt: reset * 1000 });
      expect(view.error?.message).toMatch(/hourly request limit is used up.*after \d/);
    }
    expect(inboxRefresh).toMatchObject({ status: 429, rateLimit: { reset } });
    expect(load).toMatchObject({ name: 'ApiError', status: 429 });
    // The decision waits (the outbox's retry time, at most half an hour), not lost.
    const pending = (await triage.view(WAITING, false)).pending;
    expect(pending).toEqual([expect.objectContaining({ suggestionId: target.id, lastError: expect.anything() })]);
    expect(pending[0]!.retryAt).toBeGreaterThan(Date.now() + 60_000);
    expect((await deps.budget.view()).pausedUntil).toBe(reset * 1000);
    await deps.budget.flush();
  });
});
