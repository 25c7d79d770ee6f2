// Every background feature, listed once, the way refined-github lists its features. A new feature is
// its own module plus one line here (and one in lib/messaging/protocol/index.ts).
import type { Handlers } from '../messaging/background.ts';
import { accountLinkingFeature } from './account-linking.ts';
import { connectionSettingsFeature } from './connection-settings.ts';
import { createDeskDeps, type DeskDeps } from './core/deps.ts';
import { embeddedPanelFeature } from './embedded-panel/index.ts';
import { failureNoticeFeature } from './failure-notice.ts';
import type { BackgroundFeature, StorageWrites } from './feature.ts';
import { inboxFeature } from './inbox/index.ts';
import { listingsHealthFeature } from './listings-health.ts';
import { listingsWorkspaceFeature } from './listings-workspace/index.ts';
import { locationsFeature } from './locations.ts';
import { provisioningFeature } from './provisioning/index.ts';
import { serviceStatusFeature } from './service-status.ts';
import { badgeFeature } from './suggestion-triage/badge.ts';
import { createSuggestionTriage, suggestionTriageFeature } from './suggestion-triage/index.ts';
import { uiFeature } from './ui.ts';
import { usersAndRolesFeature } from './users-and-roles/index.ts';

export function backgroundFeatures(deps: DeskDeps = createDeskDeps()) {
  // Unlinking asks every feature listed here, account linking included, to forget the account.
  let all: readonly BackgroundFeature<never>[] = [];
  // One triage per worker: the Inbox reads its cached lists and decides through its outbox.
  const triage = createSuggestionTriage(deps);
  const features = [
    accountLinkingFeature(deps, (accountKey) => forgetAccount(all, accountKey)),
    connectionSettingsFeature(deps),
    badgeFeature(deps),
    suggestionTriageFeature(deps, triage),
    failureNoticeFeature(),
    listingsHealthFeature(deps),
    embeddedPanelFeature(deps),
    usersAndRolesFeature(deps),
    provisioningFeature(deps),
    uiFeature(),
    locationsFeature(deps),
    listingsWorkspaceFeature(deps),
    serviceStatusFeature(deps),
    inboxFeature(deps, triage),
  ] as const;
  all = features;
  return features;
}

type Features = ReturnType<typeof backgroundFeatures>;
type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;
type MergedHandlers = UnionToIntersection<Features[number]['handlers']>;

/** Every feature's handlers in one map; a request without a handler is a compile error here. */
export function allHandlers(features: Features): Handlers {
  const merged = Object.assign({}, ...features.map((feature) => feature.handlers)) as MergedHandlers;
  return merged satisfies Handlers;
}

/** Every feature's writes that drop an account's data; the caller makes them in one storage call, in the lock. */
export async function forgetAccount(
  features: readonly BackgroundFeature<never>[],
  accountKey: string,
): Promise<StorageWrites> {
  const writes = await Promise.all(features.map((feature) => feature.forgetAccount?.(accountKey) ?? []));
  return writes.flat();
}
