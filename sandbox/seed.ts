// Deterministic seed: the same options on the same day give byte-identical data.
// Dates are relative to the sandbox clock so minimum-commitment and expiry rules stay meaningful.
import { applyHostile } from './hostile.ts';
import { BAKERY_SITES, FIRST_NAMES, LAST_NAMES, OUTDOOR_SITES, PUBLISHERS, type Site, STREETS } from './seed-data.ts';
import {
  type Account,
  type AvailableService,
  compareListings,
  DAY_MS,
  isoDate,
  type Listing,
  type ListingStatus,
  type Location,
  type SandboxState,
  type Service,
  type Suggestion,
  type SuggestionStatus,
  type User,
} from './state.ts';

export interface SeedOptions {
  hostile?: boolean;
  locationsPerAccount?: number;
  /** Waiting suggestions of account 1001 (default 48); at most 7 per location, so raise locationsPerAccount too. */
  waitingSuggestions?: number;
  /** Sandbox-clock milliseconds the seed's dates are relative to. */
  nowMs: number;
}

export const DEFAULT_LOCATIONS_PER_ACCOUNT = 30;
export const SUGGESTION_PUBLISHER_ID = 'GOOGLEMYBUSINESS';

/** mulberry32: tiny, fast and good enough for seed data. */
export function createPrng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rng = () => number;
const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)] as T;
const int = (rng: Rng, min: number, max: number) => min + Math.floor(rng() * (max - min + 1));

function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

interface Brand {
  accountId: string;
  brand: string;
  prefix: string;
  domain: string;
  sites: Site[];
  hours: string[];
  categories: string[][];
  describe: (site: Site) => string;
}

const BAKERY: Brand = {
  accountId: '1001',
  brand: 'Harbor Bakery',
  prefix: 'HB',
  domain: 'www.harborbakery.com/locations',
  sites: BAKERY_SITES,
  hours: [
    'Mon-Fri 6:30 AM-6:00 PM; Sat-Sun 7:00 AM-4:00 PM',
    'Mon-Sat 7:00 AM-7:00 PM; Sun 8:00 AM-3:00 PM',
    'Daily 6:00 AM-5:00 PM',
  ],
  categories: [
    ['Bakery', 'Cafe', 'Coffee Shop'],
    ['Bakery', 'Pastry Shop', 'Breakfast Restaurant'],
    ['Bakery', 'Wholesale Bakery', 'Cafe'],
  ],
  describe: (s) =>
    `Neighborhood bakery in ${s.neighborhood}, ${s.city} baking sourdough, croissants and seasonal pastries from scratch every morning.`,
};

const OUTDOOR: Brand = {
  accountId: '1002',
  brand: 'Summit Outdoor Supply',
  prefix: 'SOS',
  domain: 'www.summitoutdoorsupply.com/stores',
  sites: OUTDOOR_SITES,
  hours: [
    'Mon-Sat 9:00 AM-8:00 PM; Sun 10:00 AM-6:00 PM',
    'Mon-Sun 8:00 AM-7:00 PM',
    'Mon-Fri 10:00 AM-7:00 PM; Sat-Sun 9:00 AM-6:00 PM',
  ],
  categories: [
    ['Outdoor Sports Store', 'Camping Store', 'Ski Shop'],
    ['Outdoor Sports Store', 'Climbing Gear Store', 'Bicycle Shop'],
    ['Sporting Goods Store', 'Hiking Equipment Store', 'Ski Rental Service'],
  ],
  describe: (s) =>
    `Gear, rentals and trail advice for ${s.city}: camping, climbing, paddling and ski equipment with a full-service repair shop.`,
};

function makeLocations(rng: Rng, brand: Brand, count: number): Location[] {
  const out: Location[] = [];
  for (let i = 0; i < count; i++) {
    const s = brand.sites[i % brand.sites.length] as Site;
    const round = Math.floor(i / brand.sites.length);
    const neighborhood = round === 0 ? s.neighborhood : `${s.neighborhood} ${round + 1}`;
    const name = `${brand.brand} - ${neighborhood}`;
    out.push({
      id: `${brand.prefix}-${String(i + 1).padStart(3, '0')}`,
      accountId: brand.accountId,
      name,
      address: {
        line1: `${int(rng, 100, 4999)} ${pick(rng, STREETS)}`,
        line2: rng() < 0.2 ? `Suite ${int(rng, 100, 240)}` : '',
        city: s.city,
        region: s.region,
        postalCode: s.postalCode,
        countryCode: 'US',
      },
      phone: `(${s.areaCode}) 555-01${String(int(rng, 0, 99)).padStart(2, '0')}`,
      hours: pick(rng, brand.hours),
      websiteUrl: `https://${brand.domain}/${slugify(`${s.city} ${neighborhood}`)}`,
      description: brand.describe(s),
      categories: [...pick(rng, brand.categories)],
      // One per account (the seventh) is a potential duplicate, so add requests for it stop in REVIEW.
      possibleDuplicate: i === 6,
    });
  }
  return out;
}

function subLocations(parent: Brand, accountId: string, prefix: string, label: string, count: number, rng: Rng) {
  const brand: Brand = { ...parent, accountId, prefix, brand: `${parent.brand} ${label}` };
  return makeLocations(rng, brand, count).map((l) => ({ ...l, possibleDuplicate: false }));
}

const STATUS_WEIGHTS: [ListingStatus, number][] = [
  ['LIVE', 0.58],
  ['WAITING_ON_PUBLISHER', 0.1],
  ['WAITING_ON_YEXT', 0.06],
  ['WAITING_ON_CUSTOMER', 0.06],
  ['UNAVAILABLE', 0.08],
  ['OPTED_OUT', 0.12],
];

const UNAVAILABLE_REASONS: [string, string, boolean][] = [
  ['CATEGORY_NOT_SUPPORTED', 'The publisher does not list businesses in this category.', false],
  ['PUBLISHER_REJECTED', 'The publisher rejected the listing during its own quality review.', false],
  ['MISSING_REQUIRED_FIELD', 'A required field (business hours) is missing for this publisher.', true],
  ['DUPLICATE_LISTING', 'The publisher reports a duplicate listing that must be resolved first.', true],
];

function pickStatus(rng: Rng): ListingStatus {
  let r = rng();
  for (const [status, weight] of STATUS_WEIGHTS) {
    r -= weight;
    if (r < 0) return status;
  }
  return 'LIVE';
}

function makeListings(rng: Rng, locations: Location[]): Listing[] {
  const out: Listing[] = [];
  for (const location of locations) {
    for (const publisher of PUBLISHERS) {
      const status = pickStatus(rng);
      const id = `${location.id}-${publisher.id}`;
      const slug = slugify(`${location.name} ${location.address.city}`);
      const listingUrl =
        status === 'WAITING_ON_YEXT' ? '' : `https://${publisher.domain}/${slug}-${int(rng, 1000, 9999)}`;
      let screenShotUrl: string;
      if (status !== 'LIVE') screenShotUrl = 'Screenshot will be available once the listing is live';
      else if (rng() < 0.15) screenShotUrl = 'No screenshot available for this publisher';
      else screenShotUrl = `https://screenshots.listings-sandbox.example/${location.accountId}/${id}.png`;
      const statusDetails: Listing['statusDetails'] = [];
      if (status === 'UNAVAILABLE') {
        const [code, message, actionable] = pick(rng, UNAVAILABLE_REASONS);
        statusDetails.push({ code, type: 'UNAVAILABLE_REASON', message, actionable });
      } else if (status === 'WAITING_ON_CUSTOMER') {
        statusDetails.push({
          code: 'VERIFICATION_REQUIRED',
          type: 'WARNING',
          message: 'The publisher needs the business owner to verify this listing.',
          actionable: true,
        });
      }
      out.push({
        id,
        accountId: location.accountId,
        locationId: location.id,
        publisherId: publisher.id,
        status,
        listingUrl,
        screenShotUrl,
        statusDetails,
      });
    }
  }
  return out;
}

export const SUGGESTION_FIELDS = [
  'name',
  'address.line1',
  'phone',
  'hours',
  'websiteUrl',
  'description',
  'categories',
] as const;

/** The location's current value of a suggestion field, as suggestion content (a string). */
export function fieldContent(location: Location, fieldName: string): string {
  switch (fieldName) {
    case 'name':
      return location.name;
    case 'address.line1':
      return location.address.line1;
    case 'address.line2':
      return location.address.line2;
    case 'address.city':
      return location.address.city;
    case 'address.postalCode':
      return location.address.postalCode;
    case 'phone':
      return location.phone;
    case 'hours':
      return location.hours;
    case 'websiteUrl':
      return location.websiteUrl;
    case 'description':
      return location.description;
    case 'categories':
      return location.categories.join(', ');
    default:
      return '';
  }
}

/** Applies accepted suggestion content to the location (the vendor's "data updated to match"). */
export function applyFieldContent(location: Location, fieldName: string, content: string): void {
  switch (fieldName) {
    case 'name':
      location.name = content;
      break;
    case 'address.line1':
      location.address.line1 = content;
      break;
    case 'address.line2':
      location.address.line2 = content;
      break;
    case 'address.city':
      location.address.city = content;
      break;
    case 'address.postalCode':
      location.address.postalCode = content;
      break;
    case 'phone':
      location.phone = content;
      break;
    case 'hours':
      location.hours = content;
      break;
    case 'websiteUrl':
      location.websiteUrl = content;
      break;
    case 'description':
      location.description = content;
      break;
    case 'categories':
      location.categories = content
        .split(',')
        .map((c) => c.trim())
        .filter(Boolean);
      break;
  }
}

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

function makeSuggestions(
  rng: Rng,
  locations: Location[],
  counts: Record<SuggestionStatus, number>,
  nowMs: number,
  resolver: string,
  startId: number,
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
      const ageDays = status === 'WAITING_ON_CUSTOMER' ? int(rng, 0, 40) : int(rng, 20, 120);
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

const AVAILABLE_SERVICES: AvailableService[] = [
  {
    sku: 'PL-ESSENTIALS',
    agreementId: 48211,
    serviceDescription: 'Listings Essentials: location data synced to 60+ publishers',
    recipientType: 'LOCATION',
    minimumUsage: 1,
    minimumUsageUnit: 'MONTHS',
    addOnTo: [],
  },
  {
    sku: 'PL-PREMIUM',
    agreementId: 'AGR-2024-0117',
    serviceDescription: 'Listings Premium: publisher suggestions, duplicate suppression and priority sync',
    recipientType: 'LOCATION',
    minimumUsage: 1,
    minimumUsageUnit: 'MONTHS',
    addOnTo: [],
  },
  {
    sku: 'REVIEWS-MONITOR',
    agreementId: 48212,
    serviceDescription: 'Review monitoring and response across connected publishers',
    recipientType: 'LOCATION',
    minimumUsage: 3,
    minimumUsageUnit: 'MONTHS',
    addOnTo: [],
  },
  {
    sku: 'PAGES-LOCAL',
    agreementId: 'AGR-2024-0230',
    serviceDescription: 'Hosted local landing page per location',
    recipientType: 'LOCATION',
    minimumUsage: 12,
    minimumUsageUnit: 'MONTHS',
    addOnTo: [],
  },
  {
    sku: 'ANALYTICS-PLUS',
    agreementId: 48213,
    serviceDescription: 'Search and listings analytics add-on',
    recipientType: 'LOCATION',
    minimumUsage: 30,
    minimumUsageUnit: 'DAYS',
    addOnTo: ['PL-ESSENTIALS', 'PL-PREMIUM'],
  },
];

function account(
  accountId: string,
  accountName: string,
  parentAccountId: string,
  contact: [string, string, string, string],
  listingsSubscription: boolean,
  availableSkus: string[],
): Account {
  const [contactFirstName, contactLastName, contactPhone, contactEmail] = contact;
  return {
    accountId,
    accountName,
    parentAccountId,
    contactFirstName,
    contactLastName,
    contactPhone,
    contactEmail,
    listingsSubscription,
    availableSkus,
  };
}

export function createSeed(options: SeedOptions): SandboxState {
  const nowMs = options.nowMs;
  const perAccount = Math.max(1, Math.floor(options.locationsPerAccount ?? DEFAULT_LOCATIONS_PER_ACCOUNT));
  const rng = createPrng(20240611);
  const allSkus = AVAILABLE_SERVICES.map((s) => s.sku);

  const accounts: Account[] = [
    account(
      '1001',
      'Harbor Bakery Group',
      '',
      ['Maria', 'Alvarez', '(503) 555-0100', 'maria.alvarez@harborbakery.com'],
      true,
      allSkus,
    ),
    account(
      '1002',
      'Summit Outdoor Supply',
      '',
      ['Elena', 'Kowalski', '(303) 555-0100', 'elena.kowalski@summitoutdoorsupply.com'],
      true,
      allSkus.filter((s) => s !== 'PAGES-LOCAL'),
    ),
    account(
      '1101',
      'Harbor Bakery Wholesale',
      '1001',
      ['Devon', 'Park', '(503) 555-0110', 'wholesale@harborbakery.com'],
      true,
      allSkus,
    ),
    // No listings subscription: listings calls on it answer empty, as the interface warns.
    account(
      '1102',
      'Harbor Bakery Pop-ups',
      '1001',
      ['Sam', 'Whitaker', '(206) 555-0120', 'popups@harborbakery.com'],
      false,
      allSkus,
    ),
    account(
      '1201',
      'Summit Rentals',
      '1002',
      ['Marcus', 'Reyes', '(801) 555-0130', 'rentals@summitoutdoorsupply.com'],
      true,
      [],
    ),
  ];

  const bakery = makeLocations(rng, BAKERY, perAccount);
  const outdoor = makeLocations(rng, OUTDOOR, perAccount);
  const wholesale = subLocations(BAKERY, '1101', 'HBW', 'Wholesale', 3, rng);
  const popups = subLocations(BAKERY, '1102', 'HBP', 'Pop-up', 2, rng);
  const rentals = subLocations(OUTDOOR, '1201', 'SOR', 'Rentals', 3, rng);
  const locations = [...bakery, ...outdoor, ...wholesale, ...popups, ...rentals];

  const listings = makeListings(rng, [...bakery, ...outdoor, ...wholesale, ...rentals]).sort(compareListings);

  const suggestions = [
    ...makeSuggestions(
      rng,
      bakery,
      { WAITING_ON_CUSTOMER: options.waitingSuggestions ?? 48, ACCEPTED: 10, REJECTED: 7, EXPIRED: 4 },
      nowMs,
      'maria.alvarez@harborbakery.com',
      710001,
    ),
    ...makeSuggestions(
      rng,
      outdoor,
      { WAITING_ON_CUSTOMER: 14, ACCEPTED: 3, REJECTED: 2, EXPIRED: 1 },
      nowMs,
      'elena.kowalski@summitoutdoorsupply.com',
      720001,
    ),
  ];

  const roles = {
    '1001': [
      { id: 101, name: 'Account Admin' },
      { id: 102, name: 'Location Manager' },
      { id: 103, name: 'Review Responder' },
      { id: 104, name: 'Folder Editor' },
      { id: 105, name: 'Listings Viewer' },
    ],
    '1002': [],
  };
  const folders = [
    { id: 'F-OR', accountId: '1001', name: 'Oregon Bakeries' },
    { id: 'F-WA', accountId: '1001', name: 'Washington Bakeries' },
    { id: 'F-CA', accountId: '1001', name: 'California Bakeries' },
    { id: 'F-CO', accountId: '1002', name: 'Colorado Stores' },
  ];

  const lastLogin = (days: number) => String(Math.floor((nowMs - days * DAY_MS) / 1000));
  const user = (
    u: Partial<User> & Pick<User, 'id' | 'accountId' | 'firstName' | 'lastName' | 'emailAddress'>,
  ): User => ({
    username: u.emailAddress,
    phoneNumber: '',
    password: '',
    emailLanguagePreference: 'en',
    displayLanguagePreference: 'en',
    lastLoginDate: '',
    sso: false,
    acl: [],
    ...u,
  });
  const firstLoc = bakery[0]?.id ?? 'HB-001';
  const secondLoc = bakery[1]?.id ?? firstLoc;
  const users: User[] = [
    user({
      id: 'hb-owner',
      accountId: '1001',
      firstName: 'Maria',
      lastName: 'Alvarez',
      emailAddress: 'maria.alvarez@harborbakery.com',
      phoneNumber: '(503) 555-0100',
      password: 'Sourdough!2024',
      lastLoginDate: lastLogin(1),
      acl: [{ roleId: '101', roleName: 'Account Admin', on: '1001', accountId: '1001', onType: 'ACCOUNT' }],
    }),
    user({
      id: 'hb-ops',
      accountId: '1001',
      firstName: 'Devon',
      lastName: 'Park',
      emailAddress: 'devon.park@harborbakery.com',
      phoneNumber: '(503) 555-0111',
      password: 'Croissant#77',
      lastLoginDate: lastLogin(3),
      acl: [
        { roleId: '102', roleName: 'Location Manager', on: firstLoc, accountId: '1001', onType: 'LOCATION' },
        { roleId: '102', roleName: 'Location Manager', on: secondLoc, accountId: '1001', onType: 'LOCATION' },
      ],
    }),
    user({
      id: 'hb-regional',
      accountId: '1001',
      firstName: 'Priya',
      lastName: 'Natarajan',
      emailAddress: 'priya.natarajan@harborbakery.com',
      phoneNumber: '(206) 555-0142',
      password: 'RainyDay-98101',
      lastLoginDate: lastLogin(12),
      acl: [{ roleId: '104', roleName: 'Folder Editor', on: 'F-WA', accountId: '1001', onType: 'FOLDER' }],
    }),
    user({
      id: 'hb-social',
      accountId: '1001',
      firstName: 'Sam',
      lastName: 'Whitaker',
      emailAddress: 'sam.whitaker@harborbakery.com',
      phoneNumber: '(503) 555-0163',
      password: 'Rye&Caraway3',
      acl: [{ roleId: '103', roleName: 'Review Responder', on: '1001', accountId: '1001', onType: 'ACCOUNT' }],
    }),
    user({
      id: 'hb-sso',
      accountId: '1001',
      firstName: 'Jordan',
      lastName: 'Lee',
      emailAddress: 'jordan.lee@harborbakery.com',
      sso: true,
      lastLoginDate: lastLogin(30),
      acl: [{ roleId: '105', roleName: 'Listings Viewer', on: 'F-OR', accountId: '1001', onType: 'FOLDER' }],
    }),
    user({
      id: 'sos-admin',
      accountId: '1002',
      firstName: 'Elena',
      lastName: 'Kowalski',
      emailAddress: 'elena.kowalski@summitoutdoorsupply.com',
      phoneNumber: '(303) 555-0100',
      password: 'Switchback-14er',
      lastLoginDate: lastLogin(2),
    }),
    user({
      id: 'sos-staff',
      accountId: '1002',
      firstName: 'Keiko',
      lastName: 'Sato',
      emailAddress: 'keiko.sato@summitoutdoorsupply.com',
      phoneNumber: '(970) 555-0177',
      password: 'Powder-Day-22',
    }),
  ];
  // A few more staff so user lists page.
  for (let i = 0; i < 6; i++) {
    const first = FIRST_NAMES[(i + 3) % FIRST_NAMES.length] as string;
    const last = LAST_NAMES[(i + 6) % LAST_NAMES.length] as string;
    const location = bakery[(i * 3) % bakery.length];
    users.push(
      user({
        id: `hb-staff-${i + 1}`,
        accountId: '1001',
        firstName: first,
        lastName: last,
        emailAddress: `${first}.${last}${i + 1}@harborbakery.com`.toLowerCase(),
        phoneNumber: `(503) 555-01${String(70 + i)}`,
        password: `Baguette-${1000 + i}`,
        acl: location
          ? [{ roleId: '102', roleName: 'Location Manager', on: location.id, accountId: '1001', onType: 'LOCATION' }]
          : [],
      }),
    );
  }

  const services: Service[] = [];
  let serviceId = 550001;
  const catalog = (sku: string) => AVAILABLE_SERVICES.find((s) => s.sku === sku) as AvailableService;
  const addService = (location: Location, sku: string, startedDaysAgo: number, stoppedDaysAgo?: number) => {
    const c = catalog(sku);
    const stopped = stoppedDaysAgo === undefined ? '' : isoDate(nowMs - stoppedDaysAgo * DAY_MS);
    services.push({
      id: serviceId++,
      locationId: location.id,
      locationAccountId: location.accountId,
      agreementId: c.agreementId,
      sku,
      serviceDescription: c.serviceDescription,
      started: isoDate(nowMs - startedDaysAgo * DAY_MS),
      stopped,
      stopOnDate: stopped,
      status: stopped ? 'STOPPED' : 'ACTIVE',
    });
  };
  bakery.forEach((location, i) => {
    addService(location, 'PL-PREMIUM', 200 + i);
    // Every fourth location (the first included) has a recent 3-month service that cannot be canceled yet.
    if (i % 4 === 0) addService(location, 'REVIEWS-MONITOR', 20);
    if (i % 5 === 2) addService(location, 'PAGES-LOCAL', 400, 30);
  });
  outdoor.forEach((location, i) => {
    // Started ten days ago: a one-month commitment blocks cancel until the clock moves.
    addService(location, 'PL-ESSENTIALS', i === 0 ? 10 : 90 + i);
    if (i % 3 === 1) addService(location, 'ANALYTICS-PLUS', 45);
  });
  for (const location of [...wholesale, ...rentals]) addService(location, 'PL-ESSENTIALS', 150);

  const state: SandboxState = {
    schemaVersion: 1,
    hostile: options.hostile === true,
    locationsPerAccount: perAccount,
    clockOffsetMs: 0,
    publishers: PUBLISHERS.map((p) => ({
      id: p.id,
      name: p.name,
      alternateBrands: p.brands.map(([name, url]) => ({ name, url })),
      supportedCountries: [...p.countries],
    })),
    accounts,
    folders,
    locations,
    listings,
    suggestions,
    roles,
    users,
    availableServices: AVAILABLE_SERVICES.map((s) => ({ ...s, addOnTo: [...s.addOnTo] })),
    services,
    addRequests: [],
    tokens: [],
    authCodes: [],
    nextIds: { service: serviceId, addRequest: 880001, user: 1 },
  };
  if (options.hostile) applyHostile(state);
  return state;
}
