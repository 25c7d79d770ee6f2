// Every error a person sees is a sentence in their words, with the service's code in small print: no
// client operation name ("deleteUser"), no "HTTP 503 —". Walked two ways: every API operation × every
// fault through each worker-side wording path, and every request of every feature answered by a failing
// service, scanning each reply and each view read afterwards.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { render } from '@testing-library/preact';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { ErrorNotice } from '../../components/ui/ErrorNotice.tsx';
import { ApiError, type ApiErrorInit } from '../../lib/api/errors.ts';
import { allHandlers, backgroundFeatures } from '../../lib/background/index.ts';
import { problemText } from '../../lib/background/provisioning/tracker.ts';
import { usersError } from '../../lib/background/users-and-roles/errors.ts';
import { handleRequest, toWireError } from '../../lib/messaging/background.ts';
import { problemLine, problemWords, smallPrintOf } from '../../lib/messaging/error-words.ts';
import { protocol } from '../../lib/messaging/protocol/index.ts';
import { DeskError } from '../../lib/messaging/wire-error.ts';
import { envelope, resetDesk, routedFetch, testDeps, useApi } from './desk-fakes.ts';
import { linkTestAccount } from './suggestion-triage-fakes.ts';

const API_DIR = join(process.cwd(), 'lib/api');

/** The client's operation names, read from lib/api: `operation: 'deleteUser'` and setOptState's 'optIn'. */
const OPERATIONS = [
  ...new Set(
    readdirSync(API_DIR)
      .filter((f) => f.endsWith('.ts'))
      .flatMap((f) => [
        ...readFileSync(join(API_DIR, f), 'utf8').matchAll(
          /operation: '(\w+)'|\(client, '(\w+)'|noun: '(\w+)'|accountList\(\s*'(\w+)'/g,
        ),
      ])
      // A paged list names its noun; paged-list.ts makes list<Noun> and fetchAll<Noun> of it.
      .flatMap((m) => {
        const noun = m[3] ?? m[4];
        if (!noun) return [m[1] ?? m[2]!];
        const name = noun.charAt(0).toUpperCase() + noun.slice(1);
        return [`list${name}`, `fetchAll${name}`];
      }),
  ),
];

/** What gives an internal name away on screen. */
function leaks(text: string): string | undefined {
  const name = OPERATIONS.find((op) => new RegExp(`\\b${op}\\b`).test(text));
  if (name) return name;
  if (/\bHTTP \d{3} —/.test(text)) return 'HTTP nnn —';
  return undefined;
}

const FAULTS: { name: string; init: Omit<ApiErrorInit, 'operation'> }[] = [
  { name: '400', init: { kind: 'http', status: 400, errors: [{ code: 2099, type: 'FATAL_ERROR', message: 'Bad x' }] } },
  {
    name: '401',
    init: { kind: 'http', status: 401, errors: [{ code: 2000, type: 'FATAL_ERROR', message: 'Bad token' }] },
  },
  {
    name: '403',
    init: { kind: 'http', status: 403, errors: [{ code: 2005, type: 'FATAL_ERROR', message: 'Forbidden' }] },
  },
  { name: '404', init: { kind: 'http', status: 404, errors: [] } },
  { name: '409', init: { kind: 'http', status: 409, errors: [{ code: 7301, type: 'FATAL_ERROR', message: 'Done' }] } },
  { name: '429', init: { kind: 'http', status: 429, rateLimit: { reset: 1_900_000_000 } } },
  { name: '500', init: { kind: 'http', status: 500 } },
  {
    name: '503',
    init: { kind: 'http', status: 503, errors: [{ code: 2099, type: 'FATAL_ERROR', message: 'Injected' }] },
  },
  { name: 'network', init: { kind: 'network', detail: 'no response (network error)' } },
  { name: 'timeout', init: { kind: 'timeout', detail: 'no response in time' } },
  { name: 'unreadable', init: { kind: 'unusable-response', status: 200, detail: 'not JSON' } },
  { name: 'count changed', init: { kind: 'count-changed', detail: 'the count changed' } },
  { name: 'aborted', init: { kind: 'aborted', detail: 'cancelled' } },
  { name: 'bad id', init: { kind: 'invalid-input', detail: 'the id is empty' } },
];

/** The notice a page draws for an error, as its text. */
function shown(error: unknown): string {
  const { container, unmount } = render(<ErrorNotice error={error} />);
  const text = container.textContent ?? '';
  unmount();
  return text;
}

describe('every operation × every fault, through every worker-side wording path', () => {
  test('the client names its operations (the test reads them all)', () => {
    expect(OPERATIONS).toEqual(expect.arrayContaining(['deleteUser', 'optIn', 'listListings', 'cancelServices']));
    expect(OPERATIONS.length).toBeGreaterThan(25);
  });

  for (const { name, init } of FAULTS) {
    test(`${name}: a sentence, the code in small print, no operation name`, () => {
      for (const operation of OPERATIONS) {
        const error = new ApiError({ ...init, operation });
        // The worker's paths: the message boundary (every handler, the listings load, opt-in jobs, caches),
        // users' refusals, provisioning's batch items and checks; and an old stored failure.
        const wire = toWireError(error);
        const texts = [
          shown(wire),
          shown(toWireError(usersError(error))),
          problemText(error),
          shown(new DeskError(wire)),
          shown({ code: wire.code, status: wire.status, message: error.message }),
          problemLine({ code: wire.code, message: error.message }),
        ];
        for (const text of texts) {
          expect(leaks(text), `${operation} ${name}: ${text}`).toBeUndefined();
          expect(text).toMatch(/[a-z]\./);
        }
        expect(wire.operation).toBe(operation);
        const small = problemWords(wire).smallPrint;
        if (init.status) expect(small).toContain(`HTTP ${init.status}`);
        if (init.errors?.[0]) expect(small).toContain(`code ${init.errors[0].code}`);
        if (init.errors?.[0]) expect(shown(wire)).toContain(`“${init.errors[0].message}”`);
      }
    });
  }

  test('a 429 says when the limit resets', () => {
    const wire = toWireError(
      new ApiError({ kind: 'http', status: 429, operation: 'optIn', rateLimit: { reset: 1_900_000_000 } }),
    );
    const at = new Date(1_900_000_000_000).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
    expect(wire.message).toContain(`Try again after ${at}`);
  });
});

describe('every request of every feature, answered by a failing service', () => {
  const EXTENSION = 'chrome-extension://abcdefghijklmnopabcdefghijklmnop';
  const sender = { id: 'abcdefghijklmnopabcdefghijklmnop', url: `${EXTENSION}/options.html` };
  const policy = { runtimeId: sender.id, extensionOrigin: `${EXTENSION}/`, isAllowedPageOrigin: async () => false };

  /** Inputs the schemas accept, for requests that take more than `{}`. */
  const INPUTS: Record<string, unknown> = {
    'accounts.relink': { accountKey: 'app-1001' },
    'triage.decide': { accountKey: 'app-1001', suggestionIds: ['710001'], decision: 'ACCEPTED' },
    'users.list': { refresh: true },
    'users.get': { userId: 'u1' },
    'users.create': {
      user: { id: 'u2', firstName: 'Ann', lastName: 'Lee', emailAddress: 'ann@example.com', acl: [] },
    },
    'users.update': { userId: 'u1', user: { firstName: 'Ann', lastName: 'Lee', emailAddress: 'ann@example.com' } },
    'users.setPassword': { userId: 'u1', newPassword: 'a-long-password' },
    'users.delete': { userId: 'u1' },
    'users.addAcl': { userId: 'u1', row: { roleId: '102', onType: 'ACCOUNT', on: 'app-1001' } },
    'provisioning.locations': { accountId: 'app-1001' },
    'provisioning.catalog': { fromAccountId: 'me' },
    'provisioning.services': { fromAccountId: 'me', locationId: 'L1' },
    'provisioning.addToExisting': { fromAccountId: 'me', skus: ['PL-PREMIUM'], locations: [{ id: 'L1', name: 'One' }] },
    'provisioning.tracker': { refresh: true },
    'provisioning.cancel': { fromAccountId: 'me', locationId: 'L1' },
    'health.summary': { refresh: true },
    'locations.list': { refresh: true },
    'listings.load': { refresh: true },
    'publishers.directory': { refresh: true },
  };

  /** Every string of a reply a page could show (the operation field is for support and never drawn). */
  function strings(value: unknown, out: string[] = []): string[] {
    if (typeof value === 'string') out.push(value);
    else if (Array.isArray(value)) for (const v of value) strings(v, out);
    else if (value && typeof value === 'object') {
      for (const [key, v] of Object.entries(value)) if (key !== 'operation') strings(v, out);
    }
    return out;
  }

  beforeEach(() => {
    vi.restoreAllMocks();
    resetDesk();
  });

  // Paging retries passing faults (5xx, a dropped connection) with real waits: those are walked above.
  const SERVICE_FAULTS: { name: string; answer: () => Response | Promise<Response> }[] = [
    { name: '403', answer: () => envelope({}, 403, [{ code: 2005, type: 'FATAL_ERROR', message: 'Forbidden' }]) },
    { name: '400', answer: () => envelope({}, 400, [{ code: 2011, type: 'FATAL_ERROR', message: 'Invalid field' }]) },
    { name: '404', answer: () => envelope({}, 404, [{ code: 2202, type: 'FATAL_ERROR', message: 'Not found' }]) },
    { name: 'unreadable', answer: () => new Response('<html>portal</html>', { status: 200 }) },
    { name: '401', answer: () => envelope({}, 401, [{ code: 2000, type: 'FATAL_ERROR', message: 'Invalid token' }]) },
  ];

  test('a request the running worker does not know is answered in words, not by its name', async () => {
    const reply = await handleRequest(
      { desk: 'request', type: 'users.delete', input: { userId: 'u1' } },
      sender as never,
      {} as never,
      policy as never,
    );
    expect(reply).toMatchObject({ ok: false, error: { code: 'not-available' } });
    expect(JSON.stringify(reply)).not.toContain('users.delete');
  });

  for (const fault of SERVICE_FAULTS) {
    test(`${fault.name}: no reply and no view names an operation`, async () => {
      await linkTestAccount();
      useApi({ fetch: routedFetch(() => fault.answer()).fetch, retry: { retries: 0 } });
      const handlers = allHandlers(backgroundFeatures(testDeps()));
      const ask = (type: string, input: unknown) =>
        handleRequest({ desk: 'request', type, input }, sender as never, handlers, policy as never);
      const seen: { type: string; text: string }[] = [];
      let failed = 0;
      for (const type of Object.keys(protocol)) {
        if (type === 'accounts.unlink' || type === 'connection.clearApiKey' || type === 'accounts.link') continue;
        const reply = await ask(type, INPUTS[type] ?? {});
        if (!reply.ok) failed += 1;
        for (const text of strings(reply)) seen.push({ type, text });
      }
      // What ran on after its request answered (a load, a batch, a decision) shows in the views.
      await vi.waitFor(async () => {
        const load = await ask('listings.query', {});
        expect(load.ok && (load.value as { load: { state: string } }).load.state).not.toBe('loading');
      });
      for (const type of ['listings.query', 'triage.view', 'provisioning.tracker', 'users.list', 'health.summary']) {
        for (const text of strings(await ask(type, {}))) seen.push({ type, text });
      }
      expect(failed).toBeGreaterThan(10);
      const leaked = seen.filter((s) => leaks(s.text));
      expect(leaked).toEqual([]);
    }, 30_000);
  }
});

describe('small print', () => {
  test('holds the service’s code and status, never the product’s own names (“network”, “needs-relink”)', () => {
    expect(smallPrintOf({ code: 'network', message: 'No answer.' })).toBe('');
    expect(smallPrintOf({ code: 'needs-relink', status: 401, message: 'Relink.' })).toBe('HTTP 401');
    expect(smallPrintOf({ code: '2005', status: 403, message: 'Forbidden' })).toBe('code 2005 · HTTP 403');
  });
});
