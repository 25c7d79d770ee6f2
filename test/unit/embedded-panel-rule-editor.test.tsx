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
  expect(onSave).toHaveBeenCalledWith({ kind: 'url', pattern: '/customers/([^/]+)', holds: 'name' });
});

test('a selector rule is saved as typed; "no rule" clears it', () => {
  const onSave = vi.fn();
  render(<SiteRuleEditor rule={{ kind: 'selector', pattern: '.store-id', holds: 'id' }} onSave={onSave} />);
  fireEvent.click(screen.getByRole('button', { name: 'Save rule' }));
  expect(onSave).toHaveBeenLastCalledWith({ kind: 'selector', pattern: '.store-id', holds: 'id' });
  fireEvent.change(screen.getByLabelText('Find the location by'), { target: { value: 'none' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save rule' }));
  expect(onSave).toHaveBeenLastCalledWith(null);
});
