// Partner CRM pages on which the embedded panel may make read-and-triage requests.
import { allowedPageOriginsItem } from '../storage.ts';

export async function isAllowedPageOrigin(origin: string): Promise<boolean> {
  const allowed = await allowedPageOriginsItem.getValue();
  return allowed.includes(origin);
}
