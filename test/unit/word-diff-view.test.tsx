import { render } from '@testing-library/preact';
import { expect, test } from 'vitest';
import { WordDiff } from '../../components/suggestion-triage/WordDiff.tsx';

test('on screen, removed and added text are kept apart by a space', () => {
  const { container } = render(<WordDiff before="https://a.example/x" after="http://b.example/y" />);
  const seen = container.textContent?.replace(/removed: |added: /g, '');
  expect(seen).toBe('https://a.example/x http://b.example/y');
});

test('the whole change is the title of the diff, which rows cut to a few lines', () => {
  const { container } = render(<WordDiff before="Closed Sundays" after={'Open daily \u202e'} />);
  expect(container.querySelector('p')?.title).toBe('Now: Open daily ⟨RLO⟩ · Was: Closed Sundays');
  const { container: added } = render(<WordDiff before="" after="Open daily" />);
  expect(added.querySelector('p')?.title).toBe('Now: Open daily · Was: (empty)');
});
