// Every provisioning call through the real client against the sandbox, each refusal included (issue 12).
import { beforeEach, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../lib/api/client.ts';
import {
  cancelServices,
  createExistingLocationAddRequest,
  createNewLocationAddRequest,
  fetchAllAccounts,
  fetchAllServices,
  getAddRequest,
  listAccounts,
  listAddRequests,
  listAvailableServices,
  listServices,
  pollAddRequest,
  processAddRequest,
} from '../../lib/api/provisioning.ts';
import { rejection } from '../support/api-rejection.ts';
import { harnessPerFile } from './api-sandbox.ts';

const h = harnessPerFile({ addRequestProcessingMs: 100 });
let client: ApiClient;
beforeEach(async () => {
  client = await h.client();
});

const fast = { delayMs: () => 40 };

interface SeedLocation {
  id: string;
  accountId: string;
  name: string;
  address: { line1: string; city: string; postalCode: string };
  possibleDuplicate: boolean;
}
const bakery = async () =>
  ((await h.state()).locations as unknown as SeedLocation[]).filter((l) => l.accountId === '1001');

/** A new location at the address of an existing one: the seeded possible-duplicate rule. */
async function newLocationAtAnExistingAddress(id: string) {
  const existing = (await bakery())[2]!;
  return createNewLocationAddRequest(client, 'me', {
    newLocationId: id,
    newLocationAccountId: '1001',
    newLocationData: {
      name: 'Harbor Bakery - Annex',
      address: existing.address.line1.toUpperCase(),
      city: existing.address.city,
      zip: existing.address.postalCode,
      countryCode: 'US',
      categoryIds: ['1314'],
    },
    skus: ['PL-ESSENTIALS'],
  });
}

describe('catalog, accounts and services', () => {
  it('lists available services, the account tree, and services filtered by location and sku', async () => {
    const available = (await listAvailableServices(client, 'me')).data;
    expect(available.map((s) => s.sku)).toContain('PL-PREMIUM');
    const { accounts } = (await listAccounts(client)).data;
    expect(accounts.find((a) => a.accountId === '1101')?.parentAccountId).toBe('1001');

    const all = await fetchAllServices(client, 'me');
    expect(all.services).toHaveLength(all.count);
    expect(all.count).toBeGreaterThan(20);
    await h.control('DELETE', 'requests');
    const one = await listServices(client, 'me', { locationId: 'HB-001' });
    expect(one.data.services.length).toBeGreaterThan(0);
    expect(one.data.services.every((s) => s.locationId === 'HB-001')).toBe(true);
    const bySku = await listServices(client, 'me', { locationId: 'HB-001', sku: 'REVIEWS-MONITOR' });
    expect(bySku.data.services.map((s) => s.sku)).toEqual(['REVIEWS-MONITOR']);
    // The vendor's parameter names (issue 31), one value each, written as is.
    expect((await h.requests()).map((r) => r.query)).toEqual([
      { locationId: 'HB-001' },
      { locationId: 'HB-001', sku: 'REVIEWS-MONITOR' },
    ]);
    const page = await listServices(client, 'me', { limit: 5, offset: 5 });
    expect(page.data.services).toHaveLength(5);
    expect(page.data.services[0]?.id).toBe(all.services[5]?.id);
  });

  it("reads every account of an agency past the vendor's default page of 100 (issue 31)", async () => {
    const added = await h.control<{ accounts: number }>('POST', 'sub-accounts', {
      parentAccountId: '1001',
      count: 1050,
    });
    expect(added.accounts).toBeGreaterThan(1050);
    await h.control('DELETE', 'requests');
    const all = await fetchAllAccounts(client);
    expect(all.incomplete).toBeUndefined();
    expect(all.count).toBe(added.accounts);
    expect(new Set(all.accounts.map((a) => a.accountId)).size).toBe(added.accounts);
    expect(all.accounts.filter((a) => a.accountName?.endsWith('Branch 1050'))).toHaveLength(1);
    // Two pages of the vendor's largest size, each asked with its limit.
    expect((await h.requests()).map((r) => r.query)).toEqual([
      { limit: '1000', offset: '0' },
      { limit: '1000', offset: '1000' },
    ]);
  });

  // The vendor's largest page of services is 1000 (adminapi listServices); the sandbox used to refuse over 50.
  it('refuses a page size above 1000 and an account outside the token with the error envelope', async () => {
    const tooMany = await rejection(listServices(client, 'me', { limit: 1001 }));
    expect(tooMany).toMatchObject({ status: 400, errors: [{ code: 2010 }] });
    expect(tooMany.message).toMatch(/limit/);
    const other = await rejection(listServices(client, '1002'));
    expect(other).toMatchObject({ status: 400, errors: [{ code: 2004 }] });
  });
});

describe('add requests', () => {
  it('follows an existing-location add request to COMPLETED on the tracker schedule, and lists it', async () => {
    const created = await createExistingLocationAddRequest(client, 'me', {
      existingLocationId: 'HB-002',
      skus: ['ANALYTICS-PLUS'],
    });
    expect(created.data.status).toBe('PROCESSING');
    const done = await pollAddRequest(client, 'me', created.data.id);
    expect(done.data).toMatchObject({ status: 'COMPLETED', existingLocationId: 'HB-002' });
    const listed = (await listAddRequests(client, 'me')).data;
    expect(listed.count).toBe(1);
    expect(listed.addRequests[0]).toMatchObject({ id: created.data.id, status: 'COMPLETED' });
    expect((await listServices(client, 'me', { locationId: 'HB-002', sku: 'ANALYTICS-PLUS' })).data.count).toBe(1);
  });

  it('sends a new location at an existing address to REVIEW; processaddrequest ends it, once', async () => {
    const created = await newLocationAtAnExistingAddress('HB-ANNEX-1');
    const seen: string[] = [];
    const review = await pollAddRequest(client, 'me', created.data.id, {
      delayMs: (status) => (status === 'REVIEW' ? null : 40),
      onUpdate: (r) => seen.push(r.status),
    });
    expect(review.data.status).toBe('REVIEW');
    expect(review.data.statusDetail).toMatch(/duplicate/i);
    await h.control('DELETE', 'requests');
    const processed = await processAddRequest(client, 'me', created.data.id, 'COMPLETED');
    // The vendor answers processaddrequest with an empty response: the request is read afterwards.
    expect(processed.data).toMatchObject({ id: created.data.id, status: 'COMPLETED' });
    const calls = (await h.control<{ requests: { method: string; path: string }[] }>('GET', 'requests')).requests;
    expect(calls.map((r) => `${r.method} ${r.path.replace(/^.*\/accounts\/me\//, '')}`)).toEqual([
      'POST processaddrequest',
      `GET addRequests/${created.data.id}`,
    ]);
    expect((await getAddRequest(client, 'me', created.data.id)).data.status).toBe('COMPLETED');

    const again = await rejection(processAddRequest(client, 'me', created.data.id, 'CANCELED'));
    expect(again).toMatchObject({ status: 409, errors: [{ code: 8005 }] });
    expect(again.message).toMatch(/COMPLETED/);
    const unknown = await rejection(processAddRequest(client, 'me', '999999', 'COMPLETED'));
    expect(unknown).toMatchObject({ status: 404, errors: [{ code: 8001 }] });
    const badStatus = await rejection(processAddRequest(client, 'me', created.data.id, 'DONE' as 'COMPLETED'));
    expect(badStatus).toMatchObject({ status: 400, errors: [{ code: 2010 }] });
  });

  it('ends REVIEW by itself within 48 hours of sandbox time', async () => {
    const created = await newLocationAtAnExistingAddress('HB-ANNEX-2');
    const review = await pollAddRequest(client, 'me', created.data.id, {
      delayMs: (status) => (status === 'REVIEW' ? null : 40),
    });
    expect(review.data.status).toBe('REVIEW');
    await h.control('POST', 'clock', { advanceDays: 1 });
    expect((await getAddRequest(client, 'me', created.data.id)).data.status).toBe('REVIEW');
    await h.control('POST', 'clock', { advanceDays: 1 });
    const ended = (await getAddRequest(client, 'me', created.data.id)).data;
    expect(ended.status).toBe('COMPLETED');
    expect(ended.dateCompleted).not.toBe('');
  });

  it('refuses add requests that cannot be read, with the error envelope', async () => {
    const noSkus = await rejection(
      createExistingLocationAddRequest(client, 'me', { existingLocationId: 'HB-002', skus: [] }),
    );
    expect(noSkus).toMatchObject({ status: 400, errors: [{ code: 2011 }] });
    const unknownLocation = await rejection(
      createExistingLocationAddRequest(client, 'me', { existingLocationId: 'NOPE-1', skus: ['PL-PREMIUM'] }),
    );
    expect(unknownLocation).toMatchObject({ status: 400, errors: [{ code: 2102 }] });
    const noName = await rejection(
      createNewLocationAddRequest(client, 'me', { newLocationId: 'X-1', newLocationData: {}, skus: ['PL-PREMIUM'] }),
    );
    expect(noName.message).toMatch(/name/);
    const taken = await rejection(
      createNewLocationAddRequest(client, 'me', {
        newLocationId: 'HB-001',
        newLocationData: { name: 'Again', categoryIds: ['1314'] },
        skus: ['PL-PREMIUM'],
      }),
    );
    expect(taken).toMatchObject({ status: 409 });
    const missing = await rejection(getAddRequest(client, 'me', '424242'));
    expect(missing).toMatchObject({ status: 404, errors: [{ code: 8001 }] });
    const done = await pollAddRequest(
      client,
      'me',
      (await createExistingLocationAddRequest(client, 'me', { existingLocationId: 'HB-002', skus: ['PL-PREMIUM'] }))
        .data.id,
      fast,
    );
    expect(done.data.status).toBe('CANCELED');
    expect(done.data.statusDetail).toMatch(/already has an active PL-PREMIUM/);
  });
});

describe('cancel services', () => {
  it('refuses before the minimum commitment, cancels after it, then refuses the stopped service', async () => {
    const body = { locationId: 'HB-001', skus: ['REVIEWS-MONITOR'] };
    const early = await rejection(cancelServices(client, 'me', body));
    expect(early).toMatchObject({ status: 409, errors: [{ code: 8004 }] });
    expect(early.message).toMatch(/cannot be canceled before \d{4}-\d{2}-\d{2}/);

    await h.control('POST', 'clock', { advanceDays: 100 });
    const stopped = (await cancelServices(client, 'me', body)).data;
    expect(stopped.map((s) => [s.sku, s.status])).toEqual([['REVIEWS-MONITOR', 'STOPPED']]);

    const again = await rejection(cancelServices(client, 'me', body));
    expect(again).toMatchObject({ status: 409, errors: [{ code: 8006 }] });
    expect(again.message).toMatch(/already stopped/);
  });

  it('refuses an unknown location, a missing location id and a location with nothing to cancel', async () => {
    expect(await rejection(cancelServices(client, 'me', { locationId: 'NOPE-1' }))).toMatchObject({
      status: 400,
      errors: [{ code: 2102 }],
    });
    expect(await rejection(cancelServices(client, 'me', { locationId: '' }))).toMatchObject({
      status: 400,
      errors: [{ code: 2011 }],
    });
    expect(
      await rejection(cancelServices(client, 'me', { locationId: 'HB-002', skus: ['ANALYTICS-PLUS'] })),
    ).toMatchObject({ status: 400, errors: [{ code: 8003 }] });
  });
});
