// The client and the sandbox held to the vendor's own OpenAPI description: every covered operation is called
// the way the product calls it (lib/api, over HTTP, against the sandbox); each request the sandbox received
// (its request log, bodies included) is checked against the operation's parameters and request body, and each
// answer the client read against the response schema. Any difference not in sandbox/deviations.ts fails.
// The OpenAPI subsets are read from ../shared/openapi/ (beside the project), never copied into it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../lib/api/client.ts';
import { listFolders } from '../../lib/api/folders.ts';
import { fetchAllListings, listListings, optIn, optOut } from '../../lib/api/listings.ts';
import { getLocation, listLocations } from '../../lib/api/locations.ts';
import {
  cancelServices,
  createExistingLocationAddRequest,
  createNewLocationAddRequest,
  fetchAllServices,
  getAddRequest,
  listAccounts,
  listAddRequests,
  listAvailableServices,
  pollAddRequest,
  processAddRequest,
} from '../../lib/api/provisioning.ts';
import { listPublishers } from '../../lib/api/publishers.ts';
import { listRoles } from '../../lib/api/roles.ts';
import { decideSuggestion, fetchAllSuggestions } from '../../lib/api/suggestions.ts';
import {
  createUser,
  deleteUser,
  getUser,
  heldUserFields,
  listUsers,
  setUserPassword,
  updateUser,
} from '../../lib/api/users.ts';
import { agreementGroups } from '../../lib/shared/provisioning/agreements.ts';
import { DEVIATIONS, type Deviation } from '../../sandbox/deviations.ts';
import type { LoggedRequest } from '../../sandbox/injection.ts';
import { type Harness, startHarness } from '../integration/api-sandbox.ts';
import { loadVendorDescription, type Mismatch, type VendorDescription } from './vendor-openapi.ts';

interface Exchange {
  method: string;
  url: URL;
  status: number;
  text: string;
}

let vendor: VendorDescription;
let harness: Harness;
/** Every answer the client read, as it came over HTTP. */
const exchanges: Exchange[] = [];
let logged: LoggedRequest[] = [];
const used = new Set<Deviation>();

/** The client's fetch, keeping a copy of each answer's body. */
const recordingFetch: typeof fetch = async (input, init) => {
  const request = new Request(input, init);
  const response = await fetch(request);
  exchanges.push({
    method: request.method,
    url: new URL(request.url),
    status: response.status,
    text: await response.clone().text(),
  });
  return response;
};

/** The vendor's path for one of ours (`/v2` dropped; the interface's own forms through the named rewrites). */
function vendorPath(path: string): string {
  let out = path.replace(/^\/v2/, '');
  for (const deviation of DEVIATIONS) {
    const pattern = deviation.kind === 'path' && deviation.rewrite ? new RegExp(deviation.rewrite.ours) : undefined;
    if (!pattern?.test(out)) continue;
    used.add(deviation);
    out = out.replace(pattern, deviation.rewrite!.vendor);
  }
  return out;
}

const matches = (d: Deviation, m: Mismatch) =>
  d.kind === m.kind && d.side === m.side && d.at === m.at && (d.operation === '*' || d.operation === m.operation);

/** The differences no deviation names; those one does are marked used. */
function unexplained(mismatches: Mismatch[]): Mismatch[] {
  return mismatches.filter((m) => {
    const deviation = DEVIATIONS.find((d) => matches(d, m));
    if (deviation) used.add(deviation);
    return !deviation;
  });
}

const describeMismatch = (m: Mismatch) => `${m.operation} ${m.side} ${m.at} [${m.kind}]: ${m.message}`;

function unknownOperation(method: string, path: string): Mismatch {
  return {
    operation: '?',
    side: 'request',
    at: 'path',
    kind: 'unknown-operation',
    message: `${method} ${path} is no operation of the vendor's description`,
  };
}

/** Every covered operation, called as the product calls it. */
async function callEveryOperation(client: ApiClient): Promise<void> {
  // Listings, opt-in and opt-out, publisher suggestions.
  const publishers = (await listPublishers(client)).data;
  await fetchAllListings(client);
  const page = await listListings(client, {
    locationIds: ['HB-001', 'HB-002'],
    publisherIds: publishers.slice(0, 2).map((p) => p.id),
    statuses: ['LIVE', 'OPTED_OUT'],
    limit: 100,
    offset: 0,
  });
  const listing = page.data.listings[0] ?? (await listListings(client, { limit: 1 })).data.listings[0];
  if (!listing) throw new Error('the sandbox served no listing');
  await optOut(client, { locationIds: [listing.locationId], publisherIds: [listing.publisherId] });
  await optIn(client, { locationIds: [listing.locationId], publisherIds: [listing.publisherId] });
  const waiting = await fetchAllSuggestions(client, { statuses: ['WAITING_ON_CUSTOMER'] });
  const suggestion = waiting.suggestions[0];
  if (!suggestion) throw new Error('the sandbox served no waiting suggestion');
  await decideSuggestion(client, suggestion.id, 'ACCEPTED');

  // Roles and users: the worker's create, read-then-update, password and delete.
  const roles = (await listRoles(client)).data.roles;
  await listUsers(client, 'me', { limit: 50, offset: 0 });
  const role = roles[0];
  const acl = role ? [{ roleId: role.id, roleName: role.name, on: '1001', onType: 'ACCOUNT' }] : [];
  const id = 'openapi-check';
  await createUser(client, 'me', {
    id,
    firstName: 'Ada',
    lastName: 'Check',
    emailAddress: 'ada.check@example.com',
    username: 'ada.check',
    phoneNumber: '+1 503 555 0100',
    password: 'correct horse battery',
    acl,
  });
  const held = heldUserFields((await getUser(client, 'me', id)).data);
  await updateUser(client, 'me', id, {
    ...held,
    firstName: 'Ada',
    lastName: 'Checked',
    emailAddress: 'ada.check@example.com',
    username: 'ada.check',
    phoneNumber: '+1 503 555 0101',
    acl,
  });
  await setUserPassword(client, 'me', id, 'another horse battery');
  await deleteUser(client, 'me', id);

  // Locations and folders.
  const locations = (await listLocations(client, 'me', { limit: 50, offset: 0 })).data.locations;
  await getLocation(client, 'me', locations[0]?.id ?? 'HB-001');
  await listFolders(client, 'me', { limit: 100, offset: 0 });

  // Provisioning: catalog, accounts, add requests (existing, new, in review), services, cancel.
  await listAccounts(client);
  const catalog = (await listAvailableServices(client)).data.map((s) => ({
    sku: s.sku,
    agreementId: s.agreementId ?? null,
  }));
  const [group] = agreementGroups(['REVIEWS-MONITOR'], catalog);
  const existing = await createExistingLocationAddRequest(client, 'me', {
    existingLocationId: 'HB-002',
    skus: group!.skus,
    ...(group!.agreementId === undefined ? {} : { agreementId: group!.agreementId }),
  });
  await pollAddRequest(client, 'me', String(existing.data.id), { delayMs: () => 20 });
  // Without an agreement: the service fills in its own.
  await createExistingLocationAddRequest(client, 'me', { existingLocationId: 'HB-003', skus: ['REVIEWS-MONITOR'] });
  const created = await createNewLocationAddRequest(client, 'me', {
    newLocationId: 'HB-OPENAPI',
    newLocationData: {
      locationName: 'Harbor Bakery – Openapi Street',
      address: '1 Openapi St',
      city: 'Portland',
      state: 'OR',
      zip: '97201',
      countryCode: 'US',
      phone: '+1 503 555 0102',
      categoryIds: ['1314'],
    },
    skus: ['PL-ESSENTIALS'],
  });
  await pollAddRequest(client, 'me', String(created.data.id), { delayMs: () => 20 });
  const state = await harness.state();
  const duplicate = state.locations.find((l) => l.accountId === '1001' && l.possibleDuplicate);
  if (!duplicate) throw new Error('the seed has no possible duplicate in 1001');
  const inReview = await createExistingLocationAddRequest(client, 'me', {
    existingLocationId: duplicate.id,
    skus: ['PAGES-LOCAL'],
  });
  await pollAddRequest(client, 'me', String(inReview.data.id), {
    delayMs: (status) => (status === 'REVIEW' ? null : 20),
  });
  await processAddRequest(client, 'me', String(inReview.data.id), 'COMPLETED');
  await listAddRequests(client, 'me', { limit: 50, offset: 0 });
  // As the provisioning screen asks for one location's services (lib/background/provisioning).
  await fetchAllServices(client, 'me', { locationId: 'HB-002', status: 'ALL' });
  await cancelServices(client, 'me', { locationId: 'HB-002', skus: ['PL-PREMIUM'] });
  // An error answer is described too (the `default` response).
  await getAddRequest(client, 'me', '424242').catch(() => undefined);
}

beforeAll(async () => {
  vendor = loadVendorDescription();
  harness = await startHarness({ crmPort: false, addRequestProcessingMs: 50, logRequestBodies: true });
  await callEveryOperation(await harness.client({ config: { fetch: recordingFetch } }));
  // The sandbox's own log, bodies included (the harness's LoggedRequest view leaves them out).
  logged = (await harness.control<{ requests: LoggedRequest[] }>('GET', 'requests')).requests;
}, 60_000);

afterAll(() => harness?.sandbox.close());

describe("the vendor's OpenAPI description", () => {
  it('every operation it describes that our interface covers is called', () => {
    const called = new Set(logged.map((r) => vendor.find(r.method, vendorPath(r.path))?.operation.operationId));
    const missing = vendor.operations.map((o) => o.operation.operationId).filter((id) => !called.has(id));
    console.log(
      `openapi: ${called.size - (called.has(undefined) ? 1 : 0)} of ${vendor.operations.length} operations called`,
    );
    expect(missing).toEqual([]);
  });

  it("every request the client built fits the operation's parameters and body", () => {
    const found: Mismatch[] = [];
    for (const request of logged.filter((r) => r.path.startsWith('/v2'))) {
      const path = vendorPath(request.path);
      const op = vendor.find(request.method, path);
      if (!op) {
        found.push(unknownOperation(request.method, request.path));
        continue;
      }
      found.push(...vendor.checkRequest(op, path, request.query ?? {}, request.body));
    }
    const left = unexplained(found);
    console.log(`openapi: ${logged.length} requests checked, ${found.length} differences, ${left.length} not named`);
    expect([...new Set(left.map(describeMismatch))]).toEqual([]);
  });

  it("every answer the sandbox gave fits the operation's response schema", () => {
    const found: Mismatch[] = [];
    for (const exchange of exchanges) {
      const path = vendorPath(exchange.url.pathname);
      const op = vendor.find(exchange.method, path);
      if (!op) {
        found.push(unknownOperation(exchange.method, exchange.url.pathname));
        continue;
      }
      const body: unknown = exchange.text ? JSON.parse(exchange.text) : {};
      found.push(...vendor.checkResponse(op, exchange.status, body));
    }
    const left = unexplained(found);
    console.log(`openapi: ${exchanges.length} answers checked, ${found.length} differences, ${left.length} not named`);
    expect([...new Set(left.map(describeMismatch))]).toEqual([]);
  });

  it('names no deviation that nothing needs any more', () => {
    const stale = DEVIATIONS.filter((d) => !used.has(d)).map((d) => `${d.operation} ${d.side} ${d.at} [${d.kind}]`);
    expect(stale).toEqual([]);
  });
});
