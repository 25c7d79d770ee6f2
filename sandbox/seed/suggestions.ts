// Seeded publisher suggestions: plausible edits of a location's current data, in every status.
import { DAY_MS, isoDate, type Location, type Suggestion, type SuggestionStatus } from '../model.ts';
import { fieldContent, SUGGESTION_FIELDS } from '../rules/suggestions.ts';
import { int, pick, type Rng } from './random.ts';

const SUGGESTION_PUBLISHER_ID = 'GOOGLEMYBUSINESS';

const STREET_SUFFIXES: [RegExp, string][] = [
  [/ St$/, ' Street'],
  [/ Ave$/, ' Avenue'],
  [/ Blvd$/, ' Boulevard'],
];

function suggestContent(rng: Rng, location: Location, fieldName: string): string {
  const original = fieldContent(location, fieldName);
  const city = location.address.city;
  switch (fieldName) {
    case 'name': {
      const [brand = location.name, place = city] = location.name.split(' - ');
      return pick(rng, [`${brand} ${place}`, `${brand} & Cafe - ${place}`, `${brand} (${city})`]);
    }
    case 'address.line1': {
      for (const [pattern, long] of STREET_SUFFIXES) if (pattern.test(original)) return original.replace(pattern, long);
      const [num = '100', ...rest] = original.split(' ');
      return `${Number(num) + 2} ${rest.join(' ')}`;
    }
    case 'phone': {
      const last = (Number(original.slice(-2)) + int(rng, 11, 88)) % 100;
      return `${original.slice(0, -2)}${String(last).padStart(2, '0')}`;
    }
    case 'hours': {
      const options = [
        original.replace(/6:00 PM/, '7:00 PM').replace(/4:00 PM/, '3:00 PM'),
        'Mon-Fri 7:00 AM-6:00 PM; Sat 8:00 AM-4:00 PM; Sun Closed',
        'Mon-Sun 7:00 AM-5:30 PM',
      ].filter((h) => h !== original);
      return pick(rng, options);
    }
    case 'websiteUrl':
      return original.replace('https://www.', 'http://').replace(/\/locations\/|\/stores\//, '/');
    case 'description':
      return pick(rng, [
        original.replace('every morning', 'daily'),
        `${original.split(':')[0] ?? original}. Open early, with parking out back.`,
        original.replace(/^[A-Z][a-z]+/, (w) => `Family-owned ${w.toLowerCase()}`),
      ]);
    case 'categories': {
      const pool =
        location.accountId === '1001'
          ? ['Coffee Shop', 'Dessert Shop', 'Sandwich Shop', 'Breakfast Restaurant', 'Wedding Cake Shop']
          : ['Kayak Rental', 'Bicycle Repair Shop', 'Gift Shop', 'Ski Rental Service', 'Fishing Store'];
      const cats = [...location.categories];
      cats[cats.length - 1] = pick(
        rng,
        pool.filter((p) => !cats.includes(p)),
      );
      return cats.join(', ');
    }
    default:
      return original;
  }
}

export function makeSuggestions(
  rng: Rng,
  locations: Location[],
  counts: Record<SuggestionStatus, number>,
  nowMs: number,
  resolver: string,
  startId: number,
  /** A waiting suggestion's age in days, drawn in order (default: 0 to 40 days). */
  waitingAge: () => number = () => int(rng, 0, 40),
): Suggestion[] {
  // Every waiting suggestion is on its own (location, field) so its originalContent is the current data.
  const slots: [Location, string][] = [];
  for (const field of SUGGESTION_FIELDS) for (const location of locations) slots.push([location, field]);
  for (let i = slots.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [slots[i], slots[j]] = [slots[j] as [Location, string], slots[i] as [Location, string]];
  }
  const drafts: Omit<Suggestion, 'id'>[] = [];
  const order: SuggestionStatus[] = ['WAITING_ON_CUSTOMER', 'ACCEPTED', 'REJECTED', 'EXPIRED'];
  let slot = 0;
  for (const status of order) {
    for (let n = 0; n < counts[status] && slot < slots.length; n++, slot++) {
      const [location, fieldName] = slots[slot] as [Location, string];
      const ageDays = status === 'WAITING_ON_CUSTOMER' ? waitingAge() : int(rng, 20, 120);
      const created = nowMs - ageDays * DAY_MS;
      const resolved = status === 'WAITING_ON_CUSTOMER' ? '' : isoDate(created + int(rng, 1, 14) * DAY_MS);
      const originalContent = fieldContent(location, fieldName);
      let suggestedContent = suggestContent(rng, location, fieldName);
      if (suggestedContent === originalContent) suggestedContent = `${originalContent} (updated)`;
      drafts.push({
        accountId: location.accountId,
        publisherId: SUGGESTION_PUBLISHER_ID,
        locationId: location.id,
        dateCreated: isoDate(created),
        dateResolved: resolved,
        fieldName,
        status,
        resolvedBy: status === 'ACCEPTED' || status === 'REJECTED' ? resolver : '',
        originalContent,
        suggestedContent,
      });
    }
  }
  drafts.sort((a, b) => (a.dateCreated < b.dateCreated ? -1 : a.dateCreated > b.dateCreated ? 1 : 0));
  return drafts.map((d, i) => ({ id: String(startId + i), ...d }));
}
