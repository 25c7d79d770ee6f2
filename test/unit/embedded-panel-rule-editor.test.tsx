import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, expect, test, vi } from 'vitest';
import { SiteRuleEditor } from '../../components/embedded-panel/SiteRuleEditor.tsx';

afterEach(cleanup);

test('a URL pattern without exactly one capture group is refused with the reason, a good one is saved', () => {
  const onSave = vi.fn();
  render(<SiteRuleEditor rule={null} onSave={onSave} />);
  fireEvent.change(screen.getByLabelText('Find the location by'), { target: { value: 'url' } });
  const pattern = screen.getByLabelText('URL pattern');
  fireEvent.input(pattern, { target: { value: '/customers/[^/]+' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save rule' }));
  expect(screen.getByRole('alert').textContent).toContain('exactly one capture group');
  expect(onSave).not.toHaveBeenCalled();

  fireEvent.input(pattern, { target: { value: '/customers/([^/]+)' } });
  fireEvent.change(screen.getByLabelText('It holds'), { target: { value: 'name' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save rule' }));
  expect(onSave).toHaveBeenCalledWith({ kind: 'url', pattern: '/customers/([^/]+)', holds: 'name' }, null);
});

test('a selector rule is saved as typed; "no rule" clears it', () => {
  const onSave = vi.fn();
  render(<SiteRuleEditor rule={{ kind: 'selector', pattern: '.store-id', holds: 'id' }} onSave={onSave} />);
  fireEvent.click(screen.getByRole('button', { name: 'Save rule' }));
  expect(onSave).toHaveBeenLastCalledWith({ kind: 'selector', pattern: '.store-id', holds: 'id' }, null);
  fireEvent.change(screen.getByLabelText('Find the location by'), { target: { value: 'none' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save rule' }));
  expect(onSave).toHaveBeenLastCalledWith(null, null);
});

const ACCOUNTS = [
  { accountKey: 'a', accountName: 'Harbor Bakery Group' },
  { accountKey: 'b', accountName: 'Cedar Dental' },
];

test('"Match against" pins the site to one linked account, or every one', () => {
  const onSave = vi.fn();
  render(<SiteRuleEditor rule={null} accounts={ACCOUNTS} onSave={onSave} />);
  const against = screen.getByLabelText('Match against') as HTMLSelectElement;
  expect([...against.options].map((o) => o.text)).toEqual([
    'Every linked account',
    'Harbor Bakery Group',
    'Cedar Dental',
  ]);
  fireEvent.change(against, { target: { value: 'b' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save rule' }));
  expect(onSave).toHaveBeenLastCalledWith(null, 'b');
  fireEvent.change(against, { target: { value: '' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save rule' }));
  expect(onSave).toHaveBeenLastCalledWith(null, null);
});

test('a pinned account that was unlinked stays chosen, named, and the rule says what that means', () => {
  const pin = {
    accountKey: 'gone',
    accountName: 'Birch Florists',
    problem:
      'Birch Florists is no longer linked, so the panel finds nothing on this site. Choose another account, or every linked account.',
  };
  render(<SiteRuleEditor rule={null} pin={pin} accounts={ACCOUNTS} onSave={vi.fn()} />);
  const against = screen.getByLabelText('Match against') as HTMLSelectElement;
  expect(against.selectedOptions[0]?.text).toBe('Birch Florists (no longer linked)');
  expect(screen.getByText(pin.problem)).toBeTruthy();
  // With one account linked there is nothing to choose, so no choice is shown.
  cleanup();
  render(<SiteRuleEditor rule={null} accounts={ACCOUNTS.slice(0, 1)} onSave={vi.fn()} />);
  expect(screen.queryByLabelText('Match against')).toBeNull();
});
