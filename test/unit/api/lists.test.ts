import { describe, expect, it } from 'vitest';
import { ApiClient } from '../../../lib/api/client.ts';
import { fetchAllListings, listingKey, listingReader, listListings } from '../../../lib/api/listings.ts';
import { EMPTY_ANSWER, SKIPPED_ITEMS } from '../../../lib/api/lists.ts';
import { listAccounts, listAddRequests } from '../../../lib/api/provisioning.ts';
import { listPublishers } from '../../../lib/api/publishers.ts';
import { listRoles } from '../../../lib/api/roles.ts';
import { readItems, readItemsByShape } from '../../../lib/api/schemas-common.ts';
import { listSuggestions } from '../../../lib/api/suggestions.ts';
import { listUsers } from '../../../lib/api/users.ts';
import { rejection } from '../../support/api-rejection.ts';
import { envelope, fakeFetch } from './fake-fetch.ts';

const listing = (id: unknown) => ({ id, locationId: 'loc-1', publisherId: 'GOOGLEMAPS', status: 'LIVE' });

function clientAnswering(...responses: Response[]) {
  return new ApiClient({ baseUrl: 'https://api.test', apiKey: 'k', fetch: fakeFetch(...responses).fetch });
}

describe('list items are read one by one', () => {
  it('keeps a listing without an id (its location and publisher name it), leaves out what cannot be named, and says how many', async () => {
    const { locationId: _, ...noLocation } = listing('L-4');
    const result = await listListings(
      clientAnswering(
        envelope({
          count: 5,
          listings: [listing('L-1'), { ...listing(1), id: undefined }, listing(3), null, noLocation],
        }),
      ),
    );
    expect(result.data.count).toBe(5);
    expect(result.data.listings.map((l) => l.id)).toEqual(['L-1', undefined, '3']);
    expect(result.data.listings.map(listingKey)).toEqual([
      'L-1',
      `@${listing(1).locationId}/${listing(1).publisherId}`,
      '3',
    ]);
    expect(result.warnings).toEqual([
      {
        code: 0,
        type: 'WARNING',
        name: SKIPPED_ITEMS,
        message: '2 listings could not be read and are not shown',
        count: 2,
        subject: 'listings',
      },
    ]);
  });

  it('does the same for suggestions, publishers, users, roles and accounts', async () => {
    const suggestions = await listSuggestions(
      clientAnswering(envelope({ count: 2, suggestions: [{ id: 9, status: 'WAITING_ON_CUSTOMER' }, { status: 'X' }] })),
    );
    expect(suggestions.data.suggestions).toEqual([{ id: '9', status: 'WAITING_ON_CUSTOMER' }]);
    expect(suggestions.warnings[0]?.message).toBe('1 of the suggestions could not be read and is not shown');

    const publishers = await listPublishers(clientAnswering(envelope([{ id: 'P', name: 'Maps' }, { id: 'Q' }])));
    expect(publishers.data.map((p) => p.id)).toEqual(['P']);
    expect(publishers.warnings[0]?.name).toBe(SKIPPED_ITEMS);

    const users = await listUsers(clientAnswering(envelope({ count: 2, users: [{ id: 'u1' }, { firstName: 'x' }] })));
    expect(users.data.users.map((u) => u.id)).toEqual(['u1']);
    const roles = await listRoles(clientAnswering(envelope({ count: 2, roles: [{ id: 1, name: 'A' }, 'junk'] })));
    expect(roles.data.roles).toEqual([{ id: '1', name: 'A' }]);
    const accounts = await listAccounts(clientAnswering(envelope({ accounts: [{ accountId: 7 }, {}] })));
    expect(accounts.data).toEqual({ count: 1, accounts: [{ accountId: '7' }] });
    expect(accounts.warnings[0]?.message).toBe('1 of the accounts could not be read and is not shown');
  });

  it('keeps the add requests of a page when one lacks its id, and says one was left out (issue 31)', async () => {
    const page = await listAddRequests(
      clientAnswering(
        envelope({
          count: 3,
          addRequests: [
            { id: 501, status: 'COMPLETE', skus: ['S1', 7] },
            { status: 'PROCESSING', existingLocationId: 'L-2' },
            { id: '503', status: 'QUEUED_FOR_HUMAN' },
          ],
        }),
      ),
    );
    expect(page.data).toEqual({
      count: 3,
      addRequests: [
        { id: '501', status: 'COMPLETED', skus: ['S1'] },
        { id: '503', status: 'QUEUED_FOR_HUMAN' },
      ],
    });
    expect(page.warnings).toEqual([
      expect.objectContaining({
        name: SKIPPED_ITEMS,
        message: '1 of the add requests could not be read and is not shown',
      }),
    ]);
  });

  it('keeps an item whose optional field has an unexpected type, without that field', async () => {
    const result = await listListings(
      clientAnswering(envelope({ count: 1, listings: [{ ...listing('L-1'), listingUrl: 42, extra: { a: 1 } }] })),
    );
    expect(result.data.listings).toEqual([{ ...listing('L-1'), extra: { a: 1 } }]);
    expect(result.warnings).toEqual([]);
  });

  it('reads the documented screenShotUrl into screenshotUrl; the public record spelling wins', async () => {
    const result = await listListings(
      clientAnswering(
        envelope({
          count: 2,
          listings: [
            { ...listing('L-1'), screenShotUrl: 'https://shots.test/1.png' },
            { ...listing('L-2'), screenShotUrl: 'https://old.test/2.png', screenshotUrl: 'https://shots.test/2.png' },
          ],
        }),
      ),
    );
    expect(result.data.listings.map((l) => l.screenshotUrl)).toEqual([
      'https://shots.test/1.png',
      'https://shots.test/2.png',
    ]);
    expect(result.data.listings.every((l) => l.screenShotUrl === undefined)).toBe(true);
  });

  it('still fails a page whose shape is unusable', async () => {
    const error = await rejection(listListings(clientAnswering(envelope({ count: 1, listings: { L1: {} } }))));
    expect(error).toMatchObject({ kind: 'unusable-response' });
    expect(error.message).toContain('response.listings');
  });
});

describe('an empty answer from a listings call', () => {
  it.each([
    ['an empty body', () => new Response('', { status: 200 })],
    ['response: {}', () => envelope({})],
    ['no response field', () => new Response('{"meta":{"uuid":"u","errors":[]}}', { status: 200 })],
  ])('is no data plus the reason, for %s', async (_name, answer) => {
    const listings = await listListings(clientAnswering(answer()));
    expect(listings.data).toEqual({ count: 0, listings: [] });
    expect(listings.warnings).toHaveLength(1);
    expect(listings.warnings[0]).toMatchObject({ type: 'WARNING', name: EMPTY_ANSWER });
    expect(listings.warnings[0]?.message).toMatch(/no listings.*Listings subscription.*production account/);

    const suggestions = await listSuggestions(clientAnswering(answer()));
    expect(suggestions.data).toEqual({ count: 0, suggestions: [] });
    expect(suggestions.warnings[0]?.message).toContain('no suggestions');
    const publishers = await listPublishers(clientAnswering(answer()));
    expect(publishers.data).toEqual([]);
    expect(publishers.warnings[0]?.name).toBe(EMPTY_ANSWER);
  });

  it('stays an error for calls outside listings, where empty is not a documented answer', async () => {
    expect((await rejection(listRoles(clientAnswering(new Response('', { status: 200 }))))).kind).toBe(
      'unusable-response',
    );
  });
});

describe('meta.errors warnings', () => {
  it('reach the caller beside the client’s own warnings', async () => {
    const warning = { code: 5000, type: 'WARNING', message: 'some publishers are not on the subscription' };
    const result = await listListings(
      clientAnswering(envelope({ count: 2, listings: [listing('L-1'), {}] }, [warning])),
    );
    expect(result.warnings.map((w) => w.message)).toEqual([
      'some publishers are not on the subscription',
      '1 of the listings could not be read and is not shown',
    ]);
  });
});

describe('warnings of a whole walk (fetchAll*)', () => {
  it('carries every page’s meta.errors warnings once, and adds up the items left out', async () => {
    const warning = { code: 5000, type: 'WARNING', message: 'some publishers are not on the subscription' };
    const page = (offset: number, bad: number) =>
      envelope(
        {
          count: 250,
          listings: [
            ...Array.from({ length: 100 - bad }, (_, i) => listing(`L-${offset + i}`)),
            ...Array.from({ length: bad }, () => ({ status: 'LIVE' })),
          ],
        },
        [warning],
      );
    const client = clientAnswering(page(0, 1), page(100, 2), page(200, 0));
    const all = await fetchAllListings(client, {}, { concurrency: 1 });
    expect(all.listings).toHaveLength(297);
    expect(all.warnings.map((w) => w.message)).toEqual([
      'some publishers are not on the subscription',
      '3 listings could not be read and are not shown',
    ]);
  });
});

describe('the written-out listing reader', () => {
  it('reads exactly as listingReader’s declared shape does', () => {
    const samples: unknown[] = [
      listing('L-1'),
      { ...listing(7), locationId: 12, publisherId: '', accountId: 1001, loginUrl: null, listingUrl: 5 },
      { ...listing('L-3'), screenShotUrl: 'https://a/1.png' },
      { ...listing('L-4'), screenShotUrl: 'https://a/old.png', screenshotUrl: 'https://a/new.png', extra: [1] },
      { ...listing('L-5'), screenShotUrl: null, additionalStatus: 'NOT_CONNECTED', accountId: { x: 1 } },
      { ...listing('L-6'), alternateBrands: [{ name: 'Maps', url: '' }, null, 'x', { name: 3 }], statusDetails: [] },
      { ...listing('L-7'), alternateBrands: 'none', statusDetails: [{ code: 4, type: 'WARNING', actionable: 'y' }] },
      { ...listing('L-8'), statusDetails: null, alternateBrands: null },
      { ...listing('L-9'), status: 3 },
      { ...listing('L-10'), id: null },
      { locationId: 'x', publisherId: 'y', status: 'LIVE' },
      null,
      ['L-11'],
      'L-12',
    ];
    const written = readItems(structuredClone(samples), listingReader);
    const declared = readItemsByShape(structuredClone(samples), listingReader);
    expect(written).toEqual(declared);
    // An id-less listing (L-10, and the bare one) is kept: its location and publisher name it.
    expect(written.skipped).toBe(4);
  });
});
