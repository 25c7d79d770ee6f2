// Numbers and orders follow the browser's language (navigator.language), not a pinned one.
import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { ListHead } from '../../components/suggestion-triage/ListHead.tsx';
import { compareText, formatNumber } from '../../lib/shared/format.ts';
import { suggestion, triageView } from './triage-ui-fakes.ts';

function speak(language: string): void {
  vi.spyOn(navigator, 'language', 'get').mockReturnValue(language);
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('formatNumber', () => {
  test('writes numbers as the browser’s language does, and follows a change of language', () => {
    speak('en-US');
    expect(formatNumber(11040)).toBe('11,040');
    speak('de-DE');
    expect(formatNumber(11040)).toBe('11.040');
    speak('fr-FR');
    expect(formatNumber(4200)).toBe('4\u202f200');
  });
});

describe('compareText', () => {
  test('digit runs compare as numbers and case is ignored', () => {
    speak('en-US');
    expect(['HB-10', 'hb-3', 'HB-2', 'A', 'B-7'].sort(compareText)).toEqual(['A', 'B-7', 'HB-2', 'hb-3', 'HB-10']);
  });

  test('letters sort as the browser’s language sorts them', () => {
    speak('sv-SE');
    // Swedish puts ä after z; English with a, before b.
    expect(['z', 'ä', 'b'].sort(compareText)).toEqual(['b', 'z', 'ä']);
    speak('en-US');
    expect(['z', 'ä', 'b'].sort(compareText)).toEqual(['ä', 'b', 'z']);
  });
});

test('the triage count is written in the browser’s language (it was pinned to en-US)', () => {
  speak('de-DE');
  const rows = Array.from({ length: 3 }, (_, i) => suggestion(String(i + 1)));
  render(
    <ListHead
      view={triageView({ suggestions: rows, count: 4200 })}
      shown={3}
      selectable={[]}
      selectedIds={[]}
      allSelected={false}
      onSelectAll={() => undefined}
      onDecide={() => undefined}
      onClear={() => undefined}
      onRefresh={() => undefined}
    />,
  );
  expect(screen.getByText(/showing 3 of 4\.200/)).toBeTruthy();
});
