// The README is the first thing a new user reads: its top says what the product is and how to start, and the
// rest lives in docs/, bench/README.md and sandbox/README.md. A link to a moved part must still lead somewhere.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const documents = [
  'README.md',
  'CONTRIBUTING.md',
  'SECURITY.md',
  'PRIVACY.md',
  'bench/README.md',
  'sandbox/README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
const anchor = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');

const anchorsOf = (file: string) =>
  new Set(
    readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => /^#{1,6} /.test(line))
      .map((line) => anchor(line.replace(/^#+ /, ''))),
  );

describe('the documents', () => {
  it('the README stays under 250 lines', () => {
    const lines = readFileSync(join(root, 'README.md'), 'utf8').trimEnd().split('\n').length;
    expect(lines).toBeLessThan(250);
  });

  it('every relative link leads to a file that exists, and to a heading in it when it names one', () => {
    const broken: string[] = [];
    for (const doc of documents) {
      const text = readFileSync(join(root, doc), 'utf8');
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (!target || /^[a-z]+:/i.test(target)) continue;
        const [path, hash] = target.split('#');
        const file = path ? resolve(root, dirname(doc), path) : join(root, doc);
        if (!existsSync(file)) broken.push(`${doc} → ${target}`);
        else if (hash && file.endsWith('.md') && !anchorsOf(file).has(hash)) broken.push(`${doc} → ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('no source names a README section that is no longer in the README', () => {
    const headings = anchorsOf(join(root, 'README.md'));
    const stale: string[] = [];
    const check = (path: string) => {
      const text = readFileSync(join(root, path), 'utf8');
      for (const [, section] of text.matchAll(/README(?:\.md)?[,'’]s? "([^"$]+)"/g)) {
        if (section && !headings.has(anchor(section))) stale.push(`${path}: README, "${section}"`);
      }
    };
    const walk = (dir: string) => {
      for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
        const path = `${dir}/${entry.name}`;
        if (entry.isDirectory()) walk(path);
        else if (/\.(ts|tsx|md)$/.test(entry.name)) check(path);
      }
    };
    for (const dir of ['lib', 'components', 'entrypoints', 'scripts', 'sandbox', 'test', 'bench']) walk(dir);
    for (const file of ['CONTRIBUTING.md', 'SECURITY.md', 'PRIVACY.md', 'wxt.config.ts']) check(file);
    expect(stale).toEqual([]);
  });
});
