// Numbers and orders follow the browser's language (navigator.language), not a pinned one.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { AccountSwitcher } from '../../components/account-switcher/AccountSwitcher.tsx';
import { DecideAllDialog } from '../../components/inbox/DecideAllDialog.tsx';
import { accountState } from '../../components/suggestion-triage/AccountList.tsx';
import { ListHead } from '../../components/suggestion-triage/ListHead.tsx';
import { compareText, formatNumber } from '../../lib/shared/format.ts';
import { sourceFiles } from './source-files.ts';
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

test('the Inbox’s “Accept all” preview writes its counts in the browser’s language (they were pinned to en-US)', () => {
  speak('de-DE');
  render(
    <DecideAllDialog
      decision="ACCEPTED"
      plan={{
        suggestions: 5814,
        accounts: 30,
        requests: 5814,
        perAccount: [{ accountKey: 'k1', accountName: 'Harbor Bakery Group', suggestions: 1200 }],
      }}
      undoWindowMs={5000}
      onConfirm={() => undefined}
      onClose={() => undefined}
    />,
  );
  expect(screen.getByRole('button', { name: 'Accept 5.814' })).toBeTruthy();
  expect(screen.getByText('Harbor Bakery Group: 1.200 suggestions')).toBeTruthy();
});

test('numbers and text orders come from lib/shared/format.ts, not a formatter of their own', () => {
  const files = ['components', 'entrypoints', 'lib'].flatMap(sourceFiles);
  expect(files.length).toBeGreaterThan(200);
  const found = files
    .filter((file) => file !== join('lib', 'shared', 'format.ts'))
    .flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, i) => ({ where: `${file}:${i + 1}`, line }))
        .filter(({ line }) => !/^\s*(\/\/|\*|\/\*)/.test(line))
        .filter(
          ({ line, where }) =>
            /Intl\.NumberFormat|toLocaleString\(\s*['"[]/.test(line) ||
            // A date may say its own time; a number's toLocaleString() is a formatter of its own.
            (/\.toLocaleString\(/.test(line) && !/Date\(/.test(line)) ||
            // Pages order text through compareText (the worker orders ISO dates and ids).
            (where.startsWith('components') && /\.localeCompare\(|Intl\.Collator/.test(line)),
        )
        .map(({ where }) => where),
    );
  expect(found).toEqual([]);
});

test('each account’s waiting count, in the switcher and the account filter, is written in the browser’s language', () => {
  speak('de-DE');
  const harbor = {
    accountKey: 'k1',
    accountName: 'Harbor Bakery Group',
    appSpecificAccountId: 'app-1001',
    linkedAt: 1,
    needsRelink: false,
  };
  const summary = { ...harbor, waiting: 1200, fetchedAt: 1, refreshing: false, error: null };
  expect(accountState(summary)).toBe('1.200 waiting');
  render(<AccountSwitcher view={{ accounts: [harbor], activeAccountKey: 'k1' }} label="Account" waiting={[summary]} />);
  expect(screen.getByRole('option', { name: 'Harbor Bakery Group (1.200 waiting)' })).toBeTruthy();
});
