// Every background feature, listed once, the way refined-github lists its features. A new feature is
// its own module plus one line here (and one in lib/messaging/protocol/index.ts).
import type { Handlers } from '../messaging/background.ts';
import { accountLinkingFeature } from './account-linking.ts';
import { badgeFeature } from './badge.ts';
import { connectionSettingsFeature } from './connection-settings.ts';
import { failureNoticeFeature } from './failure-notice.ts';
import type { BackgroundFeature } from './feature.ts';
import { listingsHealthFeature } from './listings-health.ts';
import { listingsWorkspaceFeature } from './listings-workspace/index.ts';
import { locationsFeature } from './locations.ts';
import { suggestionTriageFeature } from './suggestion-triage.ts';
import { uiFeature } from './ui.ts';

export function backgroundFeatures() {
  return [
    accountLinkingFeature(),
    connectionSettingsFeature(),
    badgeFeature(),
    suggestionTriageFeature(),
    failureNoticeFeature(),
    listingsHealthFeature(),
    uiFeature(),
    locationsFeature(),
    listingsWorkspaceFeature(),
  ] as const;
}

type Features = ReturnType<typeof backgroundFeatures>;
type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;
type MergedHandlers = UnionToIntersection<Features[number]['handlers']>;

/** Every feature's handlers in one map; a request without a handler is a compile error here. */
export function allHandlers(features: Features): Handlers {
  const merged = Object.assign({}, ...features.map((feature) => feature.handlers)) as MergedHandlers;
  return merged satisfies Handlers;
}

/** Asks every feature to drop what it keeps for the account. */
export async function forgetAccount(features: readonly BackgroundFeature<never>[], accountKey: string): Promise<void> {
  await Promise.all(features.map((feature) => feature.forgetAccount?.(accountKey)));
}
