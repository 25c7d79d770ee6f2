// Seeded customer accounts, their roles, folders and users.
import { type Account, DAY_MS, type Folder, type Location, type Role, type User } from '../model.ts';
import { AVAILABLE_SERVICES, FIRST_NAMES, FOLDERS, LAST_NAMES } from '../seed-data.ts';

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

export function seedAccounts(): Account[] {
  const allSkus = AVAILABLE_SERVICES.map((s) => s.sku);

  return [
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
}

export function seedRoles(): Record<string, Role[]> {
  return {
    '1001': [
      { id: 101, name: 'Account Admin' },
      { id: 102, name: 'Location Manager' },
      { id: 103, name: 'Review Responder' },
      { id: 104, name: 'Folder Editor' },
      { id: 105, name: 'Listings Viewer' },
    ],
    '1002': [],
  };
}

export function seedFolders(): Folder[] {
  return FOLDERS.map(({ id, accountId, name, parentId }) => ({ id, accountId, name, parentId }));
}

/** Named people with varied roles, plus staff enough that user lists page. */
export function seedUsers(nowMs: number, bakery: Location[]): User[] {
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
      emailLanguagePreference: 'fr',
      displayLanguagePreference: 'de',
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

  return users;
}
