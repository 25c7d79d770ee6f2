// A part loaded on first use (components/ui/later.tsx) shows once loaded, however its load and the page's
// effects interleave. A popup behind the sign-in window runs effects late (its frames wait): when the part had
// loaded between a render and that render's effect, it stayed blank (account-linking e2e, 2 runs in 3).

import { waitFor } from '@testing-library/preact';
import { render } from 'preact';
import { afterEach, expect, test } from 'vitest';
import { later, useLoaded } from '../../components/ui/later.tsx';

let root: HTMLElement;
afterEach(() => {
  render(null, root);
  root.remove();
});

function mount(node: preact.ComponentChild) {
  root = document.createElement('div');
  document.body.append(root);
  // Preact's own render, not testing-library's: its effects run after a frame, as in a page.
  render(node, root);
}

test('a part that loads between the first render and its effect is shown', async () => {
  const Part = later(async () => (props: { words: string }) => <p>{props.words}</p>);
  const loading = Part.preload();
  mount(<Part words="No account linked" />);
  expect(root.textContent).toBe('');
  await loading;
  await waitFor(() => expect(root.textContent).toBe('No account linked'));
});

test('useLoaded renders again when the part loaded before its effect ran', async () => {
  const Part = later(async () => () => <p>help</p>);
  function Asker() {
    return <p>{useLoaded(Part as never) ? 'loaded' : 'waiting'}</p>;
  }
  const loading = Part.preload();
  mount(<Asker />);
  expect(root.textContent).toBe('waiting');
  await loading;
  await waitFor(() => expect(root.textContent).toBe('loaded'));
});
