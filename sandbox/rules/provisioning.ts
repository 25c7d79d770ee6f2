// The provisioning lifecycle: an add request's outcome is decided when it is submitted, revealed when
// its processing time passes, and a completed one creates the location, services and listings.
import { ApiError, CODES } from '../envelope.ts';
import {
  type Account,
  type AddRequest,
  type AvailableService,
  DAY_MS,
  isoDateTimeNoZone,
  type Location,
  type NewLocationData,
  type Service,
} from '../model.ts';
import type { Store } from '../store.ts';

export type AddRequestDraft = Omit<
  AddRequest,
  'id' | 'status' | 'statusDetail' | 'dateSubmitted' | 'dateCompleted' | 'processAtMs'
>;

const str = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : undefined);

/**
 * The location an add request's newLocationData describes: the vendor's flat fields (locationName or name,
 * address, city, state, zip, countryCode or country, categoryIds) or the nested address form (categories).
 */
export function locationDataOf(data: Record<string, unknown>): NewLocationData {
  const nested = (data.address && typeof data.address === 'object' ? data.address : {}) as Record<string, unknown>;
  const pick = (...values: unknown[]) => values.map(str).find((v) => v !== undefined);
  const address = {
    line1: pick(typeof data.address === 'string' ? data.address : undefined, nested.line1),
    line2: pick(data.address2, nested.line2),
    city: pick(data.city, nested.city),
    region: pick(data.state, nested.region),
    postalCode: pick(data.zip, nested.postalCode),
    countryCode: pick(data.countryCode, data.country, nested.countryCode),
  };
  const rawCategories = data.categoryIds ?? data.categories;
  const categories = (Array.isArray(rawCategories) ? rawCategories.map(str) : (str(rawCategories)?.split(',') ?? []))
    .map((c) => c?.trim())
    .filter((c): c is string => Boolean(c));
  return {
    ...(data as NewLocationData),
    name: pick(data.name, data.locationName),
    categories,
    address: Object.fromEntries(Object.entries(address).filter(([, v]) => v !== undefined)),
    phone: pick(data.phone),
  };
}

/**
 * The agreement of a request that names none: the vendor "sets it automatically". The sandbox takes the
 * catalog's agreement of the first sku the account may have (else the catalog's first agreement).
 */
export function chosenAgreement(store: Store, account: Account, skus: string[]): number {
  const catalog = catalogFor(store, account);
  const known = skus.map((sku) => catalog.find((s) => s.sku === sku)).find((s) => s !== undefined);
  return (known ?? catalog[0] ?? store.state.availableServices[0])?.agreementId ?? 0;
}

/** The services the account's customer may be provisioned with. */
export function catalogFor(store: Store, account: Account): AvailableService[] {
  const skus = store.rootAccount(account).availableSkus;
  return store.state.availableServices.filter((s) => skus.includes(s.sku));
}

/** Decided at submission so the outcome is deterministic; revealed when processing ends. */
export function decideOutcome(
  store: Store,
  account: Account,
  skus: string[],
  /** The agreement the request named; undefined when the sandbox chose it. */
  agreementId: number | undefined,
  locationId: string,
  duplicate: boolean,
): AddRequest['outcome'] {
  const catalog = catalogFor(store, account);
  const missing = skus.find((sku) => !catalog.some((s) => s.sku === sku));
  if (missing) return { status: 'CANCELED', statusDetail: `SKU not available to this account: ${missing}` };
  if (agreementId !== undefined) {
    const uncovered = skus.find(
      (sku) => String(catalog.find((s) => s.sku === sku)?.agreementId) !== String(agreementId),
    );
    if (uncovered)
      return { status: 'CANCELED', statusDetail: `Agreement ${agreementId} does not cover SKU ${uncovered}` };
  }
  const active = skus.find((sku) =>
    store.state.services.some((s) => s.locationId === locationId && s.sku === sku && s.status === 'ACTIVE'),
  );
  if (active)
    return { status: 'CANCELED', statusDetail: `Location ${locationId} already has an active ${active} service` };
  if (duplicate) {
    return {
      status: 'REVIEW',
      statusDetail: 'Potential duplicate location found; the request is under review (up to 48 hours)',
    };
  }
  return { status: 'COMPLETED', statusDetail: '' };
}

export function submitAddRequest(store: Store, draft: AddRequestDraft): AddRequest {
  const now = store.nowMs();
  const request: AddRequest = {
    ...draft,
    id: store.state.nextIds.addRequest++,
    status: 'PROCESSING',
    statusDetail: '',
    dateSubmitted: isoDateTimeNoZone(now),
    dateCompleted: '',
    processAtMs: now + store.addRequestProcessingMs,
  };
  store.state.addRequests.push(request);
  store.changed();
  return request;
}

/** The interface: REVIEW is resolved within 48 hours. Unresolved by then, the sandbox's review finds no duplicate. */
export const REVIEW_ENDS_AFTER_MS = 2 * DAY_MS - 60 * 60_000;

/** Moves add requests whose processing (or review) time has passed; runs before every request. */
export function advanceAddRequests(store: Store): void {
  const now = store.nowMs();
  let moved = false;
  for (const request of store.state.addRequests) {
    // processAtMs is also when REVIEW began.
    if (request.status === 'REVIEW' && request.processAtMs + REVIEW_ENDS_AFTER_MS <= now) {
      moved = true;
      finishAddRequest(store, request, 'COMPLETED', 'Review found no duplicate location');
      continue;
    }
    if (request.status !== 'PROCESSING' || request.processAtMs > now) continue;
    moved = true;
    if (request.outcome.status === 'REVIEW') {
      request.status = 'REVIEW';
      request.statusDetail = request.outcome.statusDetail;
    } else {
      finishAddRequest(store, request, request.outcome.status, request.outcome.statusDetail);
    }
  }
  if (moved) store.changed();
}

export function finishAddRequest(
  store: Store,
  request: AddRequest,
  status: 'COMPLETED' | 'CANCELED',
  statusDetail: string,
): void {
  request.status = status;
  request.statusDetail = statusDetail;
  request.dateCompleted = isoDateTimeNoZone(store.nowMs());
  if (status === 'COMPLETED') completeAddRequest(store, request);
  store.changed();
}

function completeAddRequest(store: Store, request: AddRequest): void {
  const s = store.state;
  let locationId = request.existingLocationId;
  let locationAccountId = request.existingLocationAccountId;
  if (request.locationMode === 'NEW') {
    locationId = request.newLocationId;
    locationAccountId = request.newLocationAccountId || request.accountId;
    if (!store.account(locationAccountId)) {
      const parent = store.account(request.accountId);
      s.accounts.push({
        accountId: locationAccountId,
        accountName: request.newLocationAccountName || `Account ${locationAccountId}`,
        parentAccountId: request.accountId,
        contactFirstName: '',
        contactLastName: '',
        contactPhone: '',
        contactEmail: '',
        listingsSubscription: false,
        availableSkus: parent ? [...store.rootAccount(parent).availableSkus] : [],
      });
    }
    s.locations.push(newLocation(locationId, locationAccountId, locationDataOf(request.newLocationData ?? {})));
  }
  const today = store.today();
  let addsListings = false;
  for (const sku of request.skus) {
    const catalog = s.availableServices.find((a) => a.sku === sku);
    if (!catalog) continue;
    if (sku.startsWith('PL-')) addsListings = true;
    s.services.push({
      id: s.nextIds.service++,
      locationId,
      locationAccountId,
      // A named agreement covers every sku (decideOutcome), so the catalog's is the request's where it named one.
      agreementId: catalog.agreementId,
      sku,
      serviceDescription: catalog.serviceDescription,
      started: today,
      stopped: '',
      stopOnDate: '',
      status: 'ACTIVE',
    });
  }
  const account = store.account(locationAccountId);
  if (addsListings && account) {
    account.listingsSubscription = true;
    store.addListings(
      s.publishers.map((publisher) => ({
        id: `${locationId}-${publisher.id}`,
        accountId: locationAccountId,
        locationId,
        publisherId: publisher.id,
        status: 'WAITING_ON_YEXT',
        listingUrl: '',
        screenShotUrl: 'Screenshot will be available once the listing is live',
        statusDetails: [],
      })),
    );
  }
}

function newLocation(id: string, accountId: string, data: NewLocationData): Location {
  return {
    id,
    accountId,
    name: data.name ?? id,
    address: {
      line1: data.address?.line1 ?? '',
      line2: data.address?.line2 ?? '',
      city: data.address?.city ?? '',
      region: data.address?.region ?? '',
      postalCode: data.address?.postalCode ?? '',
      countryCode: data.address?.countryCode ?? 'US',
    },
    phone: data.phone ?? '',
    hours: data.hours ?? '',
    websiteUrl: data.websiteUrl ?? '',
    description: data.description ?? '',
    categories: data.categories ?? [],
    folderId: '',
    possibleDuplicate: false,
  };
}

/** The date a service's minimum usage commitment is met. */
export function commitmentEnd(started: string, catalog: AvailableService | undefined): Date {
  const date = new Date(`${started}T00:00:00Z`);
  if (!catalog) return date;
  if (catalog.minimumUsageUnit === 'DAYS') {
    date.setUTCDate(date.getUTCDate() + catalog.minimumUsage);
    return date;
  }
  // A month on from 31 January is 28 (29) February, not 3 March: the day is kept within the target month.
  const end = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + catalog.minimumUsage, 1));
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return end;
}

const normalized = (value: string | undefined) => (value ?? '').trim().toLowerCase().replace(/\s+/g, ' ');

/** The seeded "possible duplicate" rule: a new location named like, or at the address of, an existing one. */
export function isPossibleDuplicate(store: Store, accountIds: string[], data: NewLocationData): boolean {
  const name = normalized(data.name);
  const line1 = normalized(data.address?.line1);
  const postalCode = normalized(data.address?.postalCode);
  const city = normalized(data.address?.city);
  return store.state.locations.some(
    (l) =>
      accountIds.includes(l.accountId) &&
      ((name !== '' && normalized(l.name) === name) ||
        (line1 !== '' &&
          normalized(l.address.line1) === line1 &&
          (normalized(l.address.postalCode) === postalCode || normalized(l.address.city) === city))),
  );
}

/** Stops the location's matching active services, or none when any is still within its commitment. */
export function cancelServices(
  store: Store,
  locationId: string,
  skus: string[] | undefined,
  agreementId: number | undefined,
): Service[] {
  const matches = (s: Service) =>
    s.locationId === locationId &&
    (!skus || skus.includes(s.sku)) &&
    (agreementId === undefined || s.agreementId === agreementId);
  const targets = store.state.services.filter((s) => matches(s) && s.status === 'ACTIVE');
  // A named sku whose only service was stopped: say so, since a stopped service cannot be started again.
  const alreadyStopped = (skus ?? [])
    .filter((sku) => !targets.some((t) => t.sku === sku))
    .map((sku) => store.state.services.find((s) => matches(s) && s.sku === sku && s.status === 'STOPPED'))
    .find((s) => s !== undefined);
  if (alreadyStopped) {
    throw new ApiError(
      409,
      CODES.SERVICE_STOPPED,
      `Service ${alreadyStopped.id} (${alreadyStopped.sku}) on location ${locationId} was already stopped on ${alreadyStopped.stopped}; a stopped service cannot be canceled or restarted (send a new add request instead)`,
    );
  }
  if (targets.length === 0) {
    throw new ApiError(400, CODES.NO_ACTIVE_SERVICE, `No active service matches on location ${locationId}`);
  }
  const now = store.nowMs();
  for (const service of targets) {
    const end = commitmentEnd(
      service.started,
      store.state.availableServices.find((a) => a.sku === service.sku),
    );
    if (end.getTime() > now) {
      throw new ApiError(
        409,
        CODES.MINIMUM_COMMITMENT,
        `Service ${service.id} (${service.sku}) cannot be canceled before ${end.toISOString().slice(0, 10)}: its minimum usage commitment is not met`,
      );
    }
  }
  const today = store.today();
  for (const service of targets) {
    service.status = 'STOPPED';
    service.stopped = today;
    service.stopOnDate = today;
  }
  store.changed();
  return targets;
}
