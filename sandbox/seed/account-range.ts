// How many customer accounts the seed makes: its own file, so the command line checks `--accounts` without
// loading the seed's tables.

/** 1001 and 1002 are always seeded; `--accounts` counts them. */
export const MIN_CUSTOMER_ACCOUNTS = 2;
export const DEFAULT_CUSTOMER_ACCOUNTS = 5;
/** The largest book is 50 accounts; the bench uses 30. */
export const MAX_CUSTOMER_ACCOUNTS = 50;
