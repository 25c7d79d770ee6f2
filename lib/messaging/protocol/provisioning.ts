// Provisioning (issue 12): accounts, available services, services of a location, add requests sent in
// the background, the add request tracker, and cancelling. Extension pages only: never the embedded panel.
import { z } from 'zod';
import { type Access, lazy, request, safeId } from './request.ts';

export interface ProvisioningAccountView {
  accountId: string;
  accountName: string;
  parentAccountId: string | null;
  locationCount: number | null;
  subAccountCount: number | null;
}

export interface ProvisioningAccountsView {
  /** The linked account's own id: the default account to provision from. */
  linkedAccountId: string | null;
  accounts: ProvisioningAccountView[];
}

/** A location of the account provisioned from, as the pickers show it. */
export interface ProvisioningLocationView {
  id: string;
  name: string;
  city: string;
  address: string;
  zip: string;
  /** The account the location belongs to (sent as `existingLocationAccountId`). */
  accountId: string;
}

export interface AvailableServiceView {
  sku: string;
  description: string;
  agreementId: string | null;
  recipientType: string | null;
  /** e.g. 1 with 'MONTHS'; shown verbatim when the unit is one we do not know. */
  minimumUsage: string | null;
  minimumUsageUnit: string | null;
  addOnTo: string[];
}

export interface ServiceView {
  id: string;
  locationId: string;
  sku: string;
  description: string;
  status: string;
  started: string | null;
  stopped: string | null;
  /** YYYY-MM-DD, the day the minimum commitment is met; null when `started` is unknown. */
  commitmentMetOn: string | null;
  cancellableNow: boolean;
}

export interface TimelineEntry {
  status: string;
  /** Epoch ms this extension first saw the status. */
  at: number;
}

export interface TrackedAddRequestView {
  /** `<accountKey>|<add request id>` */
  key: string;
  id: string;
  fromAccountId: string;
  /** The location's name as the user knows it (or its id when none is known). */
  locationName: string;
  locationId: string;
  mode: string;
  skus: string[];
  status: string;
  statusDetail: string;
  dateSubmitted: string;
  dateCompleted: string;
  terminal: boolean;
  timeline: TimelineEntry[];
  nextCheckAt: number | null;
  /** A check that failed and will be tried again (not the request's outcome). */
  checkProblem: string | null;
  /** Sent from this extension, or found by the list call. */
  origin: 'sent' | 'found';
}

export interface SendBatchView {
  batchId: string;
  total: number;
  sent: number;
  failed: { locationName: string; message: string }[];
  done: boolean;
}

export interface TrackerView {
  requests: TrackedAddRequestView[];
  inReview: number;
  batches: SendBatchView[];
  /** The connection is a sandbox: the sandbox-only "process add request" may be offered. */
  sandbox: boolean;
}

const accountId = lazy(() =>
  z
    .string()
    .trim()
    .min(1)
    .max(200)
    .regex(/^[\w.~:-]+$/, 'An account id uses letters, digits and _ - . ~ : only.'),
);
const sku = lazy(() => z.string().trim().min(1).max(100));
const skus = lazy(() => z.array(sku()).min(1, 'Choose at least one service.').max(50));
const text = (max: number) => z.string().trim().max(max);

export const newLocationInput = lazy(() =>
  z
    .object({
      newLocationId: safeId('location'),
      name: text(200).min(1),
      address: text(200).min(1),
      city: text(100).min(1),
      state: text(100).default(''),
      zip: text(20).default(''),
      countryCode: z
        .string()
        .trim()
        .regex(/^[A-Za-z]{2}$/),
      phone: text(40).default(''),
      /** The vendor's category ids: a new location needs 1 to 10. */
      categoryIds: z
        .array(
          z
            .string()
            .trim()
            .regex(/^[\w.:-]{1,50}$/, 'A category id uses letters, digits and _ - . : only.'),
        )
        .min(1, 'Give the location at least one category id.')
        .max(10, 'A location has at most 10 categories.'),
    })
    .strict(),
);

export const provisioningProtocol = {
  'provisioning.accounts': request<ProvisioningAccountsView>()('extension', () => z.object({}).strict()),
  'provisioning.locations': request<ProvisioningLocationView[]>()('extension', () =>
    z.object({ accountId: safeId('account') }).strict(),
  ),
  'provisioning.catalog': request<AvailableServiceView[]>()('extension', () =>
    z.object({ fromAccountId: accountId() }).strict(),
  ),
  'provisioning.services': request<ServiceView[]>()('extension', () =>
    z.object({ fromAccountId: accountId(), locationId: safeId('location') }).strict(),
  ),
  'provisioning.addToExisting': request<SendBatchView>()('extension', () =>
    z
      .object({
        fromAccountId: accountId(),
        skus: skus(),
        locations: z
          .array(
            z.object({ id: safeId('location'), name: text(200), accountId: safeId('account').optional() }).strict(),
          )
          .min(1, 'Choose at least one location.')
          .max(500),
      })
      .strict(),
  ),
  'provisioning.addNewLocations': request<SendBatchView>()('extension', () =>
    z
      .object({
        fromAccountId: accountId(),
        skus: skus(),
        newLocationAccountId: z.union([accountId(), z.literal('')]).default(''),
        newLocationAccountName: text(200).default(''),
        locations: z.array(newLocationInput()).min(1).max(500),
      })
      .strict(),
  ),
  'provisioning.tracker': request<TrackerView>()('extension', () =>
    z
      .object({
        /** "Check now": import what the list call knows, then check every open request. */
        refresh: z.boolean().default(false),
        /** Import what the list call knows (the section opening); checks follow the schedule. */
        importFound: z.boolean().default(false),
      })
      .strict(),
  ),
  'provisioning.resolveReview': request<TrackerView>()('extension', () =>
    z.object({ key: z.string().min(1).max(300), status: z.enum(['COMPLETED', 'CANCELED']) }).strict(),
  ),
  'provisioning.cancel': request<ServiceView[]>()('extension', () =>
    z
      .object({ fromAccountId: accountId(), locationId: safeId('location'), skus: z.array(sku()).max(50).optional() })
      .strict(),
  ),
  'provisioning.forget': request<TrackerView>()('extension', () =>
    z.object({ key: z.string().min(1).max(300) }).strict(),
  ),
} as const;

export interface ProvisioningEvents {
  'provisioning.changed': { inReview: number };
}

export const provisioningEventAccess = {
  'provisioning.changed': 'extension',
} as const satisfies Record<keyof ProvisioningEvents, Access>;
