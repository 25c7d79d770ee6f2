// The sandbox's world as plain JSON-serialisable data: the shapes the store holds and the data file saves.

export const LISTING_STATUSES = [
  'WAITING_ON_YEXT',
  'WAITING_ON_CUSTOMER',
  'WAITING_ON_PUBLISHER',
  'LIVE',
  'UNAVAILABLE',
  'OPTED_OUT',
] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];

export const SUGGESTION_STATUSES = ['WAITING_ON_CUSTOMER', 'ACCEPTED', 'REJECTED', 'EXPIRED'] as const;
export type SuggestionStatus = (typeof SUGGESTION_STATUSES)[number];

export interface AlternateBrand {
  name: string;
  url: string;
}

export interface Publisher {
  id: string;
  name: string;
  alternateBrands: AlternateBrand[];
  supportedCountries: string[];
}

export interface Account {
  accountId: string;
  accountName: string;
  /** '' for a top-level customer account. */
  parentAccountId: string;
  contactFirstName: string;
  contactLastName: string;
  contactPhone: string;
  contactEmail: string;
  /** Without one, listings calls answer empty responses (interface: "Many listings calls need ..."). */
  listingsSubscription: boolean;
  /** Skus this account may be provisioned with; others end CANCELED. */
  availableSkus: string[];
}

export interface Address {
  line1: string;
  line2: string;
  city: string;
  region: string;
  postalCode: string;
  countryCode: string;
}

export interface Location {
  id: string;
  accountId: string;
  name: string;
  address: Address;
  phone: string;
  hours: string;
  websiteUrl: string;
  description: string;
  categories: string[];
  /** '' when the location is in no folder. */
  folderId: string;
  /** An add request for this location stops in REVIEW (potential duplicate). */
  possibleDuplicate: boolean;
}

export interface StatusDetail {
  code: string;
  type: 'UNAVAILABLE_REASON' | 'WARNING';
  message: string;
  actionable: boolean;
}

export interface Listing {
  id: string;
  accountId: string;
  locationId: string;
  publisherId: string;
  status: ListingStatus;
  listingUrl: string;
  screenShotUrl: string;
  statusDetails: StatusDetail[];
}

export interface Suggestion {
  id: string;
  accountId: string;
  publisherId: string;
  locationId: string;
  dateCreated: string;
  dateResolved: string;
  fieldName: string;
  status: SuggestionStatus;
  resolvedBy: string;
  originalContent: string;
  suggestedContent: string;
}

export interface Role {
  id: number;
  name: string;
}

export interface Folder {
  id: string;
  accountId: string;
  name: string;
  /** '' for a top-level folder. */
  parentId: string;
}

export type AclOnType = 'ACCOUNT' | 'LOCATION' | 'FOLDER';

export interface AclEntry {
  roleId: string;
  roleName: string;
  on: string;
  accountId: string;
  onType: AclOnType;
}

export interface User {
  id: string;
  accountId: string;
  firstName: string;
  lastName: string;
  username: string;
  emailAddress: string;
  phoneNumber: string;
  password: string;
  emailLanguagePreference: string;
  displayLanguagePreference: string;
  lastLoginDate: string;
  sso: boolean;
  acl: AclEntry[];
}

/** The vendor's schema: agreement ids are integers. */
export interface AvailableService {
  sku: string;
  agreementId: number;
  serviceDescription: string;
  recipientType: 'Location' | 'Sub-Account';
  minimumUsage: number;
  minimumUsageUnit: 'MONTHS' | 'DAYS';
  addOnTo: string[];
}

export interface Service {
  id: number;
  locationId: string;
  locationAccountId: string;
  agreementId: number;
  sku: string;
  serviceDescription: string;
  started: string;
  stopped: string;
  stopOnDate: string;
  status: 'ACTIVE' | 'STOPPED';
}

export type AddRequestStatus = 'PROCESSING' | 'REVIEW' | 'COMPLETED' | 'CANCELED';

export interface NewLocationData {
  name?: string;
  address?: Partial<Address>;
  phone?: string;
  hours?: string;
  websiteUrl?: string;
  description?: string;
  categories?: string[];
}

export interface AddRequest {
  id: number;
  /** The account provisioned from (path account). */
  accountId: string;
  locationMode: 'EXISTING' | 'NEW';
  existingLocationId: string;
  existingLocationAccountId: string;
  newLocationId: string;
  newLocationAccountId: string;
  newLocationAccountName: string;
  /** As it was sent (the vendor's flat location fields, or any other form): echoed verbatim. */
  newLocationData: Record<string, unknown> | null;
  skus: string[];
  /** The one sent, else the one the sandbox chose (the vendor fills it in). */
  agreementId: number;
  status: AddRequestStatus;
  statusDetail: string;
  dateSubmitted: string;
  dateCompleted: string;
  /** Internal: sandbox-clock time at which PROCESSING ends, and what it ends in. */
  processAtMs: number;
  outcome: { status: 'COMPLETED' | 'CANCELED' | 'REVIEW'; statusDetail: string };
}

export interface Token {
  access_token: string;
  accountId: string;
  revoked: boolean;
  issuedAt: string;
}

export interface AuthCode {
  code: string;
  accountId: string;
  clientId: string;
  redirectUri: string;
  expiresAtMs: number;
  used: boolean;
}

export interface SandboxState {
  schemaVersion: 1;
  hostile: boolean;
  locationsPerAccount: number;
  /** Customer accounts seeded (1001, 1002, then 1003… from `--accounts`); absent in older data files: 2. */
  customerAccounts?: number;
  /** Added to the real clock; moved by POST /__sandbox/clock. */
  clockOffsetMs: number;
  publishers: Publisher[];
  accounts: Account[];
  folders: Folder[];
  locations: Location[];
  /**
   * True: the seed's listings (one per seeded location × publisher) are generated on demand from
   * `locationsPerAccount` and `hostile`, and `listings` holds only those changed since and those added.
   * Absent (a data file from before): `listings` holds every listing.
   */
  generatedListings?: boolean;
  /** Listings stored rather than generated: see generatedListings. GET /__sandbox/state lists them all. */
  listings: Listing[];
  suggestions: Suggestion[];
  roles: Record<string, Role[]>;
  users: User[];
  availableServices: AvailableService[];
  services: Service[];
  addRequests: AddRequest[];
  tokens: Token[];
  authCodes: AuthCode[];
  nextIds: { service: number; addRequest: number; user: number };
}

export const DAY_MS = 86_400_000;

export function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Local-style timestamp without a time zone, as the vendor's dateSubmitted. */
export function isoDateTimeNoZone(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19);
}

export function compareListings(a: Listing, b: Listing): number {
  if (a.publisherId !== b.publisherId) return a.publisherId < b.publisherId ? -1 : 1;
  if (a.locationId !== b.locationId) return a.locationId < b.locationId ? -1 : 1;
  return 0;
}
