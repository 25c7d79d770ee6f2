// @vitest-environment node
// The listing-URL search: with its trigram index it finds exactly the rows a plain includes() finds,
// for rare terms (candidates checked), common ones (the walk), short ones, and odd characters.
import { expect, test } from 'vitest';
import { rowsWithUrlTerm, urlIndex, urlSearchText } from '../../lib/background/listings-workspace/url-search.ts';

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
