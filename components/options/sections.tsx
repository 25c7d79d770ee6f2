// The options page's sections, in nav order. A new section is its own component plus one line here;
// its id is its URL hash (`options.html#listings?...`).
import type { FunctionComponent } from 'preact';
import { ConnectionSettings } from '../connection-settings/ConnectionSettings.tsx';
import { AccountsSection } from './AccountsSection.tsx';
import { ListingsSection } from './ListingsSection.tsx';

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
    id: 'listings',
    title: 'Listings',
    description: 'Every listing of the active account: find, export and opt in.',
    Body: ListingsSection,
  },
] as const satisfies readonly OptionsSection[];
