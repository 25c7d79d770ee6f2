// Add requests sent from a stored batch: one per location, in order, and never twice after a worker stopped mid-request.
import { beforeEach, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { ApiClient } from '../../lib/api/client.ts';
import { ApiError } from '../../lib/api/errors.ts';
import { createSender } from '../../lib/background/provisioning/sending.ts';
import { type SendBatch, sendBatchesItem, trackerItem } from '../../lib/background/provisioning/tracker-store.ts';

let posted: string[] = [];
const client = {
  request: async (call: { json: { existingLocationId: string }; schema: { parse(v: unknown): unknown } }) => {
    posted.push(call.json.existingLocationId);
    if (call.json.existingLocationId === 'NOPE') {
      const errors = [{ code: 2099, type: 'FATAL_ERROR', message: 'Unknown location: NOPE' }];
      throw new ApiError({ kind: 'http', operation: 'createExistingLocationAddRequest', status: 400, errors });
    }
    return { data: call.schema.parse({ id: posted.length, status: 'PROCESSING', skus: ['PL-PREMIUM'] }), status: 200 };
  },
} as unknown as ApiClient;

const sender = () =>
  createSender({
    withAccount: (run) => run(client),
    now: () => 5000,
    progressed: async () => undefined,
    tracked: async () => undefined,
  });

const item = (id: string, state: SendBatch['items'][number]['state']) => ({
  locationName: `Location ${id}`,
  locationId: id,
  mode: 'EXISTING' as const,
  body: { existingLocationId: id, skus: ['PL-PREMIUM'] },
  state,
});

beforeEach(() => {
  fakeBrowser.reset();
  posted = [];
});

it('sends each waiting location once, tracks what was accepted, and does not resend one a stopped worker left mid-request', async () => {
  await sendBatchesItem.setValue([
    {
      batchId: 'b1',
      accountKey: 'acct',
      fromAccountId: '1001',
      createdAt: 1,
      items: [item('HB-001', 'sending'), item('HB-002', 'waiting'), item('NOPE', 'waiting'), item('HB-003', 'waiting')],
    },
  ]);
  await sender().resume();
  expect(posted).toEqual(['HB-002', 'NOPE', 'HB-003']);
  const [batch] = await sendBatchesItem.getValue();
  expect(batch?.items.map((i) => i.state)).toEqual(['failed', 'sent', 'failed', 'sent']);
  expect(batch?.items[0]?.message).toMatch(/not sent twice/);
  // A sentence, then the service's code and own words.
  expect(batch?.items[2]?.message).toMatch(
    /^The service refused this request.*code 2099 · HTTP 400 · “Unknown location: NOPE”/,
  );
  const tracked = await trackerItem.getValue();
  expect(tracked.map((r) => [r.key, r.locationName, r.status])).toEqual([
    ['acct|1', 'Location HB-002', 'PROCESSING'],
    ['acct|3', 'Location HB-003', 'PROCESSING'],
  ]);
});
