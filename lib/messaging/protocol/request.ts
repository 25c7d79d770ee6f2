// The pieces every feature's protocol file is built from: who may ask, the input schema, the output type.
// 'extension' requests come only from the extension's own pages (popup, options);
// 'content' requests may also come from the embedded panel on an allowed partner CRM page.
import { z } from 'zod';

export type Access = 'extension' | 'content';

export interface RequestSpec<Input extends z.ZodType, Output> {
  input: Input;
  access: Access;
  /** Phantom: carries the output type, never read at run time. */
  output?: Output;
}

export function request<Output>() {
  return <Input extends z.ZodType>(access: Access, input: Input): RequestSpec<Input, Output> => ({ input, access });
}

export const empty = z.object({}).strict();

export const accountKey = z.string().min(1).max(200);

/**
 * Ids go into URL paths: letters, digits and `_ - . ~ :` only, and never `.` or `..` alone (no `/ ? # %`).
 * Shared by suggestion, location and publisher ids.
 */
export const SAFE_ID = /^(?!\.{1,2}$)[\w.~:-]{1,200}$/;
export const safeId = (what: string) =>
  z.string().regex(SAFE_ID, `A ${what} id uses letters, digits and _ - . ~ : only (not "." or "..").`);
