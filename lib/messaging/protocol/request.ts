// The pieces every feature's protocol file is built from: who may ask, the input schema, the output type.
// 'extension' requests come only from the extension's own pages (popup, options);
// 'content' requests may also come from the embedded panel's frame on an allowed partner CRM page;
// 'page' requests may also come from the content script there, which lives in the partner page's process.
import { z } from 'zod';
import { lazy } from '../../shared/lazy.ts';

export type Access = 'extension' | 'content' | 'page';

const ACCESS_RANK: Record<Access, number> = { page: 0, content: 1, extension: 2 };

/** Each level may ask what the levels below it may. */
export function mayAsk(sender: Access, needed: Access): boolean {
  return ACCESS_RANK[sender] >= ACCESS_RANK[needed];
}

export interface RequestSpec<Input extends z.ZodType, Output> {
  /** Built on first read: see `lazy`. */
  readonly input: Input;
  access: Access;
  /** Phantom: carries the output type, never read at run time. */
  output?: Output;
}

export { lazy };

/** `input` builds the request's schema, once, when the first such request arrives. */
export function request<Output>() {
  return <Input extends z.ZodType>(access: Access, input: () => Input): RequestSpec<Input, Output> => {
    const schema = lazy(input);
    return {
      access,
      get input() {
        return schema();
      },
    };
  };
}

export const empty = lazy(() => z.object({}).strict());

export const accountKey = lazy(() => z.string().min(1).max(200));

/**
 * Ids go into URL paths: letters, digits and `_ - . ~ :` only, and never `.` or `..` alone (no `/ ? # %`).
 * Shared by suggestion, location and publisher ids.
 */
export const SAFE_ID = /^(?!\.{1,2}$)[\w.~:-]{1,200}$/;
export const safeId = (what: string) =>
  z.string().regex(SAFE_ID, `A ${what} id uses letters, digits and _ - . ~ : only (not "." or "..").`);
