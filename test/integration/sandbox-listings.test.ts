import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  call,
  expectErrorEnvelope,
  LISTINGS,
  mint,
  PUBLISHERS,
  resetSandbox,
  state,
  useSandbox,
} from './sandbox-http.ts';

const ctx = useSandbox();

interface Publisher {
  id: string;
  name: string;
  alternateBrands: { name: string; url: string }[];
  supportedCountries: string[];
}
interface Listing {
  id: string;
  locationId: string;
  publisherId: string;
  status: string;
  listingUrl: string;
  screenShotUrl: string;
  statusDetails: { code: string; type: string; message: string }[];
}
type Page = { count: number; listings: Listing[] };

const STATUSES = ['WAITING_ON_YEXT', 'WAITING_ON_CUSTOMER', 'WAITING_ON_PUBLISHER', 'LIVE', 'UNAVAILABLE', 'OPTED_OUT'];

let token: string;

async function allListings(query: Record<string, string> = {}): Promise<Listing[]> {
  const out: Listing[] = [];
  for (let offset = 0; ; offset += 100) {
    const r = await call<Page>(ctx.sb, 'GET', LISTINGS, { token, query: { ...query, offset, limit: 100 } });
    expect(r.status).toBe(200);
    out.push(...r.body.response.listings);
    if (offset + 100 >= r.body.response.count) return out;
  }
}

describe('sandbox publishers', () => {
  beforeAll(async () => {
    token = await mint(ctx.sb);
  });

  it('lists at least 60 publishers with brands and countries', async () => {
    const r = await call<Publisher[]>(ctx.sb, 'GET', PUBLISHERS, { token });
    const publishers = r.body.response;
    expect(publishers.length).toBeGreaterThanOrEqual(60);
    expect(new Set(publishers.map((p) => p.id)).size).toBe(publishers.length);
    for (const p of publishers) {
      expect(p.id).toMatch(/^[A-Z0-9]+$/);
      expect(p.name.length).toBeGreaterThan(0);
      for (const c of p.supportedCountries) expect(c).toMatch(/^[A-Z]{2}$/);
    }
    const brands = publishers.flatMap((p) => p.alternateBrands);
    expect(brands.some((b) => b.url === '')).toBe(true);
    expect(brands.some((b) => b.url.startsWith('https://'))).toBe(true);
    const names = publishers.map((p) => p.name);
    expect(names).toEqual(
      expect.arrayContaining(['Google Business Profile', 'Bing', 'Apple Maps', 'Yelp', 'Facebook']),
    );
  });

  it('maps every listing publisherId to a listed publisher', async () => {
    const publishers = (await call<Publisher[]>(ctx.sb, 'GET', PUBLISHERS, { token })).body.response;
    const ids = new Set(publishers.map((p) => p.id));
    const listings = await allListings();
    expect(listings.every((l) => ids.has(l.publisherId))).toBe(true);
  });

  it('answers empty for an account without a listings subscription', async () => {
    const pubs = await call<Publisher[]>(ctx.sb, 'GET', '/v2/accounts/1102/powerlistings/publishers', { token });
    expect(pubs.body.response).toEqual([]);
    const listings = await call<Page>(ctx.sb, 'GET', '/v2/accounts/1102/powerlistings/listings', { token });
    expect(listings.body.response).toEqual({ count: 0, listings: [] });
  });
});

describe('sandbox listings list', () => {
  beforeAll(async () => {
    token = await mint(ctx.sb);
  });

  it('returns 100 by default, with the total count', async () => {
    const r = await call<Page>(ctx.sb, 'GET', LISTINGS, { token });
    const s = await state(ctx.sb);
    const total = s.listings.filter((l) => l.accountId === '1001').length;
    expect(total).toBeGreaterThan(1000);
    expect(r.body.response.count).toBe(total);
    expect(r.body.response.listings).toHaveLength(100);
  });

  it('allows 100 a page at most', async () => {
    expect(
      (await call<Page>(ctx.sb, 'GET', LISTINGS, { token, query: { limit: 100 } })).body.response.listings,
    ).toHaveLength(100);
    const over = expectErrorEnvelope(await call(ctx.sb, 'GET', LISTINGS, { token, query: { limit: 101 } }), 400);
    expect(over.message).toMatch(/limit/);
    expectErrorEnvelope(await call(ctx.sb, 'GET', LISTINGS, { token, query: { limit: 0 } }), 400);
    expectErrorEnvelope(await call(ctx.sb, 'GET', LISTINGS, { token, query: { offset: -1 } }), 400);
    expectErrorEnvelope(await call(ctx.sb, 'GET', LISTINGS, { token, query: { limit: 'ten' } }), 400);
  });

  it('pages through everything sorted by publisher, then location', async () => {
    const listings = await allListings();
    const s = await state(ctx.sb);
    expect(listings).toHaveLength(s.listings.filter((l) => l.accountId === '1001').length);
    expect(new Set(listings.map((l) => l.id)).size).toBe(listings.length);
    const key = (l: Listing) => [l.publisherId, l.locationId];
    const sorted = [...listings].sort((a, b) => {
      const [ap, al] = key(a) as [string, string];
      const [bp, bl] = key(b) as [string, string];
      return ap < bp ? -1 : ap > bp ? 1 : al < bl ? -1 : al > bl ? 1 : 0;
    });
    expect(listings.map((l) => l.id)).toEqual(sorted.map((l) => l.id));
    const beyond = await call<Page>(ctx.sb, 'GET', LISTINGS, { token, query: { offset: listings.length + 5 } });
    expect(beyond.body.response).toEqual({ count: listings.length, listings: [] });
  });

  it('has listings in every status, with details for UNAVAILABLE and text screenshot notices', async () => {
    const listings = await allListings();
    for (const status of STATUSES) expect(listings.some((l) => l.status === status)).toBe(true);
    const unavailable = listings.filter((l) => l.status === 'UNAVAILABLE');
    expect(
      unavailable.every((l) => l.statusDetails.length > 0 && l.statusDetails[0]?.type === 'UNAVAILABLE_REASON'),
    ).toBe(true);
    expect(listings.some((l) => l.screenShotUrl.startsWith('https://'))).toBe(true);
    expect(listings.some((l) => l.screenShotUrl && !/^https?:/.test(l.screenShotUrl))).toBe(true);
    expect(listings.filter((l) => l.status === 'LIVE').every((l) => l.listingUrl.startsWith('https://'))).toBe(true);
  });

  it('filters by statuses, publisherIds and locationIds in [a,b] and a,b forms', async () => {
    const bracket = await allListings({ statuses: '[LIVE,OPTED_OUT]', publisherIds: '[BING,YELP]' });
    const plain = await allListings({ statuses: 'LIVE,OPTED_OUT', publisherIds: 'BING,YELP' });
    expect(bracket.length).toBeGreaterThan(0);
    expect(bracket.map((l) => l.id)).toEqual(plain.map((l) => l.id));
    expect(bracket.every((l) => ['LIVE', 'OPTED_OUT'].includes(l.status))).toBe(true);
    expect(new Set(bracket.map((l) => l.publisherId))).toEqual(new Set(['BING', 'YELP']));

    const byLocation = await allListings({ locationIds: '[HB-001,HB-002]' });
    const byLocationPlain = await allListings({ locationIds: 'HB-001,HB-002' });
    expect(new Set(byLocation.map((l) => l.locationId))).toEqual(new Set(['HB-001', 'HB-002']));
    expect(byLocation.map((l) => l.id)).toEqual(byLocationPlain.map((l) => l.id));

    expectErrorEnvelope(await call(ctx.sb, 'GET', LISTINGS, { token, query: { statuses: '[LIVE,BOGUS]' } }), 400);
  });
});

describe('sandbox opt-in and opt-out', () => {
  beforeEach(async () => {
    await resetSandbox(ctx.sb);
    token = await mint(ctx.sb);
  });

  const OPTIN = `${LISTINGS}/optin`;
  const OPTOUT = `${LISTINGS}/optout`;
  const statusOf = async (id: string) => (await state(ctx.sb)).listings.find((l) => l.id === id)?.status;

  it('opts an OPTED_OUT listing in to a sending status', async () => {
    const s = await state(ctx.sb);
    const target = s.listings.find((l) => l.accountId === '1001' && l.status === 'OPTED_OUT');
    if (!target) throw new Error('seed has no OPTED_OUT listing');
    const r = await call(ctx.sb, 'PUT', OPTIN, {
      token,
      query: { locationIds: `[${target.locationId}]`, publisherIds: `[${target.publisherId}]` },
    });
    expect(r.status).toBe(200);
    expect(r.body.meta.errors).toEqual([]);
    expect(await statusOf(target.id)).toBe('WAITING_ON_PUBLISHER');
  });

  it('opts listings out, with lists in a,b form', async () => {
    const s = await state(ctx.sb);
    const live = s.listings.filter((l) => l.accountId === '1001' && l.status === 'LIVE' && l.publisherId === 'YELP');
    const [a, b] = live;
    if (!a || !b) throw new Error('seed has too few LIVE Yelp listings');
    const r = await call(ctx.sb, 'PUT', OPTOUT, {
      token,
      query: { locationIds: `${a.locationId},${b.locationId}`, publisherIds: 'YELP' },
    });
    expect(r.status).toBe(200);
    expect(await statusOf(a.id)).toBe('OPTED_OUT');
    expect(await statusOf(b.id)).toBe('OPTED_OUT');
    // Listing other publishers at those locations are untouched.
    const after = await state(ctx.sb);
    const others = after.listings.filter((l) => l.locationId === a.locationId && l.publisherId !== 'YELP');
    const before = s.listings.filter((l) => l.locationId === a.locationId && l.publisherId !== 'YELP');
    expect(others.map((l) => l.status)).toEqual(before.map((l) => l.status));
  });

  it('refuses locations × publishers over 100 with 400 and changes nothing', async () => {
    const s = await state(ctx.sb);
    const locations = [...new Set(s.listings.filter((l) => l.accountId === '1001').map((l) => l.locationId))];
    const publishers = s.publishers.map((p) => p.id);
    const eleven = locations.slice(0, 11).join(',');
    const ten = publishers.slice(0, 10).join(',');
    for (const path of [OPTIN, OPTOUT]) {
      const r = await call(ctx.sb, 'PUT', path, {
        token,
        query: { locationIds: `[${eleven}]`, publisherIds: `[${ten}]` },
      });
      expect(expectErrorEnvelope(r, 400).message).toMatch(/100/);
    }
    expect((await state(ctx.sb)).listings.map((l) => l.status)).toEqual(s.listings.map((l) => l.status));
    const exactly = await call(ctx.sb, 'PUT', OPTOUT, {
      token,
      query: { locationIds: locations.slice(0, 10).join(','), publisherIds: ten },
    });
    expect(exactly.status).toBe(200);
  });

  it('requires both lists and known ids', async () => {
    expectErrorEnvelope(await call(ctx.sb, 'PUT', OPTIN, { token, query: { locationIds: '[HB-001]' } }), 400);
    expectErrorEnvelope(await call(ctx.sb, 'PUT', OPTIN, { token, query: { publisherIds: '[BING]' } }), 400);
    const unknownLoc = await call(ctx.sb, 'PUT', OPTIN, {
      token,
      query: { locationIds: '[NOPE]', publisherIds: '[BING]' },
    });
    expect(expectErrorEnvelope(unknownLoc, 400).message).toMatch(/NOPE/);
    const otherAccount = await call(ctx.sb, 'PUT', OPTIN, {
      token,
      query: { locationIds: '[SOS-001]', publisherIds: '[BING]' },
    });
    expectErrorEnvelope(otherAccount, 400);
    const unknownPub = await call(ctx.sb, 'PUT', OPTIN, {
      token,
      query: { locationIds: '[HB-001]', publisherIds: '[NOPE]' },
    });
    expectErrorEnvelope(unknownPub, 400);
  });

  it('reads the lists from the query only: the vendor defines no body for opt-in (issue 31)', async () => {
    const json = { locationIds: ['HB-001'], publisherIds: ['BING'] };
    const r = await call(ctx.sb, 'PUT', OPTIN, { token, json });
    expect(expectErrorEnvelope(r, 400).message).toMatch(/locationIds/);
  });
});
