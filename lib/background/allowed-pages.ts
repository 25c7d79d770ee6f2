// Partner CRM pages on which the embedded panel may make read-and-triage requests.
import { storage } from 'wxt/utils/storage';

/** Partner CRM origins on which the embedded panel may ask the background for read-and-triage requests. */
export const allowedPageOriginsItem = storage.defineItem<string[]>('local:allowedPageOrigins', {
  fallback: [],
  version: 1,
});

export async function isAllowedPageOrigin(origin: string): Promise<boolean> {
  const allowed = await allowedPageOriginsItem.getValue();
  return allowed.includes(origin);
}
