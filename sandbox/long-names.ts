// The long-names dataset: same ids and counts as the normal seed, but every account, location, publisher and
// user name is 60 characters, as an agency's real data has them ("… – Downtown Seattle Waterfront Flagship").
// A screen that cuts or overflows a name shows it here (test/e2e/screen-matrix.test.ts).
import type { SandboxState } from './model.ts';

export const LONG_NAME_LENGTH = 60;

const FILLER = ' Downtown Waterfront Flagship and Regional Service Centre Northwest';

/** `name` grown (or cut) to 60 characters with plain words, keeping its start so a person still knows it. */
export function longName(name: string): string {
  const grown = `${name}${FILLER}${FILLER}`;
  return grown.slice(0, LONG_NAME_LENGTH).trimEnd().padEnd(LONG_NAME_LENGTH, 'x');
}

export function applyLongNames(state: SandboxState): void {
  for (const account of state.accounts) account.accountName = longName(account.accountName);
  for (const location of state.locations) location.name = longName(location.name);
  for (const publisher of state.publishers) publisher.name = longName(publisher.name);
  for (const user of state.users) {
    user.firstName = longName(user.firstName).slice(0, 30);
    user.lastName = longName(user.lastName).slice(0, 30);
  }
}
