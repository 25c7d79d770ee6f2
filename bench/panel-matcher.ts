// The embedded panel's rule-less guess: a CRM page of 5,000 text nodes against 2,000 locations, and against
// every linked account's at once (30 accounts × 200, merged into one list as the worker does).
import type { LinkedAccount } from '../lib/background/core/account-items.ts';
import { createAccountLists } from '../lib/background/embedded-panel/account-lists.ts';
import { type MatchableLocation, matchPage, prepareLocations } from '../lib/shared/embedded-panel/matcher.ts';
import { type Figure, median } from './figure.ts';

const STREETS = ['Main Street', 'Fremont Blvd', 'Broadway', 'Oak Avenue', 'Mission Road', 'Château Lane'];
const WORDS = ['Open', 'deal', 'Renewal', 'contact', 'Notes', 'Owner', 'Stage', 'Qualified', 'Résumé', 'call back'];

function locations(count: number, business = 'Harbor Bakery', area = 510, first = 0): MatchableLocation[] {
  return Array.from({ length: count }, (_, k) => {
    const i = first + k;
    return {
      id: `LOC-${1000 + i}`,
      name: `${business} – Store ${i}`,
      address: `${100 + i} ${STREETS[i % STREETS.length]}, Fremont, CA 945${String(i % 100).padStart(2, '0')}`,
      phone: `+1 (${area}) 555-${String(i % 10_000).padStart(4, '0')}`,
    };
  });
}

const BUSINESSES = ['Harbor Bakery', 'Cedar Dental', 'Summit Outdoor', 'Birch Florists', 'Oak Vets', 'Pine Fitness'];
const ACCOUNTS = 30;
const PER_ACCOUNT = 200;

/** 30 accounts of 200 locations each: six kinds of business, each account its own area code and id range. */
function accountLocations(): Map<string, MatchableLocation[]> {
  const lists = new Map<string, MatchableLocation[]>();
  for (let a = 0; a < ACCOUNTS; a += 1) {
    const business = `${BUSINESSES[a % BUSINESSES.length]} ${Math.floor(a / BUSINESSES.length) + 1}`;
    lists.set(`acct-${a}`, locations(PER_ACCOUNT, business, 201 + a, a * PER_ACCOUNT));
  }
  return lists;
}

const linked = (accountKey: string): LinkedAccount => ({
  accountKey,
  accountName: accountKey,
  appSpecificAccountId: accountKey,
  linkedAt: 0,
  needsRelink: false,
  apiOrigin: 'https://api.example',
});

/** A record page: mostly CRM chrome and notes, with one location's name, phone and street somewhere in it. */
function pageTexts(count: number, about: MatchableLocation): string[] {
  const texts = Array.from(
    { length: count },
    (_, i) => `${WORDS[i % WORDS.length]} ${i} ${WORDS[(i * 7) % WORDS.length]} on 2026-11-${(i % 28) + 1}`,
  );
  texts[count >> 1] = about.name;
  texts[count >> 2] = about.phone.replace(/[()]/g, '');
  texts[(count * 3) >> 2] = about.address.split(',')[0]!;
  return texts;
}

export async function panelMatcherFigures(): Promise<Figure[]> {
  const known = locations(2000);
  const texts = pageTexts(5000, known[1234]!);
  const times: number[] = [];
  const cpuTimes: number[] = [];
  const prepareTimes: number[] = [];
  for (let run = 0; run < 15; run += 1) {
    let started = performance.now();
    // The worker prepares a list once and keeps it for every page of the session.
    const prepared = prepareLocations(known);
    prepareTimes.push(performance.now() - started);
    started = performance.now();
    const cpu = process.cpuUsage();
    const match = matchPage(texts, prepared);
    const used = process.cpuUsage(cpu);
    times.push(performance.now() - started);
    cpuTimes.push((used.user + used.system) / 1000);
    if (match?.location.id !== 'LOC-2234') throw new Error('bench: the matcher missed the planted location');
  }
  const ms = Math.round(median(times) * 10) / 10;
  // On a shared machine the wall time waits for other processes; CPU time is this process's own work.
  const cpuMs = Math.round(median(cpuTimes) * 10) / 10;
  return [
    ...(await acrossAccounts()),
    {
      name: 'panel matcher, preparing 2,000 locations once (median of 15)',
      value: Math.round(median(prepareTimes) * 10) / 10,
      unit: 'ms',
    },
    {
      name: 'panel matcher, 5,000 text nodes × 2,000 locations (median of 15)',
      value: ms,
      unit: 'ms',
      target: '≤ 20 ms',
      pass: ms <= 20,
    },
    {
      name: 'panel matcher, same, CPU time (median of 15)',
      value: cpuMs,
      unit: 'ms',
      target: '≤ 20 ms',
      pass: cpuMs <= 20,
    },
  ];
}

/**
 * What the worker does for a site matched against every linked account: the accounts' cached lists merged
 * into one prepared list (createAccountLists, the worker's own code), then one pass over the page.
 */
async function acrossAccounts(): Promise<Figure[]> {
  const lists = accountLocations();
  const accounts = [...lists.keys()].map(linked);
  const about = lists.get('acct-17')![123]!;
  const texts = pageTexts(5000, about);
  const times: number[] = [];
  const cpuTimes: number[] = [];
  const prepareTimes: number[] = [];
  for (let run = 0; run < 15; run += 1) {
    // A fresh worker each run: the merged list is prepared on its first page, then kept for the next ones.
    const merged = createAccountLists({
      loadLocations: async (accountKey) => ({ fetchedAt: 1, locations: lists.get(accountKey)! }),
      now: () => 0,
    });
    let started = performance.now();
    await merged.lists(accounts);
    prepareTimes.push(performance.now() - started);
    started = performance.now();
    const cpu = process.cpuUsage();
    const { prepared } = await merged.lists(accounts);
    const match = matchPage(texts, prepared);
    const used = process.cpuUsage(cpu);
    times.push(performance.now() - started);
    cpuTimes.push((used.user + used.system) / 1000);
    if (match?.location.id !== about.id || match.location.accountKey !== 'acct-17') {
      throw new Error('bench: the matcher missed the planted location of the 18th account');
    }
  }
  const ms = Math.round(median(times) * 10) / 10;
  const cpuMs = Math.round(median(cpuTimes) * 10) / 10;
  return [
    {
      name: 'panel matcher, 30 accounts × 200 locations merged, first page (median of 15)',
      value: Math.round(median(prepareTimes) * 10) / 10,
      unit: 'ms',
    },
    {
      name: 'panel matcher, 5,000 text nodes × 30 accounts’ 6,000 locations, kept list (median of 15)',
      value: ms,
      unit: 'ms',
      target: '≤ 20 ms',
      pass: ms <= 20,
    },
    {
      name: 'panel matcher, same across accounts, CPU time (median of 15)',
      value: cpuMs,
      unit: 'ms',
      target: '≤ 20 ms',
      pass: cpuMs <= 20,
    },
  ];
}
