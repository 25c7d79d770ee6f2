import { render } from '@testing-library/preact';
import { expect, test } from 'vitest';
import { WordDiff } from '../../components/suggestion-triage/WordDiff.tsx';

test('on screen, removed and added text are kept apart by a space', () => {
  const { container } = render(<WordDiff before="https://a.example/x" after="http://b.example/y" />);
  const seen = container.textContent?.replace(/removed: |added: /g, '');
  expect(seen).toBe('https://a.example/x http://b.example/y');
});
