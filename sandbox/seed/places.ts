// Seeded locations (one brand per customer account) and one listing per location × publisher.
import type { Listing, ListingStatus, Location } from '../model.ts';
import {
  type Brand,
  FOLDERS,
  PUBLISHERS,
  type Site,
  STATUS_WEIGHTS,
  STREETS,
  UNAVAILABLE_REASONS,
} from '../seed-data.ts';
import { int, pick, type Rng, slugify } from './random.ts';

/** The account's folder for the site's city, else for its state; '' when none (sub-accounts have none). */
function folderOf(accountId: string, site: Site): string {
  const folders = FOLDERS.filter((f) => f.accountId === accountId);
  const byCity = folders.find((f) => f.cities?.includes(site.city));
  return byCity?.id ?? folders.find((f) => f.regions?.includes(site.region))?.id ?? '';
}

export function makeLocations(rng: Rng, brand: Brand, count: number): Location[] {
  const out: Location[] = [];
  for (let i = 0; i < count; i++) {
    const s = brand.sites[i % brand.sites.length] as Site;
    const round = Math.floor(i / brand.sites.length);
    const neighborhood = round === 0 ? s.neighborhood : `${s.neighborhood} ${round + 1}`;
    const name = `${brand.brand} – ${neighborhood}`;
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
      folderId: folderOf(brand.accountId, s),
      // One per account (the seventh) is a potential duplicate, so add requests for it stop in REVIEW.
      possibleDuplicate: i === 6,
    });
  }
  return out;
}

export function subLocations(parent: Brand, accountId: string, prefix: string, label: string, count: number, rng: Rng) {
  const brand: Brand = { ...parent, accountId, prefix, brand: `${parent.brand} ${label}` };
  return makeLocations(rng, brand, count).map((l) => ({ ...l, possibleDuplicate: false }));
}

function pickStatus(rng: Rng): ListingStatus {
  let r = rng();
  for (const [status, weight] of STATUS_WEIGHTS) {
    r -= weight;
    if (r < 0) return status;
  }
  return 'LIVE';
}

export function makeListings(rng: Rng, locations: Location[]): Listing[] {
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
