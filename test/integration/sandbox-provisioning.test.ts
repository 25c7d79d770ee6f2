import { beforeEach, describe, expect, it } from 'vitest';
import { call, control, expectErrorEnvelope, mint, resetSandbox, state, useSandbox } from './sandbox-http.ts';

const ctx = useSandbox({ addRequestProcessingMs: 200 });

interface AddRequest {
  id: number;
  locationMode: string;
  existingLocationId: string;
  newLocationId: string;
  skus: string[];
  status: string;
  statusDetail: string;
  dateSubmitted: string;
  dateCompleted: string;
}
interface Service {
  id: number;
  locationId: string;
  sku: string;
  status: string;
  started: string;
  stopped: string;
  agreementId: number | string;
}

const ME = '/v2/accounts/me';
let token: string;

beforeEach(async () => {
  await resetSandbox(ctx.sb);
  token = await mint(ctx.sb, '1001');
});

async function addExisting(body: Record<string, unknown>, t = token) {
  return call<AddRequest>(ctx.sb, 'POST', `${ME}/existinglocationaddrequests`, { token: t, json: body });
}

/** Gets the add request until it leaves PROCESSING, as a client would. */
async function poll(id: number, t = token): Promise<AddRequest> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const r = await call<AddRequest>(ctx.sb, 'GET', `${ME}/addRequests/${id}`, { token: t });
    expect(r.status).toBe(200);
    if (r.body.response.status !== 'PROCESSING' || Date.now() > deadline) return r.body.response;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('sandbox provisioning catalog and accounts', () => {
  it('lists available services with skus, agreement ids and minimum usage', async () => {
    type R = { count: number; availableServices: Record<string, unknown>[] };
    const r = await call<R>(ctx.sb, 'GET', `${ME}/availableservices`, { token });
    expect(r.status).toBe(200);
    const services = r.body.response.availableServices;
    expect(r.body.response.count).toBe(services.length);
    expect(services.length).toBeGreaterThanOrEqual(3);
    for (const s of services) {
      expect(typeof s.sku).toBe('string');
      expect(typeof s.serviceDescription).toBe('string');
      expect(Number.isInteger(s.minimumUsage)).toBe(true);
      expect(['MONTHS', 'DAYS']).toContain(s.minimumUsageUnit);
    }
    // The vendor's schema: agreement ids are integers and a recipient is Location or Sub-Account (issue 31; the
    // sandbox used to serve "AGR-2024-0117" and LOCATION, which the real service never sends).
    for (const s of services) {
      expect(Number.isInteger(s.agreementId)).toBe(true);
      expect(['Location', 'Sub-Account']).toContain(s.recipientType);
    }
    const other = await call<R>(ctx.sb, 'GET', `${ME}/availableservices`, { token: await mint(ctx.sb, '1002') });
    expect(other.body.response.availableServices.map((s) => s.sku)).not.toContain('PAGES-LOCAL');
  });

  it('lists the token account and its sub-accounts at /v2/accounts/ (and without the slash)', async () => {
    type R = { count: number; accounts: { accountId: string; accountName: string; parentAccountId: string }[] };
    const r = await call<R>(ctx.sb, 'GET', '/v2/accounts/', { token });
    expect(r.status).toBe(200);
    const ids = r.body.response.accounts.map((a) => a.accountId);
    expect(ids).toEqual(expect.arrayContaining(['1001', '1101', '1102']));
    expect(ids).not.toContain('1002');
    expect(r.body.response.accounts.find((a) => a.accountId === '1101')?.parentAccountId).toBe('1001');
    const noSlash = await call<R>(ctx.sb, 'GET', '/v2/accounts', { token });
    expect(noSlash.body.response.accounts.map((a) => a.accountId)).toEqual(ids);
  });

  it("pages and filters accounts as the vendor's listAccounts does: limit, offset, name", async () => {
    type R = { count: number; accounts: { accountId: string; accountName: string }[] };
    const all = (await call<R>(ctx.sb, 'GET', '/v2/accounts/', { token })).body.response;
    const page = await call<R>(ctx.sb, 'GET', '/v2/accounts/', { token, query: { limit: 1, offset: 1 } });
    expect(page.body.response).toEqual({ count: all.count, accounts: [all.accounts[1]] });
    const named = all.accounts[1]!.accountName;
    const byName = await call<R>(ctx.sb, 'GET', '/v2/accounts/', { token, query: { name: named.toUpperCase() } });
    expect(byName.body.response.accounts.map((a) => a.accountId)).toContain(all.accounts[1]!.accountId);
    expect(byName.body.response.accounts.every((a) => a.accountName.toLowerCase().includes(named.toLowerCase()))).toBe(
      true,
    );
    expect((await call(ctx.sb, 'GET', '/v2/accounts/', { token, query: { limit: 1000 } })).status).toBe(200);
    expectErrorEnvelope(await call(ctx.sb, 'GET', '/v2/accounts/', { token, query: { limit: 1001 } }), 400);
  });
});

describe("sandbox services and add request lists, with the vendor's parameters only", () => {
  type Services = { count: number; services: Service[] };
  const services = (query: Record<string, string | number>) =>
    call<Services>(ctx.sb, 'GET', `${ME}/services`, { token, query });

  it('lists active services unless told, pages up to 1000, and filters by one location, sku or agreement', async () => {
    const active = await services({});
    expect(active.body.response.services.every((s) => s.status === 'ACTIVE')).toBe(true);
    expect((await services({ status: 'ACTIVE' })).body.response.count).toBe(active.body.response.count);
    const stopped = (await services({ status: 'STOPPED' })).body.response;
    expect(stopped.count).toBeGreaterThan(0);
    expect(stopped.services.every((s) => s.status === 'STOPPED' && /^\d{4}-\d{2}-\d{2}$/.test(s.stopped))).toBe(true);
    const all = (await services({ status: 'ALL' })).body.response.count;
    expect(all).toBe(active.body.response.count + stopped.count);
    // A running service has no stopped date: the vendor's optional date is absent, not ''.
    expect(active.body.response.services.every((s) => !('stopped' in s))).toBe(true);
    expect((await services({ limit: 1000 })).status).toBe(200);
    expectErrorEnvelope(await services({ limit: 1001 }), 400);
    expectErrorEnvelope(await services({ status: 'RUNNING' }), 400);

    const one = (await services({ locationId: 'HB-001' })).body.response.services;
    expect(one.length).toBeGreaterThan(0);
    expect(one.every((s) => s.locationId === 'HB-001')).toBe(true);
    const bySku = (await services({ locationId: 'HB-001', sku: 'REVIEWS-MONITOR' })).body.response.services;
    expect(bySku.map((s) => s.sku)).toEqual(['REVIEWS-MONITOR']);
    const agreement = one[0]!.agreementId;
    const byAgreement = (await services({ agreementId: agreement })).body.response.services;
    expect(byAgreement.length).toBeGreaterThan(0);
    expect(byAgreement.every((s) => s.agreementId === agreement)).toBe(true);
  });

  it('ignores filters the vendor does not define (locationIds, skus), as the vendor does', async () => {
    const all = (await services({})).body.response.count;
    expect((await services({ locationIds: 'HB-001' })).body.response.count).toBe(all);
    expect((await services({ skus: '[REVIEWS-MONITOR]' })).body.response.count).toBe(all);
  });

  it('lists add requests 100 at a time unless told, up to 1000, filtered by status and location', async () => {
    type Requests = { count: number; addRequests: AddRequest[] };
    const list = (query: Record<string, string | number>) =>
      call<Requests>(ctx.sb, 'GET', `${ME}/addrequests`, { token, query });
    const a = await addExisting({ existingLocationId: 'HB-002', skus: ['REVIEWS-MONITOR'] });
    await poll(a.body.response.id);
    await addExisting({ existingLocationId: 'HB-003', skus: ['PL-LEGACY-2019'] });
    expect((await list({})).body.response.count).toBe(2);
    expect((await list({ limit: 1000 })).status).toBe(200);
    expectErrorEnvelope(await list({ limit: 1001 }), 400);
    expect((await list({ locationId: 'HB-002' })).body.response.addRequests.map((r) => r.id)).toEqual([
      a.body.response.id,
    ]);
    // The vendor spells completion COMPLETE; the interface COMPLETED: the filter takes either.
    expect((await list({ status: 'COMPLETE' })).body.response.addRequests.map((r) => r.id)).toEqual([
      a.body.response.id,
    ]);
  });
});

describe('sandbox add requests', () => {
  it('moves an existing-location add request from PROCESSING to COMPLETED and adds the service', async () => {
    const r = await addExisting({ existingLocationId: 'HB-002', skus: ['REVIEWS-MONITOR'] });
    expect(r.status).toBe(200);
    expect(r.body.response).toMatchObject({
      status: 'PROCESSING',
      locationMode: 'EXISTING',
      existingLocationId: 'HB-002',
    });
    expect(Number.isInteger(r.body.response.id)).toBe(true);
    expect(r.body.response.dateSubmitted).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    const done = await poll(r.body.response.id);
    expect(done.status).toBe('COMPLETED');
    expect(done.dateCompleted).not.toBe('');
    const services = (await state(ctx.sb)).services.filter(
      (s) => s.locationId === 'HB-002' && s.sku === 'REVIEWS-MONITOR',
    );
    expect(services.filter((s) => s.status === 'ACTIVE')).toHaveLength(1);
  });

  it('ends CANCELED for a sku the account cannot have', async () => {
    const unknown = await addExisting({ existingLocationId: 'HB-002', skus: ['PL-LEGACY-2019'] });
    expect((await poll(unknown.body.response.id)).status).toBe('CANCELED');
    const t1002 = await mint(ctx.sb, '1002');
    const notForThem = await addExisting({ existingLocationId: 'SOS-002', skus: ['PAGES-LOCAL'] }, t1002);
    const ended = await poll(notForThem.body.response.id, t1002);
    expect(ended.status).toBe('CANCELED');
    expect(ended.statusDetail).toMatch(/PAGES-LOCAL/);
  });

  it('stops in REVIEW for a possible duplicate, resolved through the control API', async () => {
    const s = await state(ctx.sb);
    const flagged = (s.locations as unknown as { id: string; accountId: string; possibleDuplicate: boolean }[]).find(
      (l) => l.accountId === '1001' && l.possibleDuplicate,
    );
    if (!flagged) throw new Error('seed has no possible duplicate in 1001');
    const a = await addExisting({ existingLocationId: flagged.id, skus: ['ANALYTICS-PLUS'] });
    const review = await poll(a.body.response.id);
    expect(review.status).toBe('REVIEW');
    // REVIEW is not terminal: it stays there until resolved.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await poll(a.body.response.id)).status).toBe('REVIEW');
    await control(ctx.sb, 'POST', `/addrequests/${a.body.response.id}/resolve`, { status: 'COMPLETED' });
    expect((await poll(a.body.response.id)).status).toBe('COMPLETED');

    const b = await addExisting({ existingLocationId: flagged.id, skus: ['PAGES-LOCAL'] });
    expect((await poll(b.body.response.id)).status).toBe('REVIEW');
    await control(ctx.sb, 'POST', `/addrequests/${b.body.response.id}/resolve`, { status: 'CANCELED' });
    expect((await poll(b.body.response.id)).status).toBe('CANCELED');
  });

  it('processaddrequest answers an empty response, as the vendor does, for a numeric id and COMPLETE', async () => {
    const s = await state(ctx.sb);
    const flagged = (s.locations as unknown as { id: string; accountId: string; possibleDuplicate: boolean }[]).find(
      (l) => l.accountId === '1001' && l.possibleDuplicate,
    );
    if (!flagged) throw new Error('seed has no possible duplicate in 1001');
    const process = (json: Record<string, unknown>) =>
      call<Record<string, unknown>>(ctx.sb, 'POST', `${ME}/processaddrequest`, { token, json });
    const a = await addExisting({ existingLocationId: flagged.id, skus: ['ANALYTICS-PLUS'] });
    expect((await poll(a.body.response.id)).status).toBe('REVIEW');
    const done = await process({ addRequestId: a.body.response.id, status: 'COMPLETE' });
    expect(done.status).toBe(200);
    expect(done.body.response).toEqual({});
    expect((await poll(a.body.response.id)).status).toBe('COMPLETED');

    const b = await addExisting({ existingLocationId: flagged.id, skus: ['PAGES-LOCAL'] });
    expect((await poll(b.body.response.id)).status).toBe('REVIEW');
    const canceled = await process({ addRequestId: String(b.body.response.id), status: 'CANCELED' });
    expect(canceled.body.response).toEqual({});
    expect((await poll(b.body.response.id)).status).toBe('CANCELED');
  });

  it('creates a location with a new-location add request', async () => {
    const r = await call<AddRequest>(ctx.sb, 'POST', `${ME}/newlocationaddrequests`, {
      token,
      json: {
        newLocationId: 'HB-NEW-1',
        newLocationAccountId: '1001',
        newLocationData: {
          name: 'Harbor Bakery - Cannon Beach',
          address: { line1: '123 Hemlock St', city: 'Cannon Beach' },
          categoryIds: ['1314', '1320'],
        },
        skus: ['PL-ESSENTIALS'],
      },
    });
    expect(r.status).toBe(200);
    expect(r.body.response.locationMode).toBe('NEW');
    expect((await poll(r.body.response.id)).status).toBe('COMPLETED');
    const s = await state(ctx.sb);
    expect(s.locations.find((l) => l.id === 'HB-NEW-1')?.name).toBe('Harbor Bakery - Cannon Beach');
    expect((s.locations.find((l) => l.id === 'HB-NEW-1') as unknown as { categories: string[] }).categories).toEqual([
      '1314',
      '1320',
    ]);
    expect(s.services.some((x) => x.locationId === 'HB-NEW-1' && x.status === 'ACTIVE')).toBe(true);
    // A listings sku brings the new location's listings, waiting to be sent.
    const listings = await call<{ count: number }>(ctx.sb, 'GET', `${ME}/powerlistings/listings`, {
      token,
      query: { locationIds: 'HB-NEW-1' },
    });
    expect(listings.body.response.count).toBe(s.publishers.length);
  });

  it('adds the listings of a completed location to pages already served, in publisher then location order', async () => {
    const LISTINGS = `${ME}/powerlistings/listings`;
    const before = await call<{ count: number }>(ctx.sb, 'GET', LISTINGS, { token, query: { limit: 1 } });
    const r = await call<AddRequest>(ctx.sb, 'POST', `${ME}/newlocationaddrequests`, {
      token,
      json: {
        newLocationId: 'HB-000',
        newLocationData: { name: 'Harbor Bakery - Depot', categoryIds: ['1314'] },
        skus: ['PL-ESSENTIALS'],
      },
    });
    expect((await poll(r.body.response.id)).status).toBe('COMPLETED');
    const publishers = (await state(ctx.sb)).publishers.length;
    const after = await call<{ count: number }>(ctx.sb, 'GET', LISTINGS, { token, query: { limit: 1 } });
    expect(after.body.response.count).toBe(before.body.response.count + publishers);
    type Page = { listings: { id: string }[] };
    const bing = await call<Page>(ctx.sb, 'GET', LISTINGS, { token, query: { publisherIds: 'BING', limit: 2 } });
    expect(bing.body.response.listings.map((l) => l.id)).toEqual(['HB-000-BING', 'HB-001-BING']);
  });

  it('fills in an integer agreement when none is sent, and refuses one that is not an integer', async () => {
    type WithAgreement = AddRequest & { agreementId: unknown };
    const r = await call<WithAgreement>(ctx.sb, 'POST', `${ME}/existinglocationaddrequests`, {
      token,
      json: { existingLocationId: 'HB-002', skus: ['REVIEWS-MONITOR'] },
    });
    const catalog = await call<{ availableServices: { sku: string; agreementId: number }[] }>(
      ctx.sb,
      'GET',
      `${ME}/availableservices`,
      { token },
    );
    const expected = catalog.body.response.availableServices.find((s) => s.sku === 'REVIEWS-MONITOR')?.agreementId;
    expect(r.body.response.agreementId).toBe(expected);
    const named = await addExisting({
      existingLocationId: 'HB-003',
      skus: ['REVIEWS-MONITOR'],
      agreementId: `${expected}`,
    });
    expect((named.body.response as WithAgreement).agreementId).toBe(expected);
    const wrong = await addExisting({ existingLocationId: 'HB-003', skus: ['REVIEWS-MONITOR'], agreementId: 'AGR-1' });
    expect(expectErrorEnvelope(wrong, 400).message).toMatch(/agreementId/);
  });

  it('echoes newLocationData in the flat form it was sent', async () => {
    const newLocationData = {
      locationName: 'Harbor Bakery - Seaside',
      address: '1 Broadway',
      city: 'Seaside',
      state: 'OR',
      zip: '97138',
      countryCode: 'US',
      categoryIds: ['1314'],
    };
    const r = await call<AddRequest & { newLocationData: unknown }>(ctx.sb, 'POST', `${ME}/newlocationaddrequests`, {
      token,
      json: { newLocationId: 'HB-SEASIDE', newLocationData, skus: ['PL-ESSENTIALS'] },
    });
    expect(r.body.response.newLocationData).toEqual(newLocationData);
    const done = await poll(r.body.response.id);
    expect((done as AddRequest & { newLocationData: unknown }).newLocationData).toEqual(newLocationData);
    const location = (await state(ctx.sb)).locations.find((l) => l.id === 'HB-SEASIDE');
    expect(location?.name).toBe('Harbor Bakery - Seaside');
  });

  it('validates add request bodies and unknown ids', async () => {
    expect(expectErrorEnvelope(await addExisting({ skus: ['PL-PREMIUM'] }), 400).message).toMatch(/existingLocationId/);
    expect(expectErrorEnvelope(await addExisting({ existingLocationId: 'HB-001' }), 400).message).toMatch(/skus/);
    expectErrorEnvelope(await addExisting({ existingLocationId: 'SOS-001', skus: ['PL-PREMIUM'] }), 400);
    expectErrorEnvelope(await call(ctx.sb, 'GET', `${ME}/addRequests/424242`, { token }), 404);
    const newLoc = await call(ctx.sb, 'POST', `${ME}/newlocationaddrequests`, {
      token,
      json: { newLocationId: 'X', skus: ['PL-PREMIUM'] },
    });
    expect(expectErrorEnvelope(newLoc, 400).message).toMatch(/newLocationData/);
    // The vendor's guide: a new location is created with 1 to 10 categories.
    const noCategories = await call(ctx.sb, 'POST', `${ME}/newlocationaddrequests`, {
      token,
      json: { newLocationId: 'X', newLocationData: { name: 'Harbor Bakery - Kiosk' }, skus: ['PL-PREMIUM'] },
    });
    expect(expectErrorEnvelope(noCategories, 400).message).toMatch(/categoryIds/);
  });
});

describe('sandbox cancel services', () => {
  const cancel = (body: Record<string, unknown>) =>
    call<Service[]>(ctx.sb, 'POST', `${ME}/cancelservices`, { token, json: body });

  it('refuses before the minimum commitment, then cancels at once after the clock passes it', async () => {
    const before = (await state(ctx.sb)).services.find(
      (s) => s.locationId === 'HB-001' && s.sku === 'REVIEWS-MONITOR' && s.status === 'ACTIVE',
    );
    if (!before) throw new Error('seed: HB-001 has no recent REVIEWS-MONITOR service');
    const refused = await cancel({ locationId: 'HB-001', skus: ['REVIEWS-MONITOR'] });
    expect(refused.status).toBe(409);
    expect(expectErrorEnvelope(refused, 409).message).toMatch(/minimum/i);
    expect((await state(ctx.sb)).services.find((s) => s.id === before.id)?.status).toBe('ACTIVE');

    const clock = await control<{ now: string }>(ctx.sb, 'POST', '/clock', { advanceDays: 100 });
    const r = await cancel({ locationId: 'HB-001', skus: ['REVIEWS-MONITOR'] });
    expect(r.status).toBe(200);
    expect(Array.isArray(r.body.response)).toBe(true);
    expect(r.body.response).toHaveLength(1);
    expect(r.body.response[0]).toMatchObject({ id: before.id, status: 'STOPPED', stopped: clock.now.slice(0, 10) });
  });

  it('cancels every service of a location when skus are omitted, and a canceled service never comes back', async () => {
    const r = await cancel({ locationId: 'HB-002' });
    expect(r.status).toBe(200);
    expect(r.body.response.length).toBeGreaterThan(0);
    expect(r.body.response.every((s) => s.status === 'STOPPED')).toBe(true);
    const stopped = r.body.response.find((s) => s.sku === 'PL-PREMIUM');
    if (!stopped) throw new Error('HB-002 had no PL-PREMIUM');
    expect(expectErrorEnvelope(await cancel({ locationId: 'HB-002' }), 400).message).toMatch(/no active service/i);

    const again = await addExisting({ existingLocationId: 'HB-002', skus: ['PL-PREMIUM'] });
    expect((await poll(again.body.response.id)).status).toBe('COMPLETED');
    const services = (await state(ctx.sb)).services.filter((s) => s.locationId === 'HB-002' && s.sku === 'PL-PREMIUM');
    expect(services.find((s) => s.id === stopped.id)?.status).toBe('STOPPED');
    const fresh = services.filter((s) => s.status === 'ACTIVE');
    expect(fresh).toHaveLength(1);
    expect(fresh[0]?.id).not.toBe(stopped.id);
  });

  it('validates the cancel body', async () => {
    expect(expectErrorEnvelope(await cancel({}), 400).message).toMatch(/locationId/);
    expectErrorEnvelope(await cancel({ locationId: 'NOPE' }), 400);
    expectErrorEnvelope(await cancel({ locationId: 'HB-002', skus: ['NOT-A-SKU'] }), 400);
  });
});
