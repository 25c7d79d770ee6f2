// The Inbox's filter groups when nothing is waiting: each empty group says so in words once the worker has
// answered (not a bare heading), and says nothing while it has not.
import { cleanup, render, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, test } from 'vitest';
import { InboxFilters } from '../../components/inbox/InboxFilters.tsx';
import type { InboxFilters as Filters, InboxView } from '../../lib/messaging/protocol/index.ts';

const NO_FILTERS: Filters = { accounts: [], fields: [], ages: [], locations: [], publishers: [] };
const account = {
  accountKey: 'app-1001',
  accountName: 'Harbor Bakery Group',
  waiting: 0,
} as InboxView['accounts'][number];
const empty: InboxView['facets'] = { fields: [], locations: [], publishers: [] };

afterEach(cleanup);

describe('Inbox filters with nothing waiting', () => {
  test('the Fields group says there are none yet; locations and publishers say so under their boxes', () => {
    render(<InboxFilters accounts={[account]} facets={empty} filters={NO_FILTERS} onFilters={() => undefined} />);
    const fields = screen.getByRole('group', { name: 'Fields' });
    expect(within(fields).queryAllByRole('checkbox')).toEqual([]);
    expect(fields.textContent).toContain('No fields yet: they are listed when suggestions are waiting.');
    const locations = screen.getByRole('combobox', { name: 'Locations' });
    expect(locations.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(locations.getAttribute('aria-describedby')!)?.textContent).toBe(
      'No locations yet: they can be picked when suggestions are waiting.',
    );
    const publishers = screen.getByRole('combobox', { name: 'Publishers' });
    expect(document.getElementById(publishers.getAttribute('aria-describedby')!)?.textContent).toBe(
      'No publishers yet: they can be picked when suggestions are waiting.',
    );
    // The account is there, with its 0: its box does not say it is empty.
    expect(screen.getByRole('combobox', { name: 'Accounts' }).getAttribute('aria-describedby')).toBeNull();
  });

  test('no account linked: the Accounts box says so', () => {
    render(<InboxFilters accounts={[]} facets={empty} filters={NO_FILTERS} onFilters={() => undefined} />);
    const box = screen.getByRole('combobox', { name: 'Accounts' });
    expect(document.getElementById(box.getAttribute('aria-describedby')!)?.textContent).toBe('No account linked yet.');
  });

  test('before the worker has answered, no group claims to be empty', () => {
    render(<InboxFilters accounts={undefined} facets={undefined} filters={NO_FILTERS} onFilters={() => undefined} />);
    expect(screen.getByRole('group', { name: 'Fields' }).textContent).not.toContain('yet');
    expect(screen.getByRole('combobox', { name: 'Accounts' }).getAttribute('aria-describedby')).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Locations' }).getAttribute('aria-describedby')).toBeNull();
  });

  test('with fields waiting they are listed in words, and no words of emptiness', () => {
    const facets = { ...empty, fields: [{ id: 'phone', label: 'phone', count: 6 }] } as InboxView['facets'];
    render(<InboxFilters accounts={[account]} facets={facets} filters={NO_FILTERS} onFilters={() => undefined} />);
    const fields = screen.getByRole('group', { name: 'Fields' });
    expect(within(fields).getByRole('checkbox', { name: 'Phone (6)' })).toBeTruthy();
    expect(fields.textContent).not.toContain('No fields yet');
  });
});
