// The seed's listings, one per location × publisher, generated on demand rather than stored: an enterprise
// account's 600,000 listings as objects took gigabytes. The seed's PRNG stream is walked once, keeping only
// each listing's PRNG state (4 bytes) and status (1 byte), so a listing made later is the one the stream made.
import { hostileListing } from '../hostile.ts';
import { LISTING_STATUSES, type Listing, type ListingStatus, type Location } from '../model.ts';
import { PUBLISHERS, STATUS_WEIGHTS, UNAVAILABLE_REASONS } from '../seed-data.ts';
import { createPrng, int, pick, type Rng, type SeedRng, slugify } from './random.ts';

function pickStatus(rng: Rng): ListingStatus {
  let r = rng();
  for (const [status, weight] of STATUS_WEIGHTS) {
    r -= weight;
    if (r < 0) return status;
  }
  return 'LIVE';
}

const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** What a listing needs of its location, as the seed made it (later edits to the location do not move it). */
interface SeedPlace {
  id: string;
  accountId: string;
  slug: string;
}

export class SeedListings {
  private readonly places: SeedPlace[];
  private readonly placeIndex = new Map<string, number>();
  private readonly publisherIndex = new Map<string, number>();
  /** The PRNG state before each listing's draws, by place × publisher (the seed's order). */
  private readonly states: Uint32Array;
  private readonly statuses: Uint8Array;
  /** Each place's and publisher's rank by id: a listing's place in the state's order, for the hostile seed. */
  private readonly placeRank: Uint32Array;
  private readonly publisherRank: Uint32Array;
  private readonly hostile: boolean;

  /** Draws from `rng` exactly what making every listing draws, so the stream goes on as before. */
  constructor(rng: SeedRng, locations: readonly Location[], hostile: boolean) {
    this.hostile = hostile;
    this.places = locations.map((l) => ({
      id: l.id,
      accountId: l.accountId,
      slug: slugify(`${l.name} ${l.address.city}`),
    }));
    const P = PUBLISHERS.length;
    this.states = new Uint32Array(this.places.length * P);
    this.statuses = new Uint8Array(this.places.length * P);
    for (let i = 0; i < this.states.length; i++) {
      this.states[i] = rng.state;
      const status = pickStatus(rng);
      this.statuses[i] = LISTING_STATUSES.indexOf(status);
      if (status !== 'WAITING_ON_YEXT') rng();
      if (status === 'LIVE' || status === 'UNAVAILABLE') rng();
    }
    for (const [i, p] of this.places.entries()) this.placeIndex.set(p.id, i);
    for (const [i, p] of PUBLISHERS.entries()) this.publisherIndex.set(p.id, i);
    this.placeRank = rankBy(this.places.map((p) => p.id));
    this.publisherRank = rankBy(PUBLISHERS.map((p) => p.id));
  }

  get size(): number {
    return this.states.length;
  }

  /** The seeded locations of an account (undefined: of all) that have listings, in the seed's order. */
  locationIds(accountId: string | undefined): string[] {
    return this.places.filter((p) => accountId === undefined || p.accountId === accountId).map((p) => p.id);
  }

  has(locationId: string, publisherId: string): boolean {
    return this.placeIndex.has(locationId) && this.publisherIndex.has(publisherId);
  }

  status(locationId: string, publisherId: string): ListingStatus | undefined {
    const i = this.index(locationId, publisherId);
    return i === undefined ? undefined : LISTING_STATUSES[this.statuses[i]!];
  }

  /** The listing as the seed makes it (a new object each time), or undefined when the seed has none. */
  listing(locationId: string, publisherId: string): Listing | undefined {
    const place = this.placeIndex.get(locationId);
    const pub = this.publisherIndex.get(publisherId);
    if (place === undefined || pub === undefined) return undefined;
    const location = this.places[place]!;
    const publisher = PUBLISHERS[pub]!;
    const rng = createPrng(this.states[place * PUBLISHERS.length + pub]!);
    const status = pickStatus(rng);
    const id = `${location.id}-${publisher.id}`;
    const listingUrl =
      status === 'WAITING_ON_YEXT' ? '' : `https://${publisher.domain}/${location.slug}-${int(rng, 1000, 9999)}`;
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
    const listing: Listing = {
      id,
      accountId: location.accountId,
      locationId: location.id,
      publisherId: publisher.id,
      status,
      listingUrl,
      screenShotUrl,
      statusDetails,
    };
    if (this.hostile) hostileListing(listing, this.publisherRank[pub]! * this.places.length + this.placeRank[place]!);
    return listing;
  }

  private index(locationId: string, publisherId: string): number | undefined {
    const place = this.placeIndex.get(locationId);
    const pub = this.publisherIndex.get(publisherId);
    return place === undefined || pub === undefined ? undefined : place * PUBLISHERS.length + pub;
  }
}

function rankBy(ids: readonly string[]): Uint32Array {
  const order = ids.map((id, i) => [id, i] as const).sort((a, b) => byId(a[0], b[0]));
  const rank = new Uint32Array(ids.length);
  order.forEach(([, i], r) => {
    rank[i] = r;
  });
  return rank;
}

/** The main seed's listings and each added account's (`--accounts`), each part from its own PRNG stream. */
export class SeedListingSet {
  private readonly main: SeedListings;
  private readonly added: SeedListings[];
  private readonly addedByLocation = new Map<string, SeedListings>();

  constructor(main: SeedListings, added: SeedListings[]) {
    this.main = main;
    this.added = added;
    for (const part of added) for (const id of part.locationIds(undefined)) this.addedByLocation.set(id, part);
  }

  get size(): number {
    return this.added.reduce((n, part) => n + part.size, this.main.size);
  }

  locationIds(accountId: string): string[] {
    return [...this.main.locationIds(accountId), ...this.added.flatMap((part) => part.locationIds(accountId))];
  }

  private part(locationId: string): SeedListings {
    return this.addedByLocation.get(locationId) ?? this.main;
  }

  has(locationId: string, publisherId: string): boolean {
    return this.part(locationId).has(locationId, publisherId);
  }

  status(locationId: string, publisherId: string): ListingStatus | undefined {
    return this.part(locationId).status(locationId, publisherId);
  }

  listing(locationId: string, publisherId: string): Listing | undefined {
    return this.part(locationId).listing(locationId, publisherId);
  }
}
