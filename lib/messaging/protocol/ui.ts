// Requests any UI context may make about the extension's own pages. Shared components ask the worker
// to open them: inside the embedded panel (a content script) a link to /options.html would be the
// partner page's, and tabs.create is not available there.
import { z } from 'zod';
import { lazy, request } from './request.ts';

/** An options section id, e.g. `listings` (its URL hash). */
const OPTIONS_SECTION = /^[a-z][a-z0-9-]{0,39}$/;
/** What follows the section in the hash: a query such as `?status=LIVE` (URL-safe characters only). */
const OPTIONS_QUERY = /^\?[\w.~:%+=&,-]{0,400}$/;

const openOptionsInput = lazy(() =>
  z
    .object({
      section: z
        .string()
        .regex(OPTIONS_SECTION, 'An options section is lowercase letters, digits and - (e.g. "listings").')
        .optional(),
      hash: z
        .string()
        .regex(OPTIONS_QUERY, 'The hash after the section is a query such as "?status=LIVE", in URL-safe characters.')
        .optional(),
    })
    .strict()
    .refine((input) => input.hash === undefined || input.section !== undefined, {
      message: 'A hash needs the section it belongs to.',
      path: ['hash'],
    }),
);

export interface OpenedView {
  opened: true;
}

export const uiProtocol = {
  // Opens only the extension's own page, so the embedded panel may ask too.
  'ui.openOptions': request<OpenedView>()('content', openOptionsInput),
} as const;
