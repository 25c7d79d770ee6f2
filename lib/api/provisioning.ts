import { isTerminalAddRequestStatus, nextPollDelayMs } from './add-request-schedule.ts';
import { type ApiClient, type ApiResult, accountPath, type CallOptions, sleep } from './client.ts';
import { arrayReader } from './lists.ts';
import { pagedList } from './paged-list.ts';
import type { FetchAllOptions } from './paging.ts';
import { itemReader, itemSchema } from './schemas-common.ts';
import type { Paging } from './users.ts';

/** Known values (interface document and public record); unknown ones are shown verbatim as pending. */
export const ADD_REQUEST_STATUSES = ['SUBMITTED', 'PROCESSING', 'REVIEW', 'COMPLETED', 'CANCELED', 'FAILED'] as const;

export { isTerminalAddRequestStatus, nextPollDelayMs } from './add-request-schedule.ts';

export const SERVICE_STATUSES = ['ACTIVE', 'STOPPED'] as const;
/** The public reference pages services and add requests by limit/offset; 50 is the largest page asked for. */
export const PROVISIONING_PAGE_SIZE = 50;
/** The vendor's largest page of accounts (its default is 100): one request for almost every agency. */
export const ACCOUNTS_PAGE_SIZE = 1000;

export interface AvailableService {
  sku: string;
  agreementId?: string;
  serviceDescription?: string;
  recipientType?: string;
  minimumUsage?: number | string;
  minimumUsageUnit?: string;
  addOnTo?: string[];
  [field: string]: unknown;
}

// minimumUsageUnit is also seen spelled minimumUsageUnits: both become minimumUsageUnit.
export const availableServiceReader = itemReader<AvailableService>('available services', {
  required: { sku: 'string' },
  optional: {
    agreementId: 'id',
    serviceDescription: 'string',
    recipientType: 'string',
    minimumUsage: 'value',
    minimumUsageUnit: 'string',
    addOnTo: 'ids',
  },
  aliases: { minimumUsageUnits: 'minimumUsageUnit' },
});
export const AvailableServiceSchema = itemSchema(availableServiceReader);

export interface Account {
  accountId: string;
  accountName?: string;
  locationCount?: number;
  subAccountCount?: number;
  parentAccountId?: string;
  [field: string]: unknown;
}

export const accountReader = itemReader<Account>('accounts', {
  required: { accountId: 'id' },
  optional: { accountName: 'string', locationCount: 'number', subAccountCount: 'number', parentAccountId: 'id' },
});
export const AccountSchema = itemSchema(accountReader);

export interface AddRequest {
  id: string;
  status: string;
  locationMode?: string;
  existingLocationId?: string;
  newLocationId?: string;
  newLocationAccountId?: string;
  newLocationAccountName?: string;
  skus?: string[];
  agreementId?: string;
  statusDetail?: string;
  dateSubmitted?: string;
  dateCompleted?: string;
  [field: string]: unknown;
}

// COMPLETE (public record) and COMPLETED (interface document) mean the same: one value downstream.
const completion = (status: unknown) => (status === 'COMPLETE' ? 'COMPLETED' : status);

export const addRequestReader = itemReader<AddRequest>('add requests', {
  required: { id: 'id', status: 'string' },
  optional: {
    status: completion,
    locationMode: 'string',
    existingLocationId: 'id',
    newLocationId: 'id',
    newLocationAccountId: 'id',
    newLocationAccountName: 'string',
    skus: 'strings',
    agreementId: 'id',
    statusDetail: 'string',
    dateSubmitted: 'string',
    dateCompleted: 'string',
  },
});
export const AddRequestSchema = itemSchema(addRequestReader);

export interface Service {
  id: string;
  locationId?: string;
  locationAccountId?: string;
  agreementId?: string;
  sku?: string;
  serviceDescription?: string;
  started?: string;
  stopped?: string;
  stopOnDate?: string;
  status?: string;
  [field: string]: unknown;
}

export const serviceReader = itemReader<Service>('services', {
  required: { id: 'id' },
  optional: {
    locationId: 'id',
    locationAccountId: 'id',
    agreementId: 'id',
    sku: 'string',
    serviceDescription: 'string',
    started: 'string',
    stopped: 'string',
    stopOnDate: 'string',
    status: 'string',
  },
});
export const ServiceSchema = itemSchema(serviceReader);

const readAvailableServices = arrayReader('availableServices', availableServiceReader);
const readServices = arrayReader('services', serviceReader);

export interface ExistingLocationAddRequest {
  existingLocationId: string;
  existingLocationAccountId?: string;
  skus: string[];
  agreementId?: string | number;
}

export interface NewLocationAddRequest {
  newLocationId: string;
  newLocationAccountId?: string;
  newLocationAccountName?: string;
  newLocationData?: Record<string, unknown>;
  skus: string[];
  agreementId?: string | number;
}

export interface CancelServicesRequest {
  locationId: string;
  locationAccountId?: string;
  /** An integer in the vendor's OpenAPI: send a number (wireId in lib/shared/provisioning/agreements.ts). */
  agreementId?: string | number;
  /** Omitted: every service of the location is canceled. */
  skus?: string[];
}

export interface PollOptions {
  /** When to ask again; the tracker's schedule (fast, then backing off in REVIEW) unless told. */
  delayMs?: (status: string, inStatusMs: number) => number | null;
  signal?: AbortSignal;
  onUpdate?: (addRequest: AddRequest) => void;
}

/** The vendor's filters on services, each one value (adminapi `listServices`); none: every active service. */
export interface ServiceFilters extends Paging {
  locationId?: string;
  locationAccountId?: string;
  sku?: string;
  /** Without it the service lists ACTIVE services only. */
  status?: 'ACTIVE' | 'STOPPED' | 'ALL';
  agreementId?: string | number;
}

export interface ServicesPage {
  count: number;
  services: Service[];
}

export interface AccountsPage {
  count: number;
  accounts: Account[];
}

export interface AddRequestsPage {
  count: number;
  addRequests: AddRequest[];
}

const services = pagedList({
  noun: 'services',
  item: serviceReader,
  pageSize: PROVISIONING_PAGE_SIZE,
  where: ({
    accountId,
    locationId,
    locationAccountId,
    sku,
    status,
    agreementId,
  }: { accountId: string } & ServiceFilters) => ({
    path: accountPath(accountId, 'services'),
    ids: { 'account id': accountId },
    query: { locationId, locationAccountId, sku, status, agreementId },
  }),
});
const accounts = pagedList({
  noun: 'accounts',
  item: accountReader,
  pageSize: ACCOUNTS_PAGE_SIZE,
  // Recorded answers list accounts without a count (a bare array, or {accounts}): those are every account.
  wholeWithoutCount: true,
  // The interface document's path, trailing slash included; the vendor's file writes /accounts.
  where: () => ({ path: 'v2/accounts/' }),
});
// One add request the client cannot read is left out with a warning, as on every other list.
const addRequests = pagedList({
  noun: 'addRequests',
  item: addRequestReader,
  pageSize: PROVISIONING_PAGE_SIZE,
  where: ({ accountId }: { accountId: string }) => ({
    // The vendor's lower-case path; the interface document writes addRequests only for the get.
    path: accountPath(accountId, 'addrequests'),
    ids: { 'account id': accountId },
  }),
});

export function listAvailableServices(
  client: ApiClient,
  accountId = 'me',
  options?: CallOptions,
): Promise<ApiResult<AvailableService[]>> {
  return client.request(
    {
      operation: 'listAvailableServices',
      method: 'GET',
      path: accountPath(accountId, 'availableservices'),
      ids: { 'account id': accountId },
      read: readAvailableServices,
    },
    options,
  );
}

/** One page of the token's account and its sub-accounts (the vendor's default page is 100: page to the end). */
export function listAccounts(
  client: ApiClient,
  paging: Paging = {},
  options?: CallOptions,
): Promise<ApiResult<AccountsPage>> {
  return accounts.list(client, paging, options);
}

/** Every account of the token's tree, page after page; `incomplete` says which pages could not be had. */
export function fetchAllAccounts(client: ApiClient, options: FetchAllOptions<Account> = {}) {
  return accounts.fetchAll(client, {}, options);
}

export function createExistingLocationAddRequest(
  client: ApiClient,
  accountId: string,
  body: ExistingLocationAddRequest,
  options?: CallOptions,
): Promise<ApiResult<AddRequest>> {
  return client.request(
    {
      operation: 'createExistingLocationAddRequest',
      method: 'POST',
      path: accountPath(accountId, 'existinglocationaddrequests'),
      ids: { 'account id': accountId },
      json: body,
      schema: AddRequestSchema,
      creates: true,
    },
    options,
  );
}

export function createNewLocationAddRequest(
  client: ApiClient,
  accountId: string,
  body: NewLocationAddRequest,
  options?: CallOptions,
): Promise<ApiResult<AddRequest>> {
  return client.request(
    {
      operation: 'createNewLocationAddRequest',
      method: 'POST',
      path: accountPath(accountId, 'newlocationaddrequests'),
      ids: { 'account id': accountId },
      json: body,
      schema: AddRequestSchema,
      creates: true,
    },
    options,
  );
}

export function getAddRequest(
  client: ApiClient,
  accountId: string,
  addRequestId: string,
  options?: CallOptions,
): Promise<ApiResult<AddRequest>> {
  return client.request(
    {
      operation: 'getAddRequest',
      method: 'GET',
      // The interface document's addRequests; the vendor's OpenAPI writes addrequests (vendor-facts.md, Add requests).
      path: accountPath(accountId, 'addRequests', addRequestId),
      ids: { 'account id': accountId, 'add request id': addRequestId },
      schema: AddRequestSchema,
    },
    options,
  );
}

/** Immediate and final; not possible before the minimum commitment is met. */
export function cancelServices(
  client: ApiClient,
  accountId: string,
  body: CancelServicesRequest,
  options?: CallOptions,
): Promise<ApiResult<Service[]>> {
  return client.request(
    {
      operation: 'cancelServices',
      method: 'POST',
      path: accountPath(accountId, 'cancelservices'),
      ids: { 'account id': accountId },
      json: body,
      read: readServices,
    },
    options,
  );
}

/** Services provisioned through the account, one page; filtered by one location, one sku, a status. */
export function listServices(
  client: ApiClient,
  accountId = 'me',
  filters: ServiceFilters = {},
  options?: CallOptions,
): Promise<ApiResult<ServicesPage>> {
  return services.list(client, { accountId, ...filters }, options);
}

export function fetchAllServices(
  client: ApiClient,
  accountId = 'me',
  filters: Omit<ServiceFilters, 'limit' | 'offset'> = {},
  options: FetchAllOptions = {},
) {
  return services.fetchAll(client, { accountId, ...filters }, options);
}

export function listAddRequests(
  client: ApiClient,
  accountId = 'me',
  paging: Paging = {},
  options?: CallOptions,
): Promise<ApiResult<AddRequestsPage>> {
  return addRequests.list(client, { accountId, ...paging }, options);
}

export type AddRequestResolution = 'COMPLETED' | 'CANCELED';

/**
 * The vendor's sandbox-only call that ends a request in REVIEW; production has no such call. Its reference
 * answers an empty response, so the request itself is read afterwards. The vendor's id is an integer and its
 * completion is spelled COMPLETE: both are sent so, and the sandbox takes either spelling.
 */
export async function processAddRequest(
  client: ApiClient,
  accountId: string,
  addRequestId: string,
  status: AddRequestResolution,
  options?: CallOptions,
): Promise<ApiResult<AddRequest>> {
  await client.request(
    {
      operation: 'processAddRequest',
      method: 'POST',
      path: accountPath(accountId, 'processaddrequest'),
      ids: { 'account id': accountId, 'add request id': addRequestId },
      json: {
        addRequestId: /^\d{1,15}$/.test(addRequestId) ? Number(addRequestId) : addRequestId,
        status: status === 'COMPLETED' ? 'COMPLETE' : status,
      },
    },
    options,
  );
  return getAddRequest(client, accountId, addRequestId, options);
}

/**
 * Gets the add request until its status is terminal, on the tracker's schedule: every 2 s while
 * PROCESSING, backing off to every 30 min in REVIEW (which can last 48 hours: pass a signal).
 */
export async function pollAddRequest(
  client: ApiClient,
  accountId: string,
  addRequestId: string,
  { delayMs = nextPollDelayMs, signal, onUpdate }: PollOptions = {},
): Promise<ApiResult<AddRequest>> {
  let status = '';
  let since = Date.now();
  for (;;) {
    const result = await getAddRequest(client, accountId, addRequestId, { signal });
    onUpdate?.(result.data);
    if (result.data.status !== status) {
      status = result.data.status;
      since = Date.now();
    }
    const delay = isTerminalAddRequestStatus(status) ? null : delayMs(status, Date.now() - since);
    if (delay === null) return result;
    await sleep(delay, signal, 'pollAddRequest');
  }
}
