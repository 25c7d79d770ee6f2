// Provisioning: available services, accounts, add requests (existing and new location), cancel.
import type { SandboxApp, SandboxDeps } from '../deps.ts';
import { ApiError, CODES, ok } from '../envelope.ts';
import { intParam, jsonBody, resolveAccount } from '../guard.ts';
import type { AddRequest, Service } from '../model.ts';
import {
  type AddRequestDraft,
  cancelServices,
  catalogFor,
  chosenAgreement,
  decideOutcome,
  finishAddRequest,
  isPossibleDuplicate,
  locationDataOf,
  submitAddRequest,
} from '../rules/provisioning.ts';

const BASE = '/v2/accounts/:accountId';

function publicAddRequest(r: AddRequest) {
  return {
    id: r.id,
    locationMode: r.locationMode,
    existingLocationId: r.existingLocationId,
    existingLocationAccountId: r.existingLocationAccountId,
    newLocationId: r.newLocationId,
    newLocationAccountId: r.newLocationAccountId,
    newLocationAccountName: r.newLocationAccountName,
    // Echoed in the form it was sent (the vendor's flat location fields), not the sandbox's own.
    ...(r.locationMode === 'NEW' && r.newLocationData ? { newLocationData: r.newLocationData } : {}),
    skus: [...r.skus],
    agreementId: r.agreementId,
    status: r.status,
    statusDetail: r.statusDetail,
    dateSubmitted: r.dateSubmitted,
    dateCompleted: r.dateCompleted,
  };
}

/** The vendor marks stopped and stopOnDate optional dates: absent, not '', while a service runs. */
function publicService(s: Service) {
  const { stopped, stopOnDate, ...rest } = s;
  return { ...rest, ...(stopped ? { stopped } : {}), ...(stopOnDate ? { stopOnDate } : {}) };
}

function text(body: Record<string, unknown>, name: string): string {
  const value = body[name];
  return typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
}

function skuList(body: Record<string, unknown>, requiredField: boolean): string[] | undefined {
  const value = body.skus;
  if (value === undefined && !requiredField) return undefined;
  const list = Array.isArray(value)
    ? value.filter((v) => typeof v === 'string' && v.trim()).map((v) => (v as string).trim())
    : typeof value === 'string'
      ? value
          .replace(/^\[|\]$/g, '')
          .split(',')
          .map((v) => v.trim())
          .filter(Boolean)
      : [];
  if (list.length === 0)
    throw new ApiError(400, CODES.MISSING_FIELD, 'Missing required field: skus (a non-empty list)');
  return list;
}

/**
 * The agreement a body names, or undefined. The vendor's field is an integer; a string of digits is read as one
 * (JSON readers coerce it), anything else is refused as the vendor refuses a wrong type.
 */
function agreementOf(body: Record<string, unknown>): number | undefined {
  const value = body.agreementId;
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (typeof value === 'string' && /^\d{1,15}$/.test(value.trim())) return Number(value);
  throw new ApiError(400, CODES.INVALID_PARAMETER, 'Invalid field agreementId: expected an integer');
}

/** The vendor's add request statuses; COMPLETED (the interface's spelling, which the sandbox keeps) too. */
function addRequestStatusFilter(value: string | undefined): AddRequest['status'] | undefined {
  if (value === undefined) return undefined;
  const status = value.toUpperCase() === 'COMPLETE' ? 'COMPLETED' : value.toUpperCase();
  const known = ['SUBMITTED', 'PROCESSING', 'COMPLETED', 'CANCELED', 'REVIEW', 'FAILED'];
  if (!known.includes(status)) {
    throw new ApiError(400, CODES.INVALID_PARAMETER, `Invalid parameter status: expected one of ${known.join(', ')}`);
  }
  return status as AddRequest['status'];
}

function serviceStatusFilter(value: string | undefined): 'ACTIVE' | 'STOPPED' | 'ALL' {
  const status = (value ?? 'ACTIVE').toUpperCase();
  if (status !== 'ACTIVE' && status !== 'STOPPED' && status !== 'ALL') {
    throw new ApiError(400, CODES.INVALID_PARAMETER, 'Invalid parameter status: expected ACTIVE, STOPPED or ALL');
  }
  return status;
}

function integerFilter(query: URLSearchParams, name: string): number | undefined {
  const value = oneValue(query, name);
  if (value === undefined) return undefined;
  if (!/^\d{1,15}$/.test(value))
    throw new ApiError(400, CODES.INVALID_PARAMETER, `Invalid parameter ${name}: not an integer`);
  return Number(value);
}

/** One value of a filter the vendor defines (a repeated or listed value is not read as several). */
function oneValue(query: URLSearchParams, name: string): string | undefined {
  const value = query.get(name)?.trim();
  return value ? value : undefined;
}

export function register(app: SandboxApp, { store }: SandboxDeps): void {
  const submitted = (draft: AddRequestDraft) => ok(publicAddRequest(submitAddRequest(store, draft)));

  app.get(`${BASE}/availableservices`, (c) => {
    const services = catalogFor(store, resolveAccount(c, store)).map((s) => ({ ...s, addOnTo: [...s.addOnTo] }));
    return ok({ count: services.length, availableServices: services });
  });

  const listAccounts = (c: Parameters<typeof resolveAccount>[0]) => {
    const token = c.get('token');
    const query = new URL(c.req.url).searchParams;
    // The vendor's paging: 100 unless told, at most 1000; `name`: accounts whose name contains it (adminapi listAccounts).
    const limit = intParam(query, 'limit', 100, 1, 1000);
    const offset = intParam(query, 'offset', 0, 0, Number.MAX_SAFE_INTEGER);
    const name = oneValue(query, 'name')?.toLowerCase();
    const tree = store.accountTree(token.accountId).filter((a) => !name || a.accountName.toLowerCase().includes(name));
    const accounts = tree.slice(offset, offset + limit).map((a) => ({
      accountId: a.accountId,
      accountName: a.accountName,
      locationCount: store.state.locations.filter((l) => l.accountId === a.accountId).length,
      subAccountCount: store.state.accounts.filter((s) => s.parentAccountId === a.accountId).length,
      // The vendor's field is "not provided if this is a top-level account".
      ...(a.parentAccountId ? { parentAccountId: a.parentAccountId } : {}),
      contactFirstName: a.contactFirstName,
      contactLastName: a.contactLastName,
      contactPhone: a.contactPhone,
      contactEmail: a.contactEmail,
    }));
    return ok({ count: tree.length, accounts });
  };
  app.get('/v2/accounts/', listAccounts);
  app.get('/v2/accounts', listAccounts);

  app.post(`${BASE}/existinglocationaddrequests`, async (c) => {
    const account = resolveAccount(c, store);
    const body = await jsonBody(c);
    const existingLocationId = text(body, 'existingLocationId');
    if (!existingLocationId) throw new ApiError(400, CODES.MISSING_FIELD, 'Missing required field: existingLocationId');
    const skus = skuList(body, true) as string[];
    const tree = store.accountTree(account.accountId).map((a) => a.accountId);
    const location = store.state.locations.find((l) => l.id === existingLocationId && tree.includes(l.accountId));
    if (!location) throw new ApiError(400, CODES.UNKNOWN_LOCATION, `Unknown location: ${existingLocationId}`);
    const claimedAccount = text(body, 'existingLocationAccountId');
    if (claimedAccount && claimedAccount !== location.accountId) {
      throw new ApiError(
        400,
        CODES.INVALID_PARAMETER,
        `Location ${existingLocationId} is not in account ${claimedAccount}`,
      );
    }
    const named = agreementOf(body);
    return submitted({
      accountId: account.accountId,
      locationMode: 'EXISTING',
      existingLocationId,
      existingLocationAccountId: location.accountId,
      newLocationId: '',
      newLocationAccountId: '',
      newLocationAccountName: '',
      newLocationData: null,
      skus,
      agreementId: named ?? chosenAgreement(store, account, skus),
      outcome: decideOutcome(store, account, skus, named, location.id, location.possibleDuplicate),
    });
  });

  app.post(`${BASE}/newlocationaddrequests`, async (c) => {
    const account = resolveAccount(c, store);
    const body = await jsonBody(c);
    const newLocationId = text(body, 'newLocationId');
    if (!newLocationId) throw new ApiError(400, CODES.MISSING_FIELD, 'Missing required field: newLocationId');
    const data = body.newLocationData;
    if (!data || typeof data !== 'object' || Array.isArray(data)) {
      throw new ApiError(400, CODES.MISSING_FIELD, 'Missing required field: newLocationData');
    }
    const locationData = locationDataOf(data as Record<string, unknown>);
    if (typeof locationData.name !== 'string' || !locationData.name.trim()) {
      throw new ApiError(400, CODES.MISSING_FIELD, 'Missing required field: newLocationData.name');
    }
    // The vendor's guide: a location has 1 to 10 categories, and a new one is created with them.
    const categoryCount = locationData.categories?.length ?? 0;
    if (categoryCount === 0 || categoryCount > 10) {
      throw new ApiError(400, CODES.MISSING_FIELD, 'Missing required field: newLocationData.categoryIds (1 to 10 ids)');
    }
    const skus = skuList(body, true) as string[];
    if (store.state.locations.some((l) => l.id === newLocationId)) {
      throw new ApiError(409, CODES.INVALID_PARAMETER, `A location with id ${newLocationId} already exists`);
    }
    const tree = store.accountTree(account.accountId).map((a) => a.accountId);
    const newLocationAccountId = text(body, 'newLocationAccountId') || account.accountId;
    const newLocationAccountName = text(body, 'newLocationAccountName');
    const existingAccount = store.account(newLocationAccountId);
    if (existingAccount && !tree.includes(newLocationAccountId)) {
      throw new ApiError(400, CODES.ACCOUNT_NOT_FOUND, `Account not found: ${newLocationAccountId}`);
    }
    if (!existingAccount && !newLocationAccountName) {
      throw new ApiError(
        400,
        CODES.MISSING_FIELD,
        'Missing required field: newLocationAccountName (for a new account)',
      );
    }
    const duplicate = isPossibleDuplicate(store, tree, locationData);
    const named = agreementOf(body);
    return submitted({
      accountId: account.accountId,
      locationMode: 'NEW',
      existingLocationId: '',
      existingLocationAccountId: '',
      newLocationId,
      newLocationAccountId,
      newLocationAccountName,
      newLocationData: data as Record<string, unknown>,
      skus,
      agreementId: named ?? chosenAgreement(store, account, skus),
      outcome: decideOutcome(store, account, skus, named, newLocationId, duplicate),
    });
  });

  const getAddRequest = (c: Parameters<typeof resolveAccount>[0]) => {
    const account = resolveAccount(c, store);
    const raw = c.req.param('addRequestId') ?? '';
    const tree = store.accountTree(account.accountId).map((a) => a.accountId);
    const request = store.state.addRequests.find((r) => String(r.id) === raw && tree.includes(r.accountId));
    if (!request) throw new ApiError(404, CODES.ADD_REQUEST_NOT_FOUND, `Add request not found: ${raw}`);
    return ok(publicAddRequest(request));
  };
  const listAddRequests = (c: Parameters<typeof resolveAccount>[0]) => {
    const account = resolveAccount(c, store);
    const query = new URL(c.req.url).searchParams;
    // The vendor's paging (100 unless told, at most 1000) and filters, one value each (adminapi listAddRequests).
    const limit = intParam(query, 'limit', 100, 1, 1000);
    const offset = intParam(query, 'offset', 0, 0, Number.MAX_SAFE_INTEGER);
    const status = addRequestStatusFilter(oneValue(query, 'status'));
    const sku = oneValue(query, 'sku');
    const locationId = oneValue(query, 'locationId');
    const agreementId = integerFilter(query, 'agreementId');
    const dates = {
      submittedAfter: oneValue(query, 'submittedAfter'),
      submittedBefore: oneValue(query, 'submittedBefore'),
      updatedAfter: oneValue(query, 'updatedAfter'),
      updatedBefore: oneValue(query, 'updatedBefore'),
    };
    const tree = store.accountTree(account.accountId).map((a) => a.accountId);
    const mine = store.state.addRequests.filter((r) => {
      // The sandbox keeps no separate update time: a request was last updated when it ended, else when it came.
      const updated = r.dateCompleted || r.dateSubmitted;
      return (
        tree.includes(r.accountId) &&
        (!status || r.status === status) &&
        (!sku || r.skus.includes(sku)) &&
        (!locationId || (r.locationMode === 'NEW' ? r.newLocationId : r.existingLocationId) === locationId) &&
        (agreementId === undefined || r.agreementId === agreementId) &&
        (!dates.submittedAfter || r.dateSubmitted > dates.submittedAfter) &&
        (!dates.submittedBefore || r.dateSubmitted < dates.submittedBefore) &&
        (!dates.updatedAfter || updated > dates.updatedAfter) &&
        (!dates.updatedBefore || updated < dates.updatedBefore)
      );
    });
    return ok({ count: mine.length, addRequests: mine.slice(offset, offset + limit).map(publicAddRequest) });
  };
  app.get(`${BASE}/addrequests`, listAddRequests);
  app.get(`${BASE}/addRequests`, listAddRequests);

  app.get(`${BASE}/services`, (c) => {
    const account = resolveAccount(c, store);
    const query = new URL(c.req.url).searchParams;
    // The vendor's paging (100 unless told, at most 1000) and filters, one value each; names it does not define
    // (locationIds, skus) are ignored as it ignores them. Without status: active services only (adminapi listServices).
    const limit = intParam(query, 'limit', 100, 1, 1000);
    const offset = intParam(query, 'offset', 0, 0, Number.MAX_SAFE_INTEGER);
    const status = serviceStatusFilter(oneValue(query, 'status'));
    const locationId = oneValue(query, 'locationId');
    const locationAccountId = oneValue(query, 'locationAccountId');
    const sku = oneValue(query, 'sku');
    const agreementId = integerFilter(query, 'agreementId');
    const tree = store.accountTree(account.accountId).map((a) => a.accountId);
    const matching = store.state.services.filter(
      (s) =>
        tree.includes(s.locationAccountId) &&
        (status === 'ALL' || s.status === status) &&
        (!locationId || s.locationId === locationId) &&
        (!locationAccountId || s.locationAccountId === locationAccountId) &&
        (!sku || s.sku === sku) &&
        (agreementId === undefined || s.agreementId === agreementId),
    );
    return ok({ count: matching.length, services: matching.slice(offset, offset + limit).map(publicService) });
  });

  // Sandbox-only in the vendor's service too: resolves a request in REVIEW. The id may be a number (the
  // vendor's type) or a string, the status COMPLETE (the vendor's) or COMPLETED (the interface's).
  app.post(`${BASE}/processaddrequest`, async (c) => {
    const account = resolveAccount(c, store);
    const body = await jsonBody(c);
    const id = text(body, 'addRequestId');
    if (!id) throw new ApiError(400, CODES.MISSING_FIELD, 'Missing required field: addRequestId');
    const raw = text(body, 'status').toUpperCase();
    const status = raw === 'COMPLETE' ? 'COMPLETED' : raw;
    if (status !== 'COMPLETED' && status !== 'CANCELED') {
      throw new ApiError(400, CODES.INVALID_PARAMETER, 'Invalid field status: expected COMPLETED or CANCELED');
    }
    const tree = store.accountTree(account.accountId).map((a) => a.accountId);
    const request = store.state.addRequests.find((r) => String(r.id) === id && tree.includes(r.accountId));
    if (!request) throw new ApiError(404, CODES.ADD_REQUEST_NOT_FOUND, `Add request not found: ${id}`);
    if (request.status !== 'REVIEW') {
      throw new ApiError(
        409,
        CODES.ADD_REQUEST_NOT_IN_REVIEW,
        `Add request ${id} is ${request.status}; only a request in REVIEW can be processed`,
      );
    }
    finishAddRequest(store, request, status, status === 'CANCELED' ? 'Duplicate confirmed during review' : '');
    // The vendor's reference answers an EmptyResponse: the caller reads the add request to see its end.
    return ok({});
  });

  app.get(`${BASE}/addRequests/:addRequestId`, getAddRequest);
  app.get(`${BASE}/addrequests/:addRequestId`, getAddRequest);

  app.post(`${BASE}/cancelservices`, async (c) => {
    const account = resolveAccount(c, store);
    const body = await jsonBody(c);
    const locationId = text(body, 'locationId');
    if (!locationId) throw new ApiError(400, CODES.MISSING_FIELD, 'Missing required field: locationId');
    const tree = store.accountTree(account.accountId).map((a) => a.accountId);
    const location = store.state.locations.find((l) => l.id === locationId && tree.includes(l.accountId));
    if (!location) throw new ApiError(400, CODES.UNKNOWN_LOCATION, `Unknown location: ${locationId}`);
    const claimedAccount = text(body, 'locationAccountId');
    if (claimedAccount && claimedAccount !== location.accountId) {
      throw new ApiError(400, CODES.INVALID_PARAMETER, `Location ${locationId} is not in account ${claimedAccount}`);
    }
    const skus = skuList(body, false);
    const agreementId = agreementOf(body);
    const targets = cancelServices(store, locationId, skus, agreementId);
    return ok(targets.map(publicService));
  });
}
