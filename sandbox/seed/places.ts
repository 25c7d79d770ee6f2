// Seeded locations, one brand per customer account (their listings: seed/listings.ts).
import type { Location } from '../model.ts';
import { type Brand, FOLDERS, type Site, STREETS } from '../seed-data.ts';
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
