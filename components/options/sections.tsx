// The options page's sections, in nav order. A new section is its own component plus one line here;
// its id is its URL hash (`options.html#listings?...`).
import type { FunctionComponent } from 'preact';
import { ConnectionSettings } from '../connection-settings/ConnectionSettings.tsx';
import { EmbeddedPanelSection } from '../embedded-panel/EmbeddedPanelSection.tsx';
import { InboxSection } from '../inbox/InboxSection.tsx';
import { ProvisioningSection } from '../provisioning/ProvisioningSection.tsx';
import { UsersSection } from '../users-and-roles/UsersSection.tsx';
import { AccountsSection } from './AccountsSection.tsx';
import { ListingsSection } from './ListingsSection.tsx';
import { PreferencesSection } from './PreferencesSection.tsx';

export interface OptionsSection {
  id: string;
  title: string;
  description: string;
  Body: FunctionComponent;
}

export const OPTIONS_SECTIONS = [
  {
    id: 'connection',
    title: 'Connection',
    description: 'Where Listings Desk reaches the service, and as which app.',
    Body: ConnectionSettings,
  },
  {
    id: 'accounts',
    title: 'Accounts',
    description: 'Customer accounts linked to Listings Desk, and which one is active.',
    Body: AccountsSection,
  },
  {
    id: 'inbox',
    title: 'Inbox',
    description: 'Every waiting suggestion of every linked account: filter, group, decide in bulk, export.',
    Body: InboxSection,
  },
  {
    id: 'listings',
    title: 'Listings',
    description: 'Every listing of the active account: find, export, opt in and opt out.',
    Body: ListingsSection,
  },
  {
    id: 'users',
    title: 'Users',
    description:
      'Who may log in to the active account or an account it manages, and with which role on which part of it.',
    Body: UsersSection,
  },
  {
    id: 'provisioning',
    title: 'Provisioning',
    description: 'Add services to locations, follow each add request to its end, and cancel services.',
    Body: ProvisioningSection,
  },
  {
    id: 'embedded-panel',
    title: 'Embedded panel',
    description: 'The sites where the panel shows a customer’s location beside its record in your CRM.',
    Body: EmbeddedPanelSection,
  },
  {
    id: 'preferences',
    title: 'Preferences',
    description: 'How Listings Desk behaves for you in this browser.',
    Body: PreferencesSection,
  },
] as const satisfies readonly OptionsSection[];
