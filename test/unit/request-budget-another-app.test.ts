// @vitest-environment node
// The quota is the API key's, and another app of the agency may spend it (POST /__sandbox/another-app):
// the worker then meets a 429 while it counted thousands left. From that answer on, until its
// Rate-Limit-Reset, nothing more is sent, whoever asks (a popup open, Refresh, the Inbox, a listings load,
// a decision): the sandbox's log holds no request after the first 429, and the pages are told until when.
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
const extension = { access: 'extension', sender: {} } as RequestContext;

interface Logged {
  method: string;
  path: string;
  status: number;
}

const control = <T = unknown>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown) =>
  new SandboxControl(sb.apiUrl).call<T>(method, path, body);
const requests = async () => (await control<{ requests: Logged[] }>('GET', 'requests')).requests;
/** The requests logged after the first 429 (the log is cleared before the quota runs out). */
const afterFirst429 = (log: Logged[]) => log.slice(log.findIndex((r) => r.status === 429) + 1);

beforeAll(async () => {
  sb = await startSandbox({ port: 0, authPort: 0 });
});
afterAll(() => sb.close());

beforeEach(async () => {
  await linkSandboxDesk(sb, ACCOUNT);
  deps = sandboxDeps();
  await triageUndoWindowMsForTestsItem.setValue(0);
});

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
