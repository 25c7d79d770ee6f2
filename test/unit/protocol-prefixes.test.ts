// A request's or event's prefix is a short noun that names one feature (docs/layout.md, `lib/messaging/`): the prefixes
// are part of the protocol, kept as they are, and this table is where a feature's name and its prefixes meet.
import { expect, test } from 'vitest';
import { accountLinkingEventAccess, accountLinkingProtocol } from '../../lib/messaging/protocol/account-linking.ts';
import { badgeProtocol } from '../../lib/messaging/protocol/badge.ts';
import { connectionProtocol } from '../../lib/messaging/protocol/connection-settings.ts';
import { embeddedPanelProtocol } from '../../lib/messaging/protocol/embedded-panel.ts';
import { inboxProtocol } from '../../lib/messaging/protocol/inbox.ts';
import { eventAccess, protocol } from '../../lib/messaging/protocol/index.ts';
import { healthEventAccess, healthProtocol } from '../../lib/messaging/protocol/listings-health.ts';
import {
  listingsWorkspaceEventAccess,
  listingsWorkspaceProtocol,
} from '../../lib/messaging/protocol/listings-workspace.ts';
import { locationsEventAccess, locationsProtocol } from '../../lib/messaging/protocol/locations.ts';
import { provisioningEventAccess, provisioningProtocol } from '../../lib/messaging/protocol/provisioning.ts';
import { serviceStatusEventAccess, serviceStatusProtocol } from '../../lib/messaging/protocol/service-status.ts';
import { triageEventAccess, triageProtocol } from '../../lib/messaging/protocol/suggestion-triage.ts';
import { uiProtocol } from '../../lib/messaging/protocol/ui.ts';
import { usersEventAccess, usersProtocol } from '../../lib/messaging/protocol/users-and-roles.ts';

/** feature (its file in lib/messaging/protocol/, lib/background/, components/, test/) → its message prefixes. */
const PREFIXES: Record<string, string[]> = {
  'account-linking': ['accounts'],
  badge: ['badge'],
  'connection-settings': ['connection'],
  'embedded-panel': ['panel'],
  inbox: ['inbox'],
  'listings-health': ['health'],
  'listings-workspace': ['listings', 'publishers'],
  locations: ['locations'],
  provisioning: ['provisioning'],
  'service-status': ['service'],
  'suggestion-triage': ['triage'],
  ui: ['ui'],
  'users-and-roles': ['users'],
};

const FEATURES: Record<string, object[]> = {
  'account-linking': [accountLinkingProtocol, accountLinkingEventAccess],
  badge: [badgeProtocol],
  'connection-settings': [connectionProtocol],
  'embedded-panel': [embeddedPanelProtocol],
  inbox: [inboxProtocol],
  'listings-health': [healthProtocol, healthEventAccess],
  'listings-workspace': [listingsWorkspaceProtocol, listingsWorkspaceEventAccess],
  locations: [locationsProtocol, locationsEventAccess],
  provisioning: [provisioningProtocol, provisioningEventAccess],
  'service-status': [serviceStatusProtocol, serviceStatusEventAccess],
  'suggestion-triage': [triageProtocol, triageEventAccess],
  ui: [uiProtocol],
  'users-and-roles': [usersProtocol, usersEventAccess],
};

const prefixOf = (type: string) => type.slice(0, type.indexOf('.'));

test("each feature's requests and events use the prefixes listed for it, and no other feature's", () => {
  const found = Object.fromEntries(
    Object.entries(FEATURES).map(([feature, maps]) => [
      feature,
      [...new Set(maps.flatMap((map) => Object.keys(map).map(prefixOf)))].sort(),
    ]),
  );
  expect(found).toEqual(PREFIXES);
});

test('the table covers every request and event of the merged protocol', () => {
  const listed = new Set(Object.values(FEATURES).flatMap((maps) => maps.flatMap((map) => Object.keys(map))));
  expect([...Object.keys(protocol), ...Object.keys(eventAccess)].filter((type) => !listed.has(type))).toEqual([]);
});
