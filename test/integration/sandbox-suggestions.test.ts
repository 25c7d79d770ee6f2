import { beforeEach, describe, expect, it } from 'vitest';
import {
  call,
  expectErrorEnvelope,
  mint,
  resetSandbox,
  type StateSnapshot,
  SUGGESTIONS,
  state,
  useSandbox,
} from './sandbox-http.ts';

const ctx = useSandbox();

interface Suggestion {
  id: string;
  publisherId: string;
  locationId: string;
  dateCreated: string;
  dateResolved: string;
  fieldName: string;
  status: string;
  resolvedBy: string;
  originalContent: string;
  suggestedContent: string;
}
type Page = { count: number; suggestions: Suggestion[] };

let token: string;

beforeEach(async () => {
  await resetSandbox(ctx.sb);
  token = await mint(ctx.sb, '1001');
});

async function waiting(): Promise<Suggestion[]> {
  const r = await call<Page>(ctx.sb, 'GET', SUGGESTIONS, {
    token,
    query: { statuses: '[WAITING_ON_CUSTOMER]', limit: 50 },
  });
  return r.body.response.suggestions;
}

/** The location's current value of a suggestion field, read from the sandbox state. */
async function fieldValue(locationId: string, fieldName: string, snapshot?: StateSnapshot): Promise<string> {
  const location = (snapshot ?? (await state(ctx.sb))).locations.find((l) => l.id === locationId);
  if (!location) throw new Error(`no location ${locationId}`);
  if (fieldName === 'categories') return location.categories.join(', ');
  if (fieldName.startsWith('address.')) return location.address[fieldName.slice(8)] ?? '';
  return String((location as unknown as Record<string, unknown>)[fieldName]);
}

describe('sandbox suggestions list', () => {
  it('has at least 40 realistic WAITING_ON_CUSTOMER suggestions on account 1001', async () => {
    const r = await call<Page>(ctx.sb, 'GET', SUGGESTIONS, {
      token,
      query: { statuses: 'WAITING_ON_CUSTOMER', limit: 50 },
    });
    expect(r.body.response.count).toBeGreaterThanOrEqual(40);
    const list = r.body.response.suggestions;
    const snapshot = await state(ctx.sb);
    const fields = new Set(list.map((s) => s.fieldName));
    expect([...fields]).toEqual(expect.arrayContaining(['name', 'address.line1', 'phone', 'hours', 'websiteUrl']));
    for (const s of list) {
      expect(s.publisherId).toBe('GOOGLEMYBUSINESS');
      expect(s.dateCreated).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(s.status).toBe('WAITING_ON_CUSTOMER');
      expect(s.suggestedContent).not.toBe(s.originalContent);
      expect(s.originalContent).toBe(await fieldValue(s.locationId, s.fieldName, snapshot));
    }
  });

  it('pages at 10 by default and 50 at most', async () => {
    const first = await call<Page>(ctx.sb, 'GET', SUGGESTIONS, { token });
    expect(first.body.response.suggestions).toHaveLength(10);
    const count = first.body.response.count;
    expect(
      (await call<Page>(ctx.sb, 'GET', SUGGESTIONS, { token, query: { limit: 50 } })).body.response.suggestions,
    ).toHaveLength(Math.min(50, count));
    expect(
      expectErrorEnvelope(await call(ctx.sb, 'GET', SUGGESTIONS, { token, query: { limit: 51 } }), 400).message,
    ).toMatch(/limit/);
    const ids: string[] = [];
    for (let offset = 0; offset < count; offset += 50) {
      const page = await call<Page>(ctx.sb, 'GET', SUGGESTIONS, { token, query: { limit: 50, offset } });
      ids.push(...page.body.response.suggestions.map((s) => s.id));
    }
    expect(ids).toHaveLength(count);
    expect(new Set(ids).size).toBe(count);
  });

  it('filters by location and publisher, in both list forms', async () => {
    const target = (await waiting())[0]!;
    const a = await call<Page>(ctx.sb, 'GET', SUGGESTIONS, {
      token,
      query: { locationIds: `[${target.locationId}]`, publisherIds: '[GOOGLEMYBUSINESS]', limit: 50 },
    });
    const b = await call<Page>(ctx.sb, 'GET', SUGGESTIONS, {
      token,
      query: { locationIds: target.locationId, publisherIds: 'GOOGLEMYBUSINESS', limit: 50 },
    });
    expect(a.body.response.suggestions.length).toBeGreaterThan(0);
    expect(a.body.response.suggestions.every((s) => s.locationId === target.locationId)).toBe(true);
    expect(a.body.response).toEqual(b.body.response);
    const none = await call<Page>(ctx.sb, 'GET', SUGGESTIONS, { token, query: { publisherIds: '[BING]' } });
    expect(none.body.response.count).toBe(0);
  });

  it('gives account 1002 its own suggestions', async () => {
    const other = await mint(ctx.sb, '1002');
    const r = await call<Page>(ctx.sb, 'GET', SUGGESTIONS, { token: other, query: { limit: 50 } });
    expect(r.body.response.count).toBeGreaterThan(0);
    expect(r.body.response.suggestions.every((s) => s.locationId.startsWith('SOS-'))).toBe(true);
  });
});

describe('sandbox suggestion decisions', () => {
  it('ACCEPTED applies suggestedContent to the location', async () => {
    const list = await waiting();
    for (const fieldName of ['name', 'categories', 'address.line1']) {
      const s = list.find((x) => x.fieldName === fieldName);
      if (!s) continue;
      const r = await call(ctx.sb, 'PUT', `${SUGGESTIONS}/${s.id}`, { token, query: { status: 'ACCEPTED' } });
      expect(r.status).toBe(200);
      expect(r.body.meta.errors).toEqual([]);
      expect(await fieldValue(s.locationId, s.fieldName)).toBe(s.suggestedContent);
    }
    const s = list[0]!;
    await call(ctx.sb, 'PUT', `${SUGGESTIONS}/${s.id}`, { token, query: { status: 'ACCEPTED' } });
    const after = await call<Page>(ctx.sb, 'GET', SUGGESTIONS, {
      token,
      query: { locationIds: s.locationId, statuses: 'ACCEPTED', limit: 50 },
    });
    const resolved = after.body.response.suggestions.find((x) => x.id === s.id);
    expect(resolved?.status).toBe('ACCEPTED');
    expect(resolved?.dateResolved).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(resolved?.resolvedBy).not.toBe('');
  });

  it('REJECTED changes nothing in the location data', async () => {
    const s = (await waiting())[0]!;
    const before = (await state(ctx.sb)).locations;
    const r = await call(ctx.sb, 'PUT', `${SUGGESTIONS}/${s.id}`, { token, query: { status: 'REJECTED' } });
    expect(r.status).toBe(200);
    const after = await state(ctx.sb);
    expect(after.locations).toEqual(before);
    expect(after.suggestions.find((x) => x.id === s.id)?.status).toBe('REJECTED');
  });

  it('refuses to resolve an already resolved suggestion with a 7300-range code', async () => {
    const [a, b] = await waiting();
    await call(ctx.sb, 'PUT', `${SUGGESTIONS}/${a!.id}`, { token, query: { status: 'REJECTED' } });
    await call(ctx.sb, 'PUT', `${SUGGESTIONS}/${b!.id}`, { token, query: { status: 'ACCEPTED' } });
    const before = await state(ctx.sb);
    for (const [id, status] of [
      [a!.id, 'ACCEPTED'],
      [b!.id, 'REJECTED'],
      [b!.id, 'ACCEPTED'],
    ] as const) {
      const r = await call(ctx.sb, 'PUT', `${SUGGESTIONS}/${id}`, { token, query: { status } });
      expect(r.status).toBeGreaterThanOrEqual(400);
      const error = expectErrorEnvelope(r, r.status);
      expect(error.code).toBeGreaterThanOrEqual(7300);
      expect(error.code).toBeLessThan(7400);
      expect(error.message).toMatch(/already resolved/i);
    }
    const after = await state(ctx.sb);
    expect(after.locations).toEqual(before.locations);
    expect(after.suggestions).toEqual(before.suggestions);
  });

  it('answers 404 (7302) for an unknown id or another account\u2019s suggestion', async () => {
    const unknown = expectErrorEnvelope(
      await call(ctx.sb, 'PUT', `${SUGGESTIONS}/999999`, { token, query: { status: 'ACCEPTED' } }),
      404,
    );
    expect(unknown.code).toBe(7302);
    const other = (await state(ctx.sb)).suggestions.find(
      (s) => s.accountId === '1002' && s.status === 'WAITING_ON_CUSTOMER',
    );
    const foreign = await call(ctx.sb, 'PUT', `${SUGGESTIONS}/${other!.id}`, { token, query: { status: 'ACCEPTED' } });
    expect(expectErrorEnvelope(foreign, 404).code).toBe(7302);
  });

  it('refuses a bad or missing status with a 7300-range code', async () => {
    const s = (await waiting())[0]!;
    for (const query of [{ status: 'MAYBE' }, {}, { status: 'accepted' }] as Record<string, string>[]) {
      const error = expectErrorEnvelope(await call(ctx.sb, 'PUT', `${SUGGESTIONS}/${s.id}`, { token, query }), 400);
      expect(Math.floor(error.code / 100)).toBe(73);
    }
    expect((await state(ctx.sb)).suggestions.find((x) => x.id === s.id)?.status).toBe('WAITING_ON_CUSTOMER');
  });
});
