// @vitest-environment node
// The listing-URL search: with its trigram index it finds exactly the rows a plain includes() finds,
// for rare terms (candidates checked), common ones (the walk), short ones, and odd characters.
import { expect, test } from 'vitest';
import {
  drain,
  rowsWithUrlTerm,
  urlIndex,
  urlIndexSteps,
  urlSearchText,
} from '../../lib/background/listings-workspace/url-search.ts';
import { WordSearch } from '../../lib/background/listings-workspace/word-search.ts';

const HOSTS = ['www.yelp.com', 'maps.google.com', 'www.bing.com', 'foursquare.com', 'İstanbul.example'];
const urls = Array.from({ length: 3000 }, (_, i) =>
  i % 97 === 0 ? '' : `https://${HOSTS[i % HOSTS.length]}/biz/harbor-bakery-${(i * 7919) % 1000}-Ünïcode-${i}`,
);

const expected = (term: string) => urls.map((u) => (u.toLowerCase().includes(term) ? 1 : 0));

test.each([
  'yelp',
  'harbor-bakery-12',
  'bakery-999-ü',
  'https',
  '.com/biz',
  'ünïcode-2999',
  'i̇stanbul',
  'co',
  'z',
  // One letter reads each row's letters; any other single character walks.
  'y',
  'q',
  'h',
  'ü',
  '1',
  '-',
  'bizh',
  '-1-ünïcode-11',
  'nothing-like-this',
])('%j: the index and the walk both find exactly the rows that hold it', (term) => {
  const indexed = urlIndex(urls);
  expect(Array.from(rowsWithUrlTerm(indexed, term))).toEqual(expected(term));
  expect(Array.from(rowsWithUrlTerm(urlSearchText(urls), term))).toEqual(expected(term));
});

test('no URLs, and one empty URL', () => {
  expect(Array.from(rowsWithUrlTerm(urlIndex([]), 'yelp'))).toEqual([]);
  expect(Array.from(rowsWithUrlTerm(urlIndex(['']), 'yelp'))).toEqual([0]);
});

test('built in slices (a worker answers between them), the index is the one built at once', () => {
  const steps = urlIndexSteps(urls, 500);
  let pauses = 0;
  let step = steps.next();
  for (; !step.done; step = steps.next()) pauses++;
  // 6 slices of the join, the join's end, then 6 slices of each pass.
  expect(pauses).toBe(19);
  expect(step.value).toEqual(urlIndex(urls));
  expect(drain(urlIndexSteps([], 500))).toEqual(urlIndex([]));
});

test('a warm build gives way between slices, and a search meanwhile finishes it and answers in full', async () => {
  const rows = Array.from({ length: 60_000 }, (_, i) => urls[i % urls.length]!);
  const columns = { loc: rows.map(() => 0), pub: rows.map(() => 0), listingUrls: rows, locText: [''], pubText: [''] };
  const search = new WordSearch(columns);
  let pauses = 0;
  let answered: number[] = [];
  await search.warmInSteps(async () => {
    pauses++;
    // A query that came while the build was under way (after its first slice).
    if (pauses === 2) answered = Array.from(search.urlFlags(search.words('harbor-bakery-12'))[0]!);
    return true;
  });
  expect(answered).toEqual(rows.map((u) => (u.toLowerCase().includes('harbor-bakery-12') ? 1 : 0)));
  // The search finished the build, so the warm stopped at its next pause instead of going on.
  expect(pauses).toBe(2);

  let whole = 0;
  await new WordSearch(columns).warmInSteps(async () => {
    whole++;
    return true;
  });
  // 60,000 rows in slices of 25,000: 3 of the join, its end, then 3 of each pass.
  expect(whole).toBe(10);
});
