// The one typed map of every request a UI context can make of the background, and who may make it,
// merged from one file per feature. Inputs are zod schemas, checked at the background's boundary;
// outputs are types only. A feature adds its file here: one line in `protocol`, and, with events, one in
// `DeskEvents` and one in `eventAccess`.
import type { z } from 'zod';
import type { WireError } from '../wire-error.ts';
import { type AccountLinkingEvents, accountLinkingEventAccess, accountLinkingProtocol } from './account-linking.ts';
import { badgeProtocol } from './badge.ts';
import { type ConnectionEvents, connectionEventAccess, connectionProtocol } from './connection-settings.ts';
import { embeddedPanelProtocol } from './embedded-panel.ts';
import { inboxProtocol } from './inbox.ts';
import { type HealthEvents, healthEventAccess, healthProtocol } from './listings-health.ts';
import {
  type ListingsWorkspaceEvents,
  listingsWorkspaceEventAccess,
  listingsWorkspaceProtocol,
} from './listings-workspace.ts';
import { type LocationsEvents, locationsEventAccess, locationsProtocol } from './locations.ts';
import { type ProvisioningEvents, provisioningEventAccess, provisioningProtocol } from './provisioning.ts';
import type { Access } from './request.ts';
import { type ServiceStatusEvents, serviceStatusEventAccess, serviceStatusProtocol } from './service-status.ts';
import { type TriageEvents, triageEventAccess, triageProtocol } from './suggestion-triage.ts';
import { uiProtocol } from './ui.ts';
import { type UsersEvents, usersEventAccess, usersProtocol } from './users-and-roles.ts';

export * from './account-linking.ts';
export * from './badge.ts';
export * from './connection-settings.ts';
export * from './embedded-panel.ts';
export * from './inbox.ts';
export * from './listings-health.ts';
export * from './listings-workspace.ts';
export * from './locations.ts';
export * from './provisioning.ts';
export * from './request.ts';
export * from './service-status.ts';
export * from './suggestion-triage.ts';
export * from './ui.ts';
export * from './users-and-roles.ts';

export const protocol = {
  ...accountLinkingProtocol,
  ...connectionProtocol,
  ...badgeProtocol,
  ...triageProtocol,
  ...healthProtocol,
  ...embeddedPanelProtocol,
  ...usersProtocol,
  ...provisioningProtocol,
  ...uiProtocol,
  ...locationsProtocol,
  ...listingsWorkspaceProtocol,
  ...serviceStatusProtocol,
  ...inboxProtocol,
} as const;

/** Events the background sends to open UI contexts. */
export interface DeskEvents
  extends AccountLinkingEvents,
    TriageEvents,
    HealthEvents,
    LocationsEvents,
    ListingsWorkspaceEvents,
    UsersEvents,
    ProvisioningEvents,
    ServiceStatusEvents,
    ConnectionEvents {}

/** Who may hear each event: a content script (the embedded panel) only gets the 'content' ones. */
export const eventAccess = {
  ...accountLinkingEventAccess,
  ...triageEventAccess,
  ...healthEventAccess,
  ...locationsEventAccess,
  ...listingsWorkspaceEventAccess,
  ...usersEventAccess,
  ...provisioningEventAccess,
  ...serviceStatusEventAccess,
  ...connectionEventAccess,
} as const satisfies Record<keyof DeskEvents, Access>;

export type Protocol = typeof protocol;
export type RequestType = keyof Protocol;
export type RequestInput<K extends RequestType> = z.input<Protocol[K]['input']>;
export type ParsedInput<K extends RequestType> = z.output<Protocol[K]['input']>;
export type RequestOutput<K extends RequestType> = NonNullable<Protocol[K]['output']>;

export type Reply<K extends RequestType = RequestType> =
  | { ok: true; value: RequestOutput<K> }
  | { ok: false; error: WireError };

export interface EventMessage<K extends keyof DeskEvents = keyof DeskEvents> {
  desk: 'event';
  type: K;
  payload: DeskEvents[K];
}
