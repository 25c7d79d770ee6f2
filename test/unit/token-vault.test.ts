import { beforeEach, describe, expect, test } from 'vitest';
import {
  apiKeyVaultItem,
  forgetCachedVaultKey,
  openApiKey,
  openToken,
  sealApiKey,
  sealToken,
  tokenVaultItem,
  VaultError,
} from '../../lib/background/core/token-vault.ts';
import { localStorageText, resetDesk } from './desk-fakes.ts';

const TOKEN = 'sbx_0123456789abcdef0123456789abcdef';
const SANDBOX = 'http://127.0.0.1:8787';
const PRODUCTION = 'https://api.yext.com';
/** What linking does with a token: sealed for its account and origin, kept in the vault. */
async function storeToken(binding: { accountKey: string; apiOrigin: string }, token: string): Promise<void> {
  const sealed = await sealToken(binding, token);
  await tokenVaultItem.setValue({ ...(await tokenVaultItem.getValue()), [binding.accountKey]: sealed });
}

const HARBOR = { accountKey: 'app-1001', apiOrigin: SANDBOX };
const SUMMIT = { accountKey: 'app-1002', apiOrigin: SANDBOX };

function readVaultKeys(): Promise<unknown[]> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open('listings-desk-vault');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const request = open.result.transaction('keys', 'readonly').objectStore('keys').getAll();
      request.onsuccess = () => {
        open.result.close();
        resolve(request.result);
      };
      request.onerror = () => reject(request.error);
    };
  });
}

beforeEach(resetDesk);

describe('token-vault', () => {
  test('a stored token opens again, and storage.local holds only ciphertext', async () => {
    await storeToken(HARBOR, TOKEN);
    expect(await openToken(HARBOR)).toBe(TOKEN);
    expect(Object.keys(await tokenVaultItem.getValue())).toEqual(['app-1001']);
    const text = await localStorageText();
    expect(text).not.toContain(TOKEN);
    const sealed = (await tokenVaultItem.getValue())['app-1001'];
    expect(sealed?.iv).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(atob(sealed!.iv)).toHaveLength(12);
    // AES-GCM adds a 16-byte tag to the 35-byte token.
    expect(atob(sealed!.ciphertext)).toHaveLength(TOKEN.length + 16);
  });

  test('the key in IndexedDB is one non-extractable AES-GCM CryptoKey', async () => {
    await storeToken(HARBOR, TOKEN);
    await storeToken(SUMMIT, `${TOKEN}-2`);
    const keys = await readVaultKeys();
    expect(keys).toHaveLength(1);
    const key = keys[0] as CryptoKey;
    expect(key).toBeInstanceOf(CryptoKey);
    expect(key.extractable).toBe(false);
    expect(key.algorithm.name).toBe('AES-GCM');
    await expect(crypto.subtle.exportKey('raw', key)).rejects.toThrow();
  });

  test('the same key survives a worker restart (the cached handle is dropped, IndexedDB is not)', async () => {
    await storeToken(HARBOR, TOKEN);
    forgetCachedVaultKey();
    expect(await openToken(HARBOR)).toBe(TOKEN);
  });

  test('every seal uses a fresh nonce', async () => {
    const a = await sealToken(HARBOR, TOKEN);
    const b = await sealToken(HARBOR, TOKEN);
    expect(a.iv).not.toBe(b.iv);
    expect(a.ciphertext).not.toBe(b.ciphertext);
  });

  test('a ciphertext moved to another account does not open (the account key is bound as additional data)', async () => {
    await storeToken(HARBOR, TOKEN);
    const vault = await tokenVaultItem.getValue();
    await tokenVaultItem.setValue({ ...vault, 'app-1002': vault['app-1001']! });
    await expect(openToken(SUMMIT)).rejects.toBeInstanceOf(VaultError);
  });

  test('a token opens only for the API origin that issued it (the origin is bound as additional data)', async () => {
    await storeToken(HARBOR, TOKEN);
    for (const apiOrigin of [PRODUCTION, 'http://127.0.0.1:9999', 'http://localhost:8787', `${SANDBOX}/`]) {
      await expect(openToken({ ...HARBOR, apiOrigin })).rejects.toBeInstanceOf(VaultError);
    }
    expect(await openToken(HARBOR)).toBe(TOKEN);
  });

  test('the binding cannot be shifted between account key and origin', async () => {
    // Without an unambiguous encoding, "a:b" + "c" and "a" + "b:c" could share additional data.
    await storeToken({ accountKey: 'app:1', apiOrigin: SANDBOX }, TOKEN);
    const vault = await tokenVaultItem.getValue();
    await tokenVaultItem.setValue({ ...vault, app: vault['app:1']! });
    await expect(openToken({ accountKey: 'app', apiOrigin: `1:${SANDBOX}` })).rejects.toBeInstanceOf(VaultError);
  });

  test('a lost key makes the token unreadable, and the error does not quote it', async () => {
    await storeToken(HARBOR, TOKEN);
    const { IDBFactory } = await import('fake-indexeddb');
    globalThis.indexedDB = new IDBFactory();
    forgetCachedVaultKey();
    const error = await openToken(HARBOR).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VaultError);
    expect(String((error as Error).message)).not.toContain(TOKEN);
  });

  test('an account without a token (unlinked) opens nothing; the others still open', async () => {
    await storeToken(HARBOR, TOKEN);
    await storeToken(SUMMIT, `${TOKEN}-2`);
    const { 'app-1001': _unlinked, ...rest } = await tokenVaultItem.getValue();
    await tokenVaultItem.setValue(rest);
    expect(await openToken(HARBOR)).toBeNull();
    expect(await openToken(SUMMIT)).toBe(`${TOKEN}-2`);
    expect(await openToken({ accountKey: '__proto__', apiOrigin: SANDBOX })).toBeNull();
  });

  test('the API key is sealed for one API origin, and a sealed token cannot stand in for it', async () => {
    const apiKey = 'app-api-key-0123456789';
    await apiKeyVaultItem.setValue(await sealApiKey(PRODUCTION, apiKey));
    expect(await localStorageText()).not.toContain(apiKey);
    expect(await openApiKey(PRODUCTION)).toBe(apiKey);
    expect(await openApiKey(SANDBOX)).toBeNull();
    // The origin is bound into the ciphertext too: relabelling the record does not open it elsewhere.
    const stored = await apiKeyVaultItem.getValue();
    await apiKeyVaultItem.setValue({ ...stored!, apiOrigin: SANDBOX });
    await expect(openApiKey(SANDBOX)).rejects.toBeInstanceOf(VaultError);
    await apiKeyVaultItem.setValue({ apiOrigin: SANDBOX, sealed: await sealToken(HARBOR, TOKEN) });
    await expect(openApiKey(SANDBOX)).rejects.toBeInstanceOf(VaultError);
  });
});
