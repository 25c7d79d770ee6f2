// Pages hold what the worker says in their feature's store (components/ui/store.ts query()), so no
// component file talks to the worker itself: no import of the messaging client, no ask()/onDeskEvent() or
// runtime message of its own. Only one-shot actions with nothing to keep may (issue 22).
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { sourceFiles } from './source-files.ts';

/** A feature's store: where asking the worker belongs. */
const isStore = (file: string) => /(^|\/)([\w-]+-)?store\.ts$/.test(file);

/** One-shot actions with no state to keep: opening the options page, the panel's ticket. */
const ONE_SHOT = new Set([
  'components/ui/OptionsLink.tsx',
  'components/embedded-panel/PanelApp.tsx',
  'components/embedded-panel/ticket.ts',
]);

/**
 * Files that still ask the worker themselves, to move into their feature's store; the list may only
 * shrink (a file that no longer asks must leave it).
 */
const NOT_YET_MOVED = new Set<string>([]);

const TALKS_TO_WORKER = [
  /from\s+'[./]*lib\/messaging\/(ui|first-ask)(\.ts)?'/,
  /(?<![\w.])(ask|askEarly|onDeskEvent)\(/,
  /\bio\.(ask|onDeskEvent)\(/,
  /\bruntime\.(sendMessage|connect)\(/,
];

function talksToWorker(file: string): boolean {
  const source = readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => !/^\s*(\/\/|\*|\/\*)/.test(line))
    .join('\n');
  return TALKS_TO_WORKER.some((pattern) => pattern.test(source));
}

const files = sourceFiles('components');
const talking = files.filter((f) => !isStore(f) && talksToWorker(f));

/**
 * Entrypoints that ask the worker themselves: the panel's one-shot ticket claim, and the popup's first
 * question, asked before its app loads and handed to the triage store (takeFirstView).
 */
const ENTRY_ASKS = new Set(['entrypoints/panel/main.tsx', 'entrypoints/popup/main.ts', 'entrypoints/popup/app.tsx']);

test('only feature stores (and one-shot actions) talk to the worker', () => {
  expect(files.length).toBeGreaterThan(100);
  expect(talking.filter((f) => !ONE_SHOT.has(f) && !NOT_YET_MOVED.has(f))).toEqual([]);
});

test('the list of files not yet moved only shrinks', () => {
  expect([...NOT_YET_MOVED].filter((f) => !talking.includes(f))).toEqual([]);
});

test('the rule sees a component asking the worker', () => {
  expect(TALKS_TO_WORKER.some((p) => p.test("const view = await ask('locations.list', {});"))).toBe(true);
  expect(TALKS_TO_WORKER.some((p) => p.test("import { ask } from '../../lib/messaging/ui.ts';"))).toBe(true);
  expect(TALKS_TO_WORKER.some((p) => p.test("void io.ask('provisioning.forget', { key })"))).toBe(true);
  expect(TALKS_TO_WORKER.some((p) => p.test('const answer = await answers.ask(() => question());'))).toBe(false);
});

test('entrypoints only wire: but for the panel’s ticket and the popup’s first question, none asks the worker', () => {
  const entries = sourceFiles('entrypoints');
  expect(entries.length).toBeGreaterThan(5);
  const asking = entries.filter(talksToWorker);
  expect(asking.filter((f) => !ENTRY_ASKS.has(f))).toEqual([]);
  // The list only shrinks: a file that no longer asks leaves it.
  expect([...ENTRY_ASKS].filter((f) => !asking.includes(f))).toEqual([]);
});
