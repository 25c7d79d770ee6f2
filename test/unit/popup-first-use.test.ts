// What a popup open with a linked account never shows loads by import() when first needed (components/ui/later.tsx),
// so its bytes are not in the open (bench/sizes.ts): the linking screens, the words of an error, the progress bar.
import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { expect, test } from 'vitest';

/** Every module the popup's app reaches through static value imports (type-only imports and import() left out). */
function staticImports(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(/^import\s+(?!type\s)(?:[^'"]*?\s*from\s+)?'(\.[^']+\.tsx?)';/gms)) {
      visit(resolve(dirname(file), match[1]!));
    }
  };
  visit(resolve(entry));
  return new Set([...seen].map((file) => relative(resolve('.'), file)));
}

test('opening the popup loads none of the linking screens: they come with no account, a relink or an outcome', () => {
  const opened = staticImports('entrypoints/popup/app.tsx');
  expect(opened.has('components/account-switcher/AccountSwitcher.tsx')).toBe(true);
  const linking = [
    'components/account-linking/NoAccountLinked.tsx',
    'components/account-linking/LinkingOutcome.tsx',
    'components/account-linking/linking-store.ts',
    'components/account-linking/use-linking.ts',
    'components/account-linking/RelinkButton.tsx',
    'components/ui/EmptyState.tsx',
  ];
  expect(linking.filter((file) => opened.has(file))).toEqual([]);
});

test("opening the popup loads no error's words nor progress bar: they come with the first error, a cold load or a bulk", () => {
  const opened = staticImports('entrypoints/popup/app.tsx');
  expect(opened.has('components/ui/ListWarnings.tsx')).toBe(true);
  const words = [
    'components/ui/ErrorNotice.tsx',
    'lib/messaging/error-words.ts',
    'components/ui/ProgressBar.tsx',
    'components/ui/announce.ts',
  ];
  expect(words.filter((file) => opened.has(file))).toEqual([]);
});
