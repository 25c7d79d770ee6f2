// Provisioning: available services, accounts, add requests (existing and new location), cancel.
import type { Hono } from 'hono';
import { ApiError, CODES, ok } from '../envelope.ts';
import { jsonBody, resolveAccount, type SandboxEnv } from '../guard.ts';
import {
  type Account,
  type AddRequest,
  type AvailableService,
  isoDateTimeNoZone,
  type NewLocationData,
  type Service,
  type Store,
} from '../state.ts';

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
    ...(r.locationMode === 'NEW' ? { newLocationData: r.newLocationData } : {}),
    skus: [...r.skus],
    agreementId: r.agreementId,
    status: r.status,
    statusDetail: r.statusDetail,
    dateSubmitted: r.dateSubmitted,
    dateCompleted: r.dateCompleted,
  };
}

const publicService = (s: Service) => ({ ...s });

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

function agreementOf(body: Record<string, unknown>): number | string {
  const value = body.agreementId;
  return typeof value === 'number' || typeof value === 'string' ? value : '';
}

/** The date a service's minimum usage commitment is met. */
export function commitmentEnd(started: string, catalog: AvailableService | undefined): Date {
  const date = new Date(`${started}T00:00:00Z`);
  if (!catalog) return date;
  if (catalog.minimumUsageUnit === 'DAYS') date.setUTCDate(date.getUTCDate() + catalog.minimumUsage);
  else date.setUTCMonth(date.getUTCMonth() + catalog.minimumUsage);
  return date;
}

export function provisioningRoutes(app: Hono<SandboxEnv>, store: Store): void {
  const catalogFor = (account: Account) => {
    const skus = store.rootAccount(account).availableSkus;
    return store.state.availableServices.filter((s) => skus.includes(s.sku));
  };

  /** Decided at submission so the outcome is deterministic; revealed when processing ends. */
  const decide = (
    account: Account,
    skus: string[],
    agreementId: number | string,
    locationId: string,
    duplicate: boolean,
  ): AddRequest['outcome'] => {
    const catalog = catalogFor(account);
    const missing = skus.find((sku) => !catalog.some((s) => s.sku === sku));
    if (missing) return { status: 'CANCELED', statusDetail: `SKU not available to this account: ${missing}` };
    if (agreementId !== '') {
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
  };

  const submit = (
    request: Omit<AddRequest, 'id' | 'status' | 'statusDetail' | 'dateSubmitted' | 'dateCompleted' | 'processAtMs'>,
  ) => {
    const now = store.nowMs();
    const full: AddRequest = {
      ...request,
      id: store.state.nextIds.addRequest++,
      status: 'PROCESSING',
      statusDetail: '',
      dateSubmitted: isoDateTimeNoZone(now),
      dateCompleted: '',
      processAtMs: now + store.addRequestProcessingMs,
    };
    store.state.addRequests.push(full);
    store.changed();
    return ok(publicAddRequest(full));
  };

  app.get(`${BASE}/availableservices`, (c) => {
    const services = catalogFor(resolveAccount(c, store)).map((s) => ({ ...s, addOnTo: [...s.addOnTo] }));
    return ok({ count: services.length, availableServices: services });
  });

  const listAccounts = (c: Parameters<typeof resolveAccount>[0]) => {
    const token = c.get('token');
    const accounts = store.accountTree(token.accountId).map((a) => ({
      accountId: a.accountId,
      accountName: a.accountName,
      locationCount: store.state.locations.filter((l) => l.accountId === a.accountId).length,
      subAccountCount: store.state.accounts.filter((s) => s.parentAccountId === a.accountId).length,
      parentAccountId: a.parentAccountId,
      contactFirstName: a.contactFirstName,
      contactLastName: a.contactLastName,
      contactPhone: a.contactPhone,
      contactEmail: a.contactEmail,
    }));
    return ok({ count: accounts.length, accounts });
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
    const agreementId = agreementOf(body);
    return submit({
      accountId: account.accountId,
      locationMode: 'EXISTING',
      existingLocationId,
      existingLocationAccountId: location.accountId,
      newLocationId: '',
      newLocationAccountId: '',
      newLocationAccountName: '',
      newLocationData: null,
      skus,
      agreementId,
      outcome: decide(account, skus, agreementId, location.id, location.possibleDuplicate),
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
    const locationData = data as NewLocationData;
    if (typeof locationData.name !== 'string' || !locationData.name.trim()) {
      throw new ApiError(400, CODES.MISSING_FIELD, 'Missing required field: newLocationData.name');
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
    const name = locationData.name.trim().toLowerCase();
    const duplicate = store.state.locations.some((l) => tree.includes(l.accountId) && l.name.toLowerCase() === name);
    const agreementId = agreementOf(body);
    return submit({
      accountId: account.accountId,
      locationMode: 'NEW',
      existingLocationId: '',
      existingLocationAccountId: '',
      newLocationId,
      newLocationAccountId,
      newLocationAccountName,
      newLocationData: locationData,
      skus,
      agreementId,
      outcome: decide(account, skus, agreementId, newLocationId, duplicate),
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
    const targets = store.state.services.filter(
      (s) =>
        s.locationId === locationId &&
        s.status === 'ACTIVE' &&
        (!skus || skus.includes(s.sku)) &&
        (agreementId === '' || String(s.agreementId) === String(agreementId)),
    );
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
    return ok(targets.map(publicService));
  });
}
