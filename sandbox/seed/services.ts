// Seeded services: what each seeded location is provisioned with, and since when.
import { type AvailableService, DAY_MS, isoDate, type Location, type Service } from '../model.ts';
import { AVAILABLE_SERVICES } from '../seed-data.ts';

export interface SeededLocations {
  bakery: Location[];
  outdoor: Location[];
  wholesale: Location[];
  rentals: Location[];
}

/** The services and the next free service id. */
export function seedServices(nowMs: number, seeded: SeededLocations): { services: Service[]; nextId: number } {
  const { bakery, outdoor, wholesale, rentals } = seeded;
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
  return { services, nextId: serviceId };
}
