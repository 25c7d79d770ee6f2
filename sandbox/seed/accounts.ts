// The customer accounts beyond 1001 and 1002 (`--accounts N`): an account manager's book of distinct
// businesses, each drawn from its own PRNG stream so 1001's and 1002's seed, and each other's, never move.
import type { Account, Location, Suggestion } from '../model.ts';
import { AVAILABLE_SERVICES, BAKERY_SITES, type Brand, FIRST_NAMES, LAST_NAMES, OUTDOOR_SITES } from '../seed-data.ts';
import { DEFAULT_CUSTOMER_ACCOUNTS, MAX_CUSTOMER_ACCOUNTS, MIN_CUSTOMER_ACCOUNTS } from './account-range.ts';
import { SeedListings } from './listings.ts';
import { makeLocations } from './places.ts';
import { createPrng, int, pick, type SeedRng, slugify } from './random.ts';
import { makeSuggestions } from './suggestions.ts';

export { DEFAULT_CUSTOMER_ACCOUNTS, MAX_CUSTOMER_ACCOUNTS, MIN_CUSTOMER_ACCOUNTS };
/** An added account's locations: the start's locations per account, at most this (big accounts are 1001's job). */
export const MAX_ADDED_LOCATIONS = 30;
/** An added account's waiting suggestions, at most this many per location. */
export const MAX_WAITING_PER_LOCATION = 7;

// 11 names × 10 trades: coprime, so 50 accounts never repeat a pair (and rarely a word next to each other).
const NAMES = [
  'Cedar',
  'Lakeside',
  'Copper Kettle',
  'Bluebird',
  'Northwind',
  'Maple Row',
  'Granite Peak',
  'Riverbend',
  'Juniper',
  'Silver Pine',
  'Old Mill',
];
interface Trade {
  suffix: string;
  initials: string;
  categories: string[][];
  hours: string[];
  describe: string;
}
const TRADES: Trade[] = [
  {
    suffix: 'Dental',
    initials: 'D',
    categories: [
      ['Dentist', 'Cosmetic Dentist'],
      ['Dentist', 'Orthodontist'],
    ],
    hours: ['Mon-Fri 8:00 AM-5:00 PM; Sat-Sun Closed'],
    describe: 'Family and cosmetic dentistry',
  },
  {
    suffix: 'Auto Care',
    initials: 'AC',
    categories: [
      ['Auto Repair Shop', 'Oil Change Service'],
      ['Auto Repair Shop', 'Tire Shop'],
    ],
    hours: ['Mon-Fri 7:30 AM-6:00 PM; Sat 8:00 AM-2:00 PM; Sun Closed'],
    describe: 'Brakes, tires and same-day repairs',
  },
  {
    suffix: 'Fitness',
    initials: 'F',
    categories: [
      ['Gym', 'Personal Trainer'],
      ['Gym', 'Yoga Studio'],
    ],
    hours: ['Mon-Sun 5:00 AM-10:00 PM'],
    describe: 'Open-floor gym with classes and coaching',
  },
  {
    suffix: 'Veterinary Clinic',
    initials: 'VC',
    categories: [
      ['Veterinarian', 'Pet Groomer'],
      ['Veterinarian', 'Animal Hospital'],
    ],
    hours: ['Mon-Sat 8:00 AM-6:00 PM; Sun Closed'],
    describe: 'Care for cats, dogs and small pets',
  },
  {
    suffix: 'Hardware',
    initials: 'H',
    categories: [
      ['Hardware Store', 'Garden Center'],
      ['Hardware Store', 'Paint Store'],
    ],
    hours: ['Mon-Sat 7:00 AM-8:00 PM; Sun 9:00 AM-6:00 PM'],
    describe: 'Tools, paint and keys cut while you wait',
  },
  {
    suffix: 'Florist',
    initials: 'FL',
    categories: [
      ['Florist', 'Gift Shop'],
      ['Florist', 'Wedding Service'],
    ],
    hours: ['Mon-Sat 9:00 AM-6:00 PM; Sun 10:00 AM-3:00 PM'],
    describe: 'Fresh bouquets and same-day delivery',
  },
  {
    suffix: 'Pizza Co.',
    initials: 'PZ',
    categories: [
      ['Pizza Restaurant', 'Italian Restaurant'],
      ['Pizza Restaurant', 'Pizza Delivery'],
    ],
    hours: ['Mon-Sun 11:00 AM-10:00 PM'],
    describe: 'Wood-fired pizza, salads and local beer',
  },
  {
    suffix: 'Eye Care',
    initials: 'EC',
    categories: [
      ['Optometrist', 'Eyewear Store'],
      ['Optometrist', 'Contact Lens Supplier'],
    ],
    hours: ['Mon-Fri 9:00 AM-6:00 PM; Sat 9:00 AM-1:00 PM; Sun Closed'],
    describe: 'Eye exams, glasses and contact lenses',
  },
  {
    suffix: 'Coffee Roasters',
    initials: 'CR',
    categories: [
      ['Coffee Shop', 'Coffee Roaster'],
      ['Coffee Shop', 'Cafe'],
    ],
    hours: ['Mon-Sun 6:30 AM-5:00 PM'],
    describe: 'Small-batch coffee roasted on site',
  },
  {
    suffix: 'Realty',
    initials: 'R',
    categories: [['Real Estate Agency', 'Property Management Company'], ['Real Estate Agency']],
    hours: ['Mon-Fri 9:00 AM-5:30 PM; Sat 10:00 AM-2:00 PM; Sun Closed'],
    describe: 'Homes bought, sold and managed',
  },
];

export interface AddedAccount {
  account: Account;
  locations: Location[];
  suggestions: Suggestion[];
  listings: SeedListings;
}

/** Account `1003 + k`: the same business, locations, listings and suggestions for the same k, whatever N is. */
export function addedAccount(
  k: number,
  perAccount: number,
  nowMs: number,
  hostile: boolean,
  /** Waiting suggestions instead of the drawn 8 to 40 (at most 7 per location); the stream draws the same either way. */
  waitingPerAccount?: number,
): AddedAccount {
  const accountId = String(1003 + k);
  const rng: SeedRng = createPrng(20240611 + 7919 * (k + 1));
  const stem = NAMES[k % NAMES.length]!;
  const trade = TRADES[k % TRADES.length]!;
  const brandName = `${stem} ${trade.suffix}`;
  const initials =
    stem
      .split(' ')
      .map((w) => w[0])
      .join('') + trade.initials;
  const domain = `www.${slugify(brandName).replace(/-/g, '')}.com/locations`;
  const brand: Brand = {
    accountId,
    brand: brandName,
    prefix: `${initials}${accountId.slice(-2)}`,
    domain,
    sites: k % 2 === 0 ? OUTDOOR_SITES : BAKERY_SITES,
    hours: trade.hours,
    categories: trade.categories,
    describe: (s) => `${trade.describe} in ${s.neighborhood}, ${s.city}.`,
  };
  const locations = makeLocations(rng, brand, Math.min(perAccount, MAX_ADDED_LOCATIONS));
  const listings = new SeedListings(rng, locations, hostile);
  const first = pick(rng, FIRST_NAMES);
  const last = pick(rng, LAST_NAMES);
  const account: Account = {
    accountId,
    accountName: brandName,
    parentAccountId: '',
    contactFirstName: first,
    contactLastName: last,
    contactPhone: locations[0]!.phone,
    contactEmail: `${first}.${last}@${domain.split('/')[0]!.replace(/^www\./, '')}`.toLowerCase(),
    listingsSubscription: true,
    availableSkus: AVAILABLE_SERVICES.map((s) => s.sku),
  };
  // Waiting suggestions from today to three weeks old, most of them recent, the first past two weeks:
  // the ones the service may soon apply by itself.
  let n = 0;
  const age = () => (n++ === 0 ? int(rng, 15, 21) : Math.floor(rng() ** 2 * 22));
  const drawn = int(rng, 8, 40);
  const waiting = Math.min(waitingPerAccount ?? drawn, locations.length * MAX_WAITING_PER_LOCATION);
  const suggestions = makeSuggestions(
    rng,
    locations,
    { WAITING_ON_CUSTOMER: waiting, ACCEPTED: 3, REJECTED: 2, EXPIRED: 1 },
    nowMs,
    account.contactEmail,
    Number(accountId) * 100_000 + 1,
    age,
  );
  return { account, locations, suggestions, listings };
}
