// Status names the protocol (zod, in the worker) and the popup (no zod: its bundle budget) both need.
// Values only, no imports, so any context can take them without pulling anything else in.

/** A suggestion waiting on the customer: the only status a decision can be sent for. */
export const WAITING = 'WAITING_ON_CUSTOMER';

/** Listings whose status the client does not know yet are counted under this name. */
export const OTHER_LISTING_STATUS = 'OTHER';

/** How the service spells a status; one the client does not know yet still passes. */
export const STATUS_NAME = /^[A-Z][A-Z_]{0,59}$/;

export function isStatusName(value: string): boolean {
  return STATUS_NAME.test(value);
}
