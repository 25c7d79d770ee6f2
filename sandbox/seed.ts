// Deterministic seed: the same options on the same day give byte-identical data.
// Dates are relative to the sandbox clock so minimum-commitment and expiry rules stay meaningful.
import { applyHostile } from './hostile.ts';
import { applyLongNames } from './long-names.ts';
import type { SandboxState } from './model.ts';
import {
  addedAccount,
  DEFAULT_CUSTOMER_ACCOUNTS,
  MAX_ADDED_LOCATIONS,
  MAX_CUSTOMER_ACCOUNTS,
  MAX_WAITING_PER_LOCATION,
  MIN_CUSTOMER_ACCOUNTS,
} from './seed/accounts.ts';
import { SeedListingSet, SeedListings } from './seed/listings.ts';
import { seedAccounts, seedFolders, seedRoles, seedUsers } from './seed/people.ts';
import { makeLocations, subLocations } from './seed/places.ts';
import { createPrng } from './seed/random.ts';
import { seedServices } from './seed/services.ts';
import { makeSuggestions } from './seed/suggestions.ts';
import { AVAILABLE_SERVICES, BAKERY, OUTDOOR, PUBLISHERS } from './seed-data.ts';

export interface SeedOptions {
  hostile?: boolean;
  /** Every account, location, publisher and user name 60 characters long (sandbox/long-names.ts). */
  longNames?: boolean;
  locationsPerAccount?: number;
  /** Waiting suggestions of account 1001 (default 48); at most 7 per location, so raise locationsPerAccount too. */
  waitingSuggestions?: number;
  /** Waiting suggestions of each added account (1003 on) instead of 8 to 40; at most 7 per location. */
  waitingPerAddedAccount?: number;
  /** Customer accounts, 1001 and 1002 included (default 5, at most 50); 1003 on are added businesses. */
  accounts?: number;
  /** Sandbox-clock milliseconds the seed's dates are relative to. */
  nowMs: number;
}

const DEFAULT_LOCATIONS_PER_ACCOUNT = 30;
/**
 * What one sandbox holds: 20,000 locations per customer account is 1,380,000 listings each (an enterprise
 * account is 600,000). Beyond it the locations alone outgrow a sandbox on a laptop.
 */
export const MAX_LOCATIONS_PER_ACCOUNT = 20_000;
const SEED = 20240611;

/** The seed's places and the listings generator, drawn in a fixed order from one stream. */
function seedPlaces(perAccount: number, hostile: boolean) {
  const rng = createPrng(SEED);
  const bakery = makeLocations(rng, BAKERY, perAccount);
  const outdoor = makeLocations(rng, OUTDOOR, perAccount);
  const wholesale = subLocations(BAKERY, '1101', 'HBW', 'Wholesale', 3, rng);
  const popups = subLocations(BAKERY, '1102', 'HBP', 'Pop-up', 2, rng);
  const rentals = subLocations(OUTDOOR, '1201', 'SOR', 'Rentals', 3, rng);
  const listings = new SeedListings(rng, [...bakery, ...outdoor, ...wholesale, ...rentals], hostile);
  return { rng, bakery, outdoor, wholesale, popups, rentals, listings };
}

/** The listings a state's seed generates (the state keeps only those changed since): rebuilt, not saved. */
export function seedListingsOf(
  state: Pick<SandboxState, 'locationsPerAccount' | 'hostile' | 'customerAccounts'>,
): SeedListingSet {
  const added = Array.from(
    { length: (state.customerAccounts ?? MIN_CUSTOMER_ACCOUNTS) - MIN_CUSTOMER_ACCOUNTS },
    (_, k) => addedAccount(k, state.locationsPerAccount, 0, state.hostile).listings,
  );
  return new SeedListingSet(seedPlaces(state.locationsPerAccount, state.hostile).listings, added);
}

/** A bad `accounts` option, in one sentence; undefined when it is fine. */
export function accountsProblem(accounts: number): string | undefined {
  if (Number.isInteger(accounts) && accounts >= MIN_CUSTOMER_ACCOUNTS && accounts <= MAX_CUSTOMER_ACCOUNTS) return;
  return `The sandbox seeds ${MIN_CUSTOMER_ACCOUNTS} to ${MAX_CUSTOMER_ACCOUNTS} customer accounts (1001 and 1002 are always there), not ${accounts}.`;
}
export {
  DEFAULT_CUSTOMER_ACCOUNTS,
  MAX_ADDED_LOCATIONS,
  MAX_CUSTOMER_ACCOUNTS,
  MAX_WAITING_PER_LOCATION,
  MIN_CUSTOMER_ACCOUNTS,
};

export function createSeed(options: SeedOptions): SandboxState {
  const nowMs = options.nowMs;
  const perAccount = Math.max(1, Math.floor(options.locationsPerAccount ?? DEFAULT_LOCATIONS_PER_ACCOUNT));
  if (perAccount > MAX_LOCATIONS_PER_ACCOUNT) {
    throw new RangeError(
      `The sandbox holds at most ${MAX_LOCATIONS_PER_ACCOUNT.toLocaleString('en-US')} locations per account, not ${perAccount.toLocaleString('en-US')}.`,
    );
  }
  const customerAccounts = options.accounts ?? DEFAULT_CUSTOMER_ACCOUNTS;
  const problem = accountsProblem(customerAccounts);
  if (problem) throw new RangeError(problem);
  // One stream drawn in a fixed order: locations, then listings, then suggestions.
  const { rng, bakery, outdoor, wholesale, popups, rentals } = seedPlaces(perAccount, options.hostile === true);
  const locations = [...bakery, ...outdoor, ...wholesale, ...popups, ...rentals];

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

  // Added accounts go last, each from its own stream, so every index above (and the hostile seed's) stays put.
  const added = Array.from({ length: customerAccounts - MIN_CUSTOMER_ACCOUNTS }, (_, k) =>
    addedAccount(k, perAccount, nowMs, options.hostile === true, options.waitingPerAddedAccount),
  );
  locations.push(...added.flatMap((a) => a.locations));
  suggestions.push(...added.flatMap((a) => a.suggestions));

  const { services, nextId } = seedServices(nowMs, { bakery, outdoor, wholesale, rentals });

  const state: SandboxState = {
    schemaVersion: 1,
    hostile: options.hostile === true,
    locationsPerAccount: perAccount,
    customerAccounts,
    clockOffsetMs: 0,
    publishers: PUBLISHERS.map((p) => ({
      id: p.id,
      name: p.name,
      alternateBrands: p.brands.map(([name, url]) => ({ name, url })),
      supportedCountries: [...p.countries],
    })),
    accounts: [...seedAccounts(), ...added.map((a) => a.account)],
    folders: seedFolders(),
    locations,
    generatedListings: true,
    listings: [],
    suggestions,
    roles: seedRoles(),
    users: seedUsers(nowMs, bakery),
    availableServices: AVAILABLE_SERVICES.map((s) => ({ ...s, addOnTo: [...s.addOnTo] })),
    services,
    addRequests: [],
    tokens: [],
    authCodes: [],
    nextIds: { service: nextId, addRequest: 880001, user: 1 },
  };
  if (options.hostile) applyHostile(state);
  if (options.longNames) applyLongNames(state);
  return state;
}
