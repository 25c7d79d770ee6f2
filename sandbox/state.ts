// The sandbox's whole world: plain JSON-serialisable data plus a Store that owns the clock,
// the lazy add-request processing and persistence. Nothing here knows about HTTP.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';

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

export interface AvailableService {
  sku: string;
  agreementId: number | string;
  serviceDescription: string;
  recipientType: string;
  minimumUsage: number;
  minimumUsageUnit: 'MONTHS' | 'DAYS';
  addOnTo: string[];
}

export interface Service {
  id: number;
  locationId: string;
  locationAccountId: string;
  agreementId: number | string;
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
  newLocationData: NewLocationData | null;
  skus: string[];
  agreementId: number | string;
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
  /** Added to the real clock; moved by POST /__sandbox/clock. */
  clockOffsetMs: number;
  publishers: Publisher[];
  accounts: Account[];
  folders: Folder[];
  locations: Location[];
  /** Kept sorted by publisherId, then locationId. */
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

export interface StoreOptions {
  dataFile?: string;
  addRequestProcessingMs: number;
}

export class Store {
  state: SandboxState;
  readonly dataFile: string | undefined;
  readonly addRequestProcessingMs: number;
  private saveTimer: NodeJS.Timeout | undefined;

  constructor(state: SandboxState, options: StoreOptions) {
    this.state = state;
    this.dataFile = options.dataFile;
    this.addRequestProcessingMs = options.addRequestProcessingMs;
  }

  static loadFile(file: string): SandboxState | undefined {
    if (!existsSync(file)) return undefined;
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as SandboxState;
    if (parsed.schemaVersion !== 1 || !Array.isArray(parsed.listings)) {
      throw new Error(`${file} is not a sandbox state file (schemaVersion 1)`);
    }
    return parsed;
  }

  nowMs(): number {
    return Date.now() + this.state.clockOffsetMs;
  }

  today(): string {
    return isoDate(this.nowMs());
  }

  account(accountId: string): Account | undefined {
    return this.state.accounts.find((a) => a.accountId === accountId);
  }

  /** The top-level account a (sub-)account belongs to. */
  rootAccount(account: Account): Account {
    let current = account;
    for (let i = 0; i < 10 && current.parentAccountId; i++) {
      const parent = this.account(current.parentAccountId);
      if (!parent) break;
      current = parent;
    }
    return current;
  }

  /** The account itself and every account below it. */
  accountTree(accountId: string): Account[] {
    const out: Account[] = [];
    const visit = (id: string) => {
      const account = this.account(id);
      if (!account || out.includes(account)) return;
      out.push(account);
      for (const child of this.state.accounts) if (child.parentAccountId === id) visit(child.accountId);
    };
    visit(accountId);
    return out;
  }

  replace(state: SandboxState): void {
    this.state = state;
    this.changed();
  }

  /** Moves add requests whose processing time has passed; called before every request. */
  tick(): void {
    const now = this.nowMs();
    let moved = false;
    for (const request of this.state.addRequests) {
      if (request.status !== 'PROCESSING' || request.processAtMs > now) continue;
      moved = true;
      if (request.outcome.status === 'REVIEW') {
        request.status = 'REVIEW';
        request.statusDetail = request.outcome.statusDetail;
      } else {
        this.finishAddRequest(request, request.outcome.status, request.outcome.statusDetail);
      }
    }
    if (moved) this.changed();
  }

  finishAddRequest(request: AddRequest, status: 'COMPLETED' | 'CANCELED', statusDetail: string): void {
    request.status = status;
    request.statusDetail = statusDetail;
    request.dateCompleted = isoDateTimeNoZone(this.nowMs());
    if (status === 'COMPLETED') this.applyCompletedAddRequest(request);
    this.changed();
  }

  private applyCompletedAddRequest(request: AddRequest): void {
    const s = this.state;
    let locationId = request.existingLocationId;
    let locationAccountId = request.existingLocationAccountId;
    if (request.locationMode === 'NEW') {
      locationId = request.newLocationId;
      locationAccountId = request.newLocationAccountId || request.accountId;
      if (!this.account(locationAccountId)) {
        const parent = this.account(request.accountId);
        s.accounts.push({
          accountId: locationAccountId,
          accountName: request.newLocationAccountName || `Account ${locationAccountId}`,
          parentAccountId: request.accountId,
          contactFirstName: '',
          contactLastName: '',
          contactPhone: '',
          contactEmail: '',
          listingsSubscription: false,
          availableSkus: parent ? [...this.rootAccount(parent).availableSkus] : [],
        });
      }
      const data = request.newLocationData ?? {};
      s.locations.push({
        id: locationId,
        accountId: locationAccountId,
        name: data.name ?? locationId,
        address: {
          line1: data.address?.line1 ?? '',
          line2: data.address?.line2 ?? '',
          city: data.address?.city ?? '',
          region: data.address?.region ?? '',
          postalCode: data.address?.postalCode ?? '',
          countryCode: data.address?.countryCode ?? 'US',
        },
        phone: data.phone ?? '',
        hours: data.hours ?? '',
        websiteUrl: data.websiteUrl ?? '',
        description: data.description ?? '',
        categories: data.categories ?? [],
        possibleDuplicate: false,
      });
    }
    const today = this.today();
    let addsListings = false;
    for (const sku of request.skus) {
      const catalog = s.availableServices.find((a) => a.sku === sku);
      if (!catalog) continue;
      if (sku.startsWith('PL-')) addsListings = true;
      s.services.push({
        id: s.nextIds.service++,
        locationId,
        locationAccountId,
        agreementId: request.agreementId === '' ? catalog.agreementId : request.agreementId,
        sku,
        serviceDescription: catalog.serviceDescription,
        started: today,
        stopped: '',
        stopOnDate: '',
        status: 'ACTIVE',
      });
    }
    const account = this.account(locationAccountId);
    if (addsListings && account) {
      account.listingsSubscription = true;
      for (const publisher of s.publishers) {
        const id = `${locationId}-${publisher.id}`;
        if (s.listings.some((l) => l.id === id)) continue;
        s.listings.push({
          id,
          accountId: locationAccountId,
          locationId,
          publisherId: publisher.id,
          status: 'WAITING_ON_YEXT',
          listingUrl: '',
          screenShotUrl: 'Screenshot will be available once the listing is live',
          statusDetails: [],
        });
      }
      s.listings.sort(compareListings);
    }
  }

  /** Schedules a debounced save when a data file is configured. */
  changed(): void {
    if (!this.dataFile || this.saveTimer) return;
    this.saveTimer = setTimeout(() => {
      this.saveTimer = undefined;
      this.saveNow();
    }, 150);
    this.saveTimer.unref();
  }

  saveNow(): void {
    if (this.saveTimer) {
      clearTimeout(this.saveTimer);
      this.saveTimer = undefined;
    }
    if (!this.dataFile) return;
    const tmp = `${this.dataFile}.tmp`;
    writeFileSync(tmp, JSON.stringify(this.state));
    renameSync(tmp, this.dataFile);
  }
}
