// Access tokens and the app's API key at rest: AES-GCM with a non-extractable key that never leaves
// IndexedDB. storage.local only ever sees ciphertext. Nothing here logs, and no error quotes a secret.
import { defineItem } from '../../storage-item.ts';

export interface SealedToken {
  /** base64 of the 12-byte AES-GCM nonce */
  iv: string;
  /** base64 of the AES-GCM ciphertext + tag; the plaintext token is never stored. */
  ciphertext: string;
}

/**
 * accountKey → sealed access token. The AES key itself is a non-extractable CryptoKey in IndexedDB.
 * Since linkedAccounts v2 the issuing API origin is bound into the ciphertext: v1 tokens no longer open,
 * which matches their accounts being marked for relinking.
 */
export const tokenVaultItem = defineItem<Record<string, SealedToken>>('local:tokenVault', {
  fallback: {},
  version: 1,
});

export interface SealedApiKey {
  /** The API origin the key was entered for; it is bound into the ciphertext and sent nowhere else. */
  apiOrigin: string;
  sealed: SealedToken;
}

/** The app's API key (also the OAuth client secret), sealed like a token; null until the user enters one. */
export const apiKeyVaultItem = defineItem<SealedApiKey | null>('local:apiKeyVault', {
  fallback: null,
  version: 1,
});

const DB_NAME = 'listings-desk-vault';
const STORE = 'keys';
const KEY_ID = 'token-key';

export class VaultError extends Error {
  override name = 'VaultError';
}

function requestResult<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new VaultError('IndexedDB request failed.'));
  });
}

function openDatabase(): Promise<IDBDatabase> {
  const open = indexedDB.open(DB_NAME, 1);
  open.onupgradeneeded = () => {
    if (!open.result.objectStoreNames.contains(STORE)) open.result.createObjectStore(STORE);
  };
  return requestResult(open);
}

async function loadOrCreateKey(): Promise<CryptoKey> {
  const db = await openDatabase();
  try {
    const existing = await requestResult(db.transaction(STORE, 'readonly').objectStore(STORE).get(KEY_ID));
    if (existing instanceof CryptoKey) return existing;
    const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
    try {
      // add(), not put(): if another context created the key meanwhile, theirs wins and is re-read below.
      await requestResult(db.transaction(STORE, 'readwrite').objectStore(STORE).add(key, KEY_ID));
      return key;
    } catch {
      const winner = await requestResult(db.transaction(STORE, 'readonly').objectStore(STORE).get(KEY_ID));
      if (winner instanceof CryptoKey) return winner;
      throw new VaultError('The token vault key could not be stored.');
    }
  } finally {
    db.close();
  }
}

// A cache of the handle only; the key itself is in IndexedDB, so a worker restart loses nothing.
let keyPromise: Promise<CryptoKey> | null = null;

function vaultKey(): Promise<CryptoKey> {
  keyPromise ??= loadOrCreateKey().catch((error: unknown) => {
    keyPromise = null;
    throw error;
  });
  return keyPromise;
}

/** Tests only: forget the cached key handle (e.g. after wiping IndexedDB). */
export function forgetCachedVaultKey(): void {
  keyPromise = null;
}

function toBase64(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const raw = atob(text);
  const bytes = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** Whose token it is and which API issued it; both are bound into the ciphertext. */
export interface TokenBinding {
  accountKey: string;
  /** `new URL(apiUrl).origin` of the API that issued the token. */
  apiOrigin: string;
}

// Bound as additional data: a ciphertext moved to another account, or opened for another API origin
// (e.g. after the Connection was switched to another environment), fails to open. JSON keeps the two
// values apart whatever characters they contain.
function additionalData({ accountKey, apiOrigin }: TokenBinding): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(`listings-desk:v2:${JSON.stringify([accountKey, apiOrigin])}`);
}

async function seal(additional: Uint8Array<ArrayBuffer>, plaintext: string): Promise<SealedToken> {
  const key = await vaultKey();
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const ciphertext = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: additional },
    key,
    new TextEncoder().encode(plaintext),
  );
  return { iv: toBase64(iv), ciphertext: toBase64(new Uint8Array(ciphertext)) };
}

async function open(additional: Uint8Array<ArrayBuffer>, sealed: SealedToken, what: string): Promise<string> {
  const key = await vaultKey();
  try {
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: fromBase64(sealed.iv), additionalData: additional },
      key,
      fromBase64(sealed.ciphertext),
    );
    return new TextDecoder().decode(plain);
  } catch {
    throw new VaultError(`The stored ${what} could not be decrypted.`);
  }
}

/** Encrypts without storing, so a caller can write the sealed token together with other items. */
export function sealToken(binding: TokenBinding, token: string): Promise<SealedToken> {
  return seal(additionalData(binding), token);
}

/**
 * The plaintext token of an account, or null when none is stored. Throws VaultError when it cannot be
 * opened, which includes asking for it on behalf of an API origin other than the one that issued it.
 */
export async function openToken(binding: TokenBinding): Promise<string | null> {
  const vault = await tokenVaultItem.getValue();
  const sealed = Object.hasOwn(vault, binding.accountKey) ? vault[binding.accountKey] : undefined;
  if (!sealed) return null;
  return open(additionalData(binding), sealed, 'access token');
}

// Its own label: a sealed token moved into the API key's place (or back) fails to open.
function apiKeyAdditionalData(apiOrigin: string): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(`listings-desk:api-key:v1:${JSON.stringify([apiOrigin])}`);
}

/** Encrypts the app's API key for the API origin it is sent to; the caller stores the result. */
export async function sealApiKey(apiOrigin: string, apiKey: string): Promise<SealedApiKey> {
  return { apiOrigin, sealed: await seal(apiKeyAdditionalData(apiOrigin), apiKey) };
}

/**
 * The API key entered for this API origin, or null when none was (or one was entered for another origin:
 * a changed API address never receives the key typed for the previous one).
 */
export async function openApiKey(apiOrigin: string): Promise<string | null> {
  const stored = await apiKeyVaultItem.getValue();
  if (!stored || stored.apiOrigin !== apiOrigin) return null;
  return open(apiKeyAdditionalData(apiOrigin), stored.sealed, 'API key');
}
