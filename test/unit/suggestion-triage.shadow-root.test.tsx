// The embedded panel mounts the triage list inside a shadow root on a partner page: keys, focus and
// the help dialog must work there, and the partner page's URL must stay untouched.
import { fireEvent, waitFor } from '@testing-library/preact';
import { render } from 'preact';
import { afterEach, expect, test, vi } from 'vitest';
import { SuggestionTriage } from '../../components/suggestion-triage/SuggestionTriage.tsx';
import { pendingView, triageView } from './triage-ui-fakes.ts';

const asked: { type: string; input: unknown }[] = [];
vi.mock('../../lib/messaging/ui.ts', () => ({
  ask: vi.fn(async (type: string, input: unknown) => {
    asked.push({ type, input });
    if (type === 'triage.view') return triageView();
    if (type === 'triage.decide') {
      const { suggestionIds } = input as { suggestionIds: string[] };
      return {
        batchId: 'b1',
        revision: 2,
        pending: suggestionIds.map((id) => pendingView(id)),
        failures: [],
        batches: [],
      };
    }
    throw new Error(`no answer for ${type}`);
  }),
  onDeskEvent: vi.fn(() => () => undefined),
}));

let host: HTMLElement | null = null;
afterEach(() => {
  if (host) render(null, host.shadowRoot!.firstElementChild!);
  host?.remove();
  host = null;
});

function mountInShadowRoot() {
  host = document.createElement('div');
  document.body.append(host);
  const root = host.attachShadow({ mode: 'open' });
  const mount = document.createElement('div');
  root.append(mount);
  render(<SuggestionTriage listingsTotal={10} filtersInHash={false} />, mount);
  return root;
}

test('in a shadow root: keys move focus between rows, ? opens the help, and the page URL is left alone', async () => {
  history.replaceState(null, '', '/deals/1#partner-state');
  const root = mountInShadowRoot();
  await waitFor(() => expect(root.querySelectorAll('article')).toHaveLength(3));
  const rows = () => [...root.querySelectorAll<HTMLElement>('article')];
  rows()[0]!.focus();
  fireEvent.keyDown(rows()[0]!, { key: 'j' });
  await waitFor(() => expect(root.activeElement).toBe(rows()[1]));
  fireEvent.keyDown(rows()[1]!, { key: 'a' });
  await waitFor(() => expect(asked.some((a) => a.type === 'triage.decide')).toBe(true));
  fireEvent.keyDown(root.activeElement!, { key: '?' });
  // Loaded on the first `?` (first-use.ts), so it shows a moment later.
  await waitFor(() => expect(root.querySelector('dialog')?.open).toBe(true));
  const dialog = root.querySelector('dialog');
  fireEvent.keyDown(dialog!, { key: 'Escape' });
  expect(root.querySelector('dialog')).toBeNull();
  // The status select changes the filters without writing them into the partner page's hash.
  const status = root.querySelector<HTMLSelectElement>('select')!;
  fireEvent.change(status, { target: { value: 'ACCEPTED' } });
  await waitFor(() =>
    expect(asked.filter((a) => a.type === 'triage.view').at(-1)?.input).toMatchObject({ status: 'ACCEPTED' }),
  );
  expect(location.hash).toBe('#partner-state');
});
