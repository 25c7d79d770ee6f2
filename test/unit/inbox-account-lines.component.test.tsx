// The Inbox's line per account: a refusal (403) or a Relink is a notice of its own, while a service that
// did not answer is one line per account (the page says the outage once): 30 accounts offline were 30 boxes.
import { cleanup, render } from '@testing-library/preact';
import { afterEach, describe, expect, test } from 'vitest';
import { AccountLine } from '../../components/inbox/InboxSection.tsx';
import type { InboxAccountView } from '../../lib/messaging/protocol/index.ts';

afterEach(cleanup);

const account = (more: Partial<InboxAccountView>): InboxAccountView => ({
  accountKey: 'A',
  accountName: 'Harbor Bakery Group',
  waiting: 48,
  needsRelink: false,
  fetchedAt: 1,
  refreshing: false,
  error: null,
  ...more,
});

function line(view: InboxAccountView): HTMLElement {
  const { container } = render(
    <ul>
      <AccountLine account={view} />
    </ul>,
  );
  return container.querySelector('li')!;
}

describe('the Inbox’s account lines', () => {
  test('the service not reached: one line that keeps the count held, says what happens next, no internal code', () => {
    const li = line(account({ error: { code: 'network', message: 'Listings Desk couldn’t reach the service.' } }));
    expect(li.textContent).toBe(
      'Harbor Bakery Group: 48 waiting as last fetched; not refreshed, the service can’t be reached. Listings Desk asks again at the next refresh; Refresh asks now.',
    );
    // "network" is the product's own name for it, not the service's code: no small print.
    expect(li.querySelector('small')).toBeNull();
    expect(li.querySelector('[role="alert"], [role="status"]')).toBeNull();
    const never = line(account({ fetchedAt: null, error: { code: 'timeout', message: 'No answer in time.' } }));
    expect(never.textContent).toMatch(/^Harbor Bakery Group: not loaded, the service can’t be reached\./);
  });

  test('a refusal (403) keeps its notice: what happened, what next, what to do, and its code', () => {
    const li = line(account({ error: { code: '2005', status: 403, message: 'Insufficient privileges', details: [] } }));
    expect(li.textContent).toContain('Harbor Bakery Group: its suggestions could not be refreshed');
    expect(li.textContent).toContain('Listings Desk asks again at the next refresh');
    expect(li.querySelector('small')?.textContent).toMatch(/^code 2005 · HTTP 403/);
  });

  test('Relink: what happened, what happens to the rows and decisions meanwhile, and where to relink, once each', () => {
    const li = line(
      account({
        needsRelink: true,
        error: {
          code: 'needs-relink',
          status: 401,
          message: 'Harbor Bakery Group needs to be linked again: its access is no longer accepted. Choose Relink.',
        },
      }),
    );
    const text = li.textContent ?? '';
    expect(text).toContain(
      'Harbor Bakery Group: the 48 suggestions listed are from before and are not refreshed; a decision on them waits until it is linked again.',
    );
    expect(text.split('needs to be linked again')).toHaveLength(2);
    expect(li.querySelector('a')?.textContent).toBe('Relink in Accounts');
    expect(li.querySelector('a')?.getAttribute('href')).toBe('#accounts');
    expect(li.querySelector('small')?.textContent).toBe('HTTP 401');
  });
});
