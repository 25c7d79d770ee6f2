// The storage key registry lists every item the code defines, so an audit of what is kept (and what is
// dropped on unlink) can start from one file.
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { STORAGE_KEYS } from '../../lib/background/core/storage-keys.ts';
import { sourceFiles } from './source-files.ts';

function definedKeys(): string[] {
  const keys: string[] = [];
  for (const file of [...sourceFiles('lib'), ...sourceFiles('components'), ...sourceFiles('entrypoints')]) {
    for (const match of readFileSync(file, 'utf8').matchAll(
      /defineItem<[\s\S]*?>\(\s*'((?:local|session|sync):[^']+)'/g,
    )) {
      keys.push(match[1]!);
    }
  }
  return keys.sort();
}

test('every storage item the code defines is listed in the key registry, and nothing else is', () => {
  expect(definedKeys()).toEqual(Object.keys(STORAGE_KEYS).sort());
});

test('no key is defined twice', () => {
  const keys = definedKeys();
  expect(keys).toEqual([...new Set(keys)]);
});
