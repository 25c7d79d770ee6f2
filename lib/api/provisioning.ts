import { z } from 'zod';
import { type ApiClient, type ApiResult, accountPath, type CallOptions, sleep } from './client.ts';
import { id, listOf, num, opt } from './schemas-common.ts';

/** Known values (interface document and public record); unknown ones are shown verbatim as pending. */
export const ADD_REQUEST_STATUSES = ['SUBMITTED', 'PROCESSING', 'REVIEW', 'COMPLETED', 'CANCELED', 'FAILED'] as const;

const TERMINAL_ADD_REQUEST_STATUSES: ReadonlySet<string> = new Set(['COMPLETED', 'COMPLETE', 'CANCELED', 'FAILED']);

export const SERVICE_STATUSES = ['ACTIVE', 'STOPPED'] as const;

export function isTerminalAddRequestStatus(status: string): boolean {
  return TERMINAL_ADD_REQUEST_STATUSES.has(status);
}

// minimumUsageUnit is also seen spelled minimumUsageUnits: both become minimumUsageUnit.
export const AvailableServiceSchema = z
  .looseObject({
    sku: z.string(),
    agreementId: opt(id),
    serviceDescription: opt(z.string()),
    recipientType: opt(z.string()),
    minimumUsage: opt(z.union([z.number(), z.string()])),
    minimumUsageUnit: opt(z.string()),
    minimumUsageUnits: opt(z.string()),
    addOnTo: opt(z.array(id)),
  })
  .transform(({ minimumUsageUnits, ...service }) => {
    const minimumUsageUnit = service.minimumUsageUnit ?? minimumUsageUnits;
    return minimumUsageUnit === undefined ? service : { ...service, minimumUsageUnit };
  });
export type AvailableService = z.output<typeof AvailableServiceSchema>;

export const AccountSchema = z.looseObject({
  accountId: id,
  accountName: opt(z.string()),
  locationCount: opt(num),
  subAccountCount: opt(num),
  parentAccountId: opt(id),
});
export type Account = z.output<typeof AccountSchema>;

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

export const ServiceSchema = z.looseObject({
  id,
  locationId: opt(id),
  locationAccountId: opt(id),
  agreementId: opt(id),
  sku: opt(z.string()),
  serviceDescription: opt(z.string()),
  started: opt(z.string()),
  stopped: opt(z.string()),
  stopOnDate: opt(z.string()),
  status: opt(z.string()),
});
export type Service = z.output<typeof ServiceSchema>;

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
      schema: listOf('availableServices', AvailableServiceSchema),
    },
    options,
  );
}

export function listAccounts(client: ApiClient, options?: CallOptions): Promise<ApiResult<Account[]>> {
  return client.request(
    { operation: 'listAccounts', method: 'GET', path: 'v2/accounts/', schema: listOf('accounts', AccountSchema) },
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
      schema: listOf('services', ServiceSchema),
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
