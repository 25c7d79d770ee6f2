import { z } from 'zod';
import { type ApiClient, type ApiResult, accountPath, type CallOptions, sleep } from './client.ts';
import { arrayReader } from './lists.ts';
import { id, itemReader, itemSchema, opt } from './schemas-common.ts';

/** Known values (interface document and public record); unknown ones are shown verbatim as pending. */
export const ADD_REQUEST_STATUSES = ['SUBMITTED', 'PROCESSING', 'REVIEW', 'COMPLETED', 'CANCELED', 'FAILED'] as const;

const TERMINAL_ADD_REQUEST_STATUSES: ReadonlySet<string> = new Set(['COMPLETED', 'COMPLETE', 'CANCELED', 'FAILED']);

export const SERVICE_STATUSES = ['ACTIVE', 'STOPPED'] as const;

export function isTerminalAddRequestStatus(status: string): boolean {
  return TERMINAL_ADD_REQUEST_STATUSES.has(status);
}

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

// COMPLETE (public record) and COMPLETED (interface document) mean the same: one value downstream.
export const AddRequestSchema = z.looseObject({
  id,
  status: z.string().transform((status) => (status === 'COMPLETE' ? 'COMPLETED' : status)),
  locationMode: opt(z.string()),
  existingLocationId: opt(id),
  newLocationId: opt(id),
  newLocationAccountId: opt(id),
  newLocationAccountName: opt(z.string()),
  skus: opt(z.array(z.string())),
  agreementId: opt(id),
  statusDetail: opt(z.string()),
  dateSubmitted: opt(z.string()),
  dateCompleted: opt(z.string()),
});
export type AddRequest = z.output<typeof AddRequestSchema>;

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
const readAccounts = arrayReader('accounts', accountReader);
const readServices = arrayReader('services', serviceReader);

export interface ExistingLocationAddRequest {
  existingLocationId: string;
  existingLocationAccountId?: string;
  skus: string[];
  agreementId?: string;
}

export interface NewLocationAddRequest {
  newLocationId: string;
  newLocationAccountId?: string;
  newLocationAccountName?: string;
  newLocationData?: Record<string, unknown>;
  skus: string[];
  agreementId?: string;
}

export interface CancelServicesRequest {
  locationId: string;
  locationAccountId?: string;
  agreementId?: string;
  /** Omitted: every service of the location is canceled. */
  skus?: string[];
}

export interface PollOptions {
  intervalMs?: number;
  signal?: AbortSignal;
  onUpdate?: (addRequest: AddRequest) => void;
}

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

export function listAccounts(client: ApiClient, options?: CallOptions): Promise<ApiResult<Account[]>> {
  return client.request(
    { operation: 'listAccounts', method: 'GET', path: 'v2/accounts/', read: readAccounts },
    options,
  );
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

/** Gets the add request until its status is terminal. REVIEW can last 48 hours: pass a signal. */
export async function pollAddRequest(
  client: ApiClient,
  accountId: string,
  addRequestId: string,
  { intervalMs = 2000, signal, onUpdate }: PollOptions = {},
): Promise<ApiResult<AddRequest>> {
  for (;;) {
    const result = await getAddRequest(client, accountId, addRequestId, { signal });
    onUpdate?.(result.data);
    if (isTerminalAddRequestStatus(result.data.status)) return result;
    await sleep(intervalMs, signal, 'pollAddRequest');
  }
}
