// Deterministic seed: the same options on the same day give byte-identical data.
// Dates are relative to the sandbox clock so minimum-commitment and expiry rules stay meaningful.
import { applyHostile } from './hostile.ts';
import type { SandboxState } from './model.ts';
import { SeedListings } from './seed/listings.ts';
import { seedAccounts, seedFolders, seedRoles, seedUsers } from './seed/people.ts';
import { makeLocations, subLocations } from './seed/places.ts';
import { createPrng } from './seed/random.ts';
import { seedServices } from './seed/services.ts';
import { makeSuggestions } from './seed/suggestions.ts';
import { AVAILABLE_SERVICES, BAKERY, OUTDOOR, PUBLISHERS } from './seed-data.ts';

export interface SeedOptions {
  hostile?: boolean;
  locationsPerAccount?: number;
  /** Waiting suggestions of account 1001 (default 48); at most 7 per location, so raise locationsPerAccount too. */
  waitingSuggestions?: number;
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
export function seedListingsOf(state: Pick<SandboxState, 'locationsPerAccount' | 'hostile'>): SeedListings {
  return seedPlaces(state.locationsPerAccount, state.hostile).listings;
}

export function createSeed(options: SeedOptions): SandboxState {
  const nowMs = options.nowMs;
  const perAccount = Math.max(1, Math.floor(options.locationsPerAccount ?? DEFAULT_LOCATIONS_PER_ACCOUNT));
  if (perAccount > MAX_LOCATIONS_PER_ACCOUNT) {
    throw new RangeError(
      `The sandbox holds at most ${MAX_LOCATIONS_PER_ACCOUNT.toLocaleString('en-US')} locations per account, not ${perAccount.toLocaleString('en-US')}.`,
    );
  }
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

  const { services, nextId } = seedServices(nowMs, { bakery, outdoor, wholesale, rentals });

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
    accounts: seedAccounts(),
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
  return state;
}
