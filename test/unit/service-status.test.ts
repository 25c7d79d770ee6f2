// The worker's view of "the service does not answer": noted by every call through withAccount, told to the
// pages as it changes, retried by an alarm and by Try now, and cleared by any answer.
import { beforeEach, describe, expect, test } from 'vitest';
import { browser } from 'wxt/browser';
import { listSuggestions } from '../../lib/api/suggestions.ts';
import {
  SERVICE_PROBE_ALARM,
  SERVICE_PROBE_DELAY_MS,
  serviceStatusFeature,
} from '../../lib/background/service-status.ts';
import type { DeskEvents } from '../../lib/messaging/protocol/index.ts';
import { cutOff } from '../support/cut-off.ts';
import {
  allow,
  envelope,
  fakeIdentity,
  linkAccount,
  resetDesk,
  routedFetch,
  testDeps,
  tokenRoute,
  useApi,
  useExchange,
} from './desk-fakes.ts';

const NOW = Date.UTC(2026, 10, 26, 1, 20, 0);
const SANDBOX = 'http://127.0.0.1:8787';
const context = { access: 'extension' as const, sender: {} };

function setUp() {
  const events: { type: keyof DeskEvents; payload: unknown }[] = [];
  let now = NOW;
  const deps = testDeps({
    now: () => now,
    broadcast: async (type, payload) => {
      events.push({ type, payload });
    },
  });
  const feature = serviceStatusFeature(deps);
  feature.start?.();
  return { deps, feature, events, advance: (ms: number) => (now += ms) };
}

const networkDown = routedFetch(() => {
  throw new TypeError('Failed to fetch');
});

beforeEach(async () => {
  resetDesk();
  fakeIdentity(allow());
  useExchange({
    fetch: routedFetch(tokenRoute({ access_token: 'tok', appSpecificAccountId: 'app-1001', accountName: 'Harbor' }))
      .fetch,
  });
  await linkAccount();
});

describe('service status', () => {
  test('a call that gets no answer marks the service unreachable, names its address and books a retry', async () => {
    const { deps, feature, events } = setUp();
    useApi({ fetch: networkDown.fetch });
    await expect(deps.withAccount((client) => listSuggestions(client, {}))).rejects.toThrow();

    const view = await feature.handlers['service.status']({}, context);
    expect(view).toEqual({
      reachable: false,
      apiOrigin: SANDBOX,
      since: expect.any(Number),
      lastTryAt: expect.any(Number),
      nextTryAt: NOW + SERVICE_PROBE_DELAY_MS,
    });
    expect(JSON.stringify(view)).not.toMatch(/tok|api_key|v2/);
    expect((await browser.alarms.get(SERVICE_PROBE_ALARM))?.scheduledTime).toBe(NOW + SERVICE_PROBE_DELAY_MS);
    expect(events.at(-1)).toEqual({ type: 'service.status', payload: view });
  });

  test('an HTTP error is an answer: the service is reachable', async () => {
    const { deps, feature } = setUp();
    useApi({ fetch: routedFetch(() => envelope({}, 500)).fetch });
    await expect(deps.withAccount((client) => listSuggestions(client, {}))).rejects.toThrow();
    expect(await feature.handlers['service.status']({}, context)).toEqual({ reachable: true });
  });

  test('a status line whose body was cut off is an answer too (issue 31)', async () => {
    const { deps, feature } = setUp();
    useApi({ fetch: routedFetch(() => cutOff(envelope({ count: 0, suggestions: [] }))).fetch });
    await expect(deps.withAccount((client) => listSuggestions(client, {}))).rejects.toMatchObject({
      kind: 'network',
      status: 200,
    });
    expect(await feature.handlers['service.status']({}, context)).toEqual({ reachable: true });
  });

  test('Try now: still no answer books the next retry; any answer clears the banner and the alarm', async () => {
    const { deps, feature, events, advance } = setUp();
    useApi({ fetch: networkDown.fetch });
    await expect(deps.withAccount((client) => listSuggestions(client, {}))).rejects.toThrow();

    advance(10_000);
    const still = await feature.handlers['service.retry']({}, context);
    expect(still).toMatchObject({ reachable: false, nextTryAt: NOW + 10_000 + SERVICE_PROBE_DELAY_MS });
    expect(networkDown.requests.at(-1)).toMatchObject({ method: 'HEAD' });
    expect(networkDown.requests.at(-1)?.url.href).toBe(`${SANDBOX}/`);

    useApi({ fetch: routedFetch(() => new Response(null, { status: 404 })).fetch });
    expect(await feature.handlers['service.retry']({}, context)).toEqual({ reachable: true });
    expect(await browser.alarms.get(SERVICE_PROBE_ALARM)).toBeUndefined();
    expect(events.at(-1)).toEqual({ type: 'service.status', payload: { reachable: true } });
  });

  test('the alarm tries again by itself', async () => {
    const { deps, feature } = setUp();
    useApi({ fetch: networkDown.fetch });
    await expect(deps.withAccount((client) => listSuggestions(client, {}))).rejects.toThrow();
    const answers = routedFetch(() => new Response(null, { status: 200 }));
    useApi({ fetch: answers.fetch });
    const alarm = await browser.alarms.get(SERVICE_PROBE_ALARM);
    await (browser.alarms.onAlarm as unknown as { trigger(a: unknown): Promise<void> }).trigger(alarm);
    await expect.poll(() => feature.handlers['service.status']({}, context)).toEqual({ reachable: true });
    // One probe. Linking (beforeEach) refreshes the badge in the background, unawaited: on a busy machine its
    // GET lands here too (1 run in 8), and it is the badge's request, not a retry.
    const probes = answers.requests.filter((request) => !request.url.pathname.startsWith('/v2/'));
    expect(probes.map((request) => `${request.method} ${request.url.href}`)).toEqual([`HEAD ${SANDBOX}/`]);
  });
});
