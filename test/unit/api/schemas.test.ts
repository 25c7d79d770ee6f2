import { describe, expect, it } from 'vitest';
import { ApiClient } from '../../../lib/api/client.ts';
import { ListingSchema, listListings } from '../../../lib/api/listings.ts';
import {
  AddRequestSchema,
  AvailableServiceSchema,
  cancelServices,
  isTerminalAddRequestStatus,
  listAccounts,
  listAvailableServices,
} from '../../../lib/api/provisioning.ts';
import { PublisherSchema } from '../../../lib/api/publishers.ts';
import { SuggestionSchema } from '../../../lib/api/suggestions.ts';
import { UserSchema } from '../../../lib/api/users.ts';
import { envelope, fakeFetch } from './fake-fetch.ts';

const listing = { id: 'L-1', locationId: 'loc-1', publisherId: 'GOOGLEMAPS', status: 'LIVE' };

function clientAnswering(response: unknown) {
  return new ApiClient({ baseUrl: 'https://api.test', apiKey: 'k', fetch: fakeFetch(envelope(response)).fetch });
}

describe('listings', () => {
  it('accepts the recorded listing with publisherId ""', () => {
    expect(ListingSchema.parse({ ...listing, publisherId: '' }).publisherId).toBe('');
  });

  it('keeps an unknown status verbatim', () => {
    expect(ListingSchema.parse({ ...listing, status: 'PENDING_REVIEW_2027' }).status).toBe('PENDING_REVIEW_2027');
  });

  it('keeps extra fields', () => {
    const parsed = ListingSchema.parse({ ...listing, brandNewField: { nested: [1] }, reviewCount: 4 });
    expect(parsed).toMatchObject({ brandNewField: { nested: [1] }, reviewCount: 4 });
  });

  it('normalizes both spellings of the screenshot field to screenshotUrl, keeping the value', () => {
    const documented = ListingSchema.parse({ ...listing, screenShotUrl: 'https://shots.test/1.png' });
    const recorded = ListingSchema.parse({ ...listing, screenshotUrl: 'No screenshot available' });
    expect(documented).toEqual({ ...listing, screenshotUrl: 'https://shots.test/1.png' });
    expect(recorded).toEqual({ ...listing, screenshotUrl: 'No screenshot available' });
    expect('screenShotUrl' in documented).toBe(false);
  });

  it('reads the public record fields, numeric ids and nulls', () => {
    const parsed = ListingSchema.parse({
      ...listing,
      id: 991,
      locationId: 12,
      accountId: 1001,
      additionalStatus: 'NOT_CONNECTED',
      loginUrl: null,
      statusDetails: [{ code: 'NO_MATCH', type: 'UNAVAILABLE_REASON', message: 'No match', actionable: true }],
      alternateBrands: [{ name: 'Maps', url: '' }],
    });
    expect(parsed).toMatchObject({ id: '991', locationId: '12', accountId: '1001' });
    expect(parsed).not.toHaveProperty('loginUrl');
    expect(parsed.statusDetails?.[0]).toEqual({
      code: 'NO_MATCH',
      type: 'UNAVAILABLE_REASON',
      message: 'No match',
      actionable: true,
    });
  });

  it('parses a whole listings response through the client', async () => {
    const result = await listListings(
      clientAnswering({ count: 2, listings: [listing, { ...listing, id: 'L-2', publisherId: '' }] }),
    );
    expect(result.data.count).toBe(2);
    expect(result.data.listings.map((l) => l.publisherId)).toEqual(['GOOGLEMAPS', '']);
  });
});

describe('publishers and suggestions', () => {
  it('reads a publisher with an alternate brand whose url is empty', () => {
    const parsed = PublisherSchema.parse({
      id: '123',
      name: 'Maps',
      alternateBrands: [{ name: 'Other', url: '' }],
      supportedCountries: ['US', 'CA'],
    });
    expect(parsed.alternateBrands).toEqual([{ name: 'Other', url: '' }]);
  });

  it('reads a suggestion and keeps an unknown status', () => {
    const parsed = SuggestionSchema.parse({
      id: 88,
      publisherId: 'GOOGLEMYBUSINESS',
      locationId: 'loc-1',
      dateCreated: '2026-10-01',
      fieldName: 'hours',
      status: 'AUTO_APPLIED',
      originalContent: 'Mon 9-5',
      suggestedContent: 'Mon 9-6',
    });
    expect(parsed).toMatchObject({ id: '88', status: 'AUTO_APPLIED', suggestedContent: 'Mon 9-6' });
  });
});

describe('provisioning', () => {
  it('accepts agreementId as a string and as a number', () => {
    expect(AvailableServiceSchema.parse({ sku: 'LST-1', agreementId: 4411 }).agreementId).toBe('4411');
    expect(AvailableServiceSchema.parse({ sku: 'LST-1', agreementId: '4411' }).agreementId).toBe('4411');
  });

  it('normalizes minimumUsageUnits to minimumUsageUnit', () => {
    const parsed = AvailableServiceSchema.parse({ sku: 'LST-1', minimumUsage: 1, minimumUsageUnits: 'MONTH' });
    expect(parsed).toEqual({ sku: 'LST-1', minimumUsage: 1, minimumUsageUnit: 'MONTH' });
  });

  it('accepts COMPLETE and COMPLETED as the same terminal status', () => {
    const complete = AddRequestSchema.parse({ id: 501, status: 'COMPLETE', agreementId: 7 });
    const completed = AddRequestSchema.parse({ id: '501', status: 'COMPLETED', agreementId: '7' });
    expect(complete).toEqual(completed);
    expect(complete.status).toBe('COMPLETED');
    expect(isTerminalAddRequestStatus('COMPLETE')).toBe(true);
  });

  it('treats an unknown add-request status as pending and keeps it verbatim', () => {
    const parsed = AddRequestSchema.parse({ id: 1, status: 'QUEUED_FOR_HUMAN' });
    expect(parsed.status).toBe('QUEUED_FOR_HUMAN');
    expect(isTerminalAddRequestStatus(parsed.status)).toBe(false);
    expect(['CANCELED', 'FAILED', 'COMPLETED'].every(isTerminalAddRequestStatus)).toBe(true);
    expect(['PROCESSING', 'REVIEW', 'SUBMITTED'].some(isTerminalAddRequestStatus)).toBe(false);
  });

  it('reads lists as a bare array or wrapped under their name', async () => {
    const bare = await cancelServices(clientAnswering([{ id: 3, sku: 'A', status: 'STOPPED' }]), 'me', {
      locationId: 'x',
    });
    expect(bare.data).toEqual([{ id: '3', sku: 'A', status: 'STOPPED' }]);
    const wrapped = await listAvailableServices(
      clientAnswering({ count: 1, availableServices: [{ sku: 'B', agreementId: 1 }] }),
    );
    expect(wrapped.data).toEqual([{ sku: 'B', agreementId: '1' }]);
    const accounts = await listAccounts(
      clientAnswering({ accounts: [{ accountId: 1001, accountName: 'Harbor', locationCount: '12' }] }),
    );
    expect(accounts.data).toEqual({
      count: 1,
      accounts: [{ accountId: '1001', accountName: 'Harbor', locationCount: 12 }],
    });
  });
});

describe('users', () => {
  it('reads the get-user shape, keeps extra fields and drops the echoed password', () => {
    const parsed = UserSchema.parse({
      id: 'u1',
      firstName: 'Ada',
      lastName: 'L',
      username: 'ada',
      emailAddress: 'ada@example.test',
      phoneNumber: '+1 555',
      password: 'hunter2',
      lastLoginDate: 1760000000,
      sso: false,
      acl: [{ roleId: 3, roleName: 'Admin', on: 1001, accountId: '1001', onType: 'ACCOUNT' }],
      title: 'Owner',
    });
    expect(parsed).not.toHaveProperty('password');
    expect(parsed).toMatchObject({ lastLoginDate: '1760000000', sso: false, title: 'Owner' });
    expect(parsed.acl?.[0]).toEqual({
      roleId: '3',
      roleName: 'Admin',
      on: '1001',
      accountId: '1001',
      onType: 'ACCOUNT',
    });
  });
});
