// @vitest-environment node
// The decision outbox against the real sandbox over HTTP: the fake browser for storage and alarms (hence
// the unit project), the real client and a real sandbox for every PUT and every check.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { API_VERSION } from '../../lib/api/config.ts';
import { saveConnectionSettings } from '../../lib/background/connection-settings.ts';
import { createDeskDeps, type DeskDeps } from '../../lib/background/core/deps.ts';
import { createSuggestionTriage } from '../../lib/background/suggestion-triage/index.ts';
import { triageUndoWindowMsForTestsItem } from '../../lib/background/suggestion-triage/triage-items.ts';
import { WAITING } from '../../lib/listing-statuses.ts';
import { type RunningSandbox, startSandbox } from '../../sandbox/server.ts';
import { sandboxConnection } from '../support/sandbox-connection.ts';
import {
  allow,
  fakeIdentity,
  linkAccount,
  resetDesk,
  routedFetch,
  settleBadgeRefresh,
  tokenRoute,
  useExchange,
} from './desk-fakes.ts';

let sb: RunningSandbox;
let token = '';
let deps: DeskDeps;
const instances: ReturnType<typeof createSuggestionTriage>[] = [];

interface Logged {
  method: string;
  path: string;
  status: number;
  query?: Record<string, string>;
}

async function control<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${sb.apiUrl}/__sandbox/${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`control ${method} ${path}: ${response.status} ${await response.text()}`);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

const requests = async () => (await control<{ requests: Logged[] }>('GET', 'requests')).requests;
const statusAtService = async (id: string) =>
  (await control<{ suggestions: { id: string; status: string }[] }>('GET', 'state')).suggestions.find(
    (s) => s.id === id,
  )?.status;

function worker() {
  const t = createSuggestionTriage(deps);
  instances.push(t);
  return t;
}

async function loaded(t: ReturnType<typeof worker>) {
  await t.view(WAITING, true);
  await t.settled();
  return t.view(WAITING, false);
}

beforeAll(async () => {
  sb = await startSandbox({ port: 0, authPort: 0 });
});
afterAll(() => sb.close());

beforeEach(async () => {
  await Promise.all(instances.splice(0).map((t) => t.settled()));
  resetDesk();
  await control('POST', 'reset', {});
  ({ access_token: token } = await control<{ access_token: string }>('POST', 'tokens', { accountId: '1001' }));
  fakeIdentity(allow());
  await saveConnectionSettings(sandboxConnection(sb));
  useExchange({
    fetch: routedFetch(
      tokenRoute({ access_token: token, appSpecificAccountId: 'app-1001', accountName: 'Harbor Bakery Group' }),
    ).fetch,
  });
  await linkAccount();
  await settleBadgeRefresh('app-1001');
  deps = createDeskDeps({
    apiConfig: { fetch: (input, init) => globalThis.fetch(input, init), retry: { retries: 0 } },
    broadcast: async () => undefined,
  });
  // Sent as soon as decided: the test drives the flush itself.
  await triageUndoWindowMsForTestsItem.setValue(0);
});

describe('an answer that proves nothing is checked (issue 21, item 3)', () => {
  test('a cut-off 200 for a decision the service did not apply: "could not confirm", and Retry sends it', async () => {
    const t = worker();
    const target = (await loaded(t)).suggestions[0]!;
    await control('DELETE', 'requests');
    // The next PUT answers 200 with truncated JSON and never reaches the service's rules.
    await control('POST', 'malformed', { method: 'PUT', path: '/v2/accounts/' });
    await t.decide('app-1001', [target.id], 'ACCEPTED');
    await t.flushDue();

    expect(await statusAtService(target.id)).toBe(WAITING);
    const view = await t.view(WAITING, false);
    expect(view.pending).toEqual([]);
    expect(view.failures).toEqual([
      expect.objectContaining({
        suggestionId: target.id,
        decision: 'ACCEPTED',
        code: 'unconfirmed',
        message: expect.stringMatching(/could not confirm.*still waiting.*Retry/),
      }),
    ]);
    // Still in the list, to decide again.
    expect(view.suggestions.map((s) => s.id)).toContain(target.id);
    // The check read the list filtered by the suggestion's location and publisher.
    const check = (await requests()).find((r) => r.method === 'GET' && r.path.endsWith('/publishersuggestions'));
    expect(check?.query).toMatchObject({
      locationIds: expect.stringContaining(target.locationId),
      publisherIds: expect.stringContaining(target.publisherId),
    });

    // Retry is the same decision again.
    await t.decide('app-1001', [target.id], 'ACCEPTED');
    await t.flushDue();
    expect(await statusAtService(target.id)).toBe('ACCEPTED');
    const after = await t.view(WAITING, false);
    expect(after.failures).toEqual([]);
    expect(after.suggestions.map((s) => s.id)).not.toContain(target.id);
  });

  test('a cut-off 200 for a decision the service did apply counts as sent, and nothing is shown', async () => {
    const t = worker();
    const target = (await loaded(t)).suggestions[0]!;
    // The decision reached the service (say, the answer was lost on the way back) ...
    const put = await fetch(
      `${sb.apiUrl}/v2/accounts/me/powerlistings/publishersuggestions/${target.id}?status=ACCEPTED&api_key=${sb.apiKey}&v=${API_VERSION}&access_token=${token}`,
      { method: 'PUT' },
    );
    expect(put.status).toBeLessThan(300);
    // ... and the answer our PUT got could not be read.
    await control('POST', 'malformed', { method: 'PUT', path: '/v2/accounts/' });
    const { batchId } = await t.decide('app-1001', [target.id], 'ACCEPTED');
    await t.flushDue();
    const view = await t.view(WAITING, false);
    expect(view.failures).toEqual([]);
    expect(view.batches.find((b) => b.batchId === batchId)).toMatchObject({ sent: 1, queued: 0 });
    expect(view.suggestions.map((s) => s.id)).not.toContain(target.id);
  });
});
