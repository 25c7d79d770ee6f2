// A site's rule: where the location is on the page (a URL pattern with one capture group, or a CSS
// selector whose text holds it) and what that text is (an id, a name, a phone number or an address).

import type { MatchableLocation, MatchField } from './matcher.ts';
import { foldWords, phoneKey, phrase } from './normalize.ts';

export interface LocationRule {
  kind: 'url' | 'selector';
  /** A regular expression over the page's whole URL, or a CSS selector. */
  pattern: string;
  holds: MatchField;
}

/** Why a URL pattern cannot be used, in words; null when it can. */
export function urlPatternProblem(pattern: string): string | null {
  let regex: RegExp;
  try {
    regex = new RegExp(pattern);
  } catch (error) {
    return `The URL pattern is not a valid regular expression: ${(error as Error).message}`;
  }
  // Appending an always-matching branch makes exec report every group, matched or not.
  const groups = (new RegExp(`${regex.source}|`).exec('')?.length ?? 1) - 1;
  if (groups !== 1) return `The URL pattern needs exactly one capture group, like /accounts/(\\w+); it has ${groups}.`;
  return null;
}

/** The captured text, URL-decoded (a name in a path reads "harbor-bakery" or "Harbor%20Bakery"); null: no match. */
export function captureFromUrl(pattern: string, url: string): string | null {
  if (urlPatternProblem(pattern)) return null;
  const captured = new RegExp(pattern).exec(url)?.[1];
  if (!captured) return null;
  try {
    return decodeURIComponent(captured.replace(/\+/g, ' '));
  } catch {
    return captured;
  }
}

/** The location a captured text names, read as `holds`; null when none or more than one fit. */
export function locationFromCapture<L extends MatchableLocation>(
  captured: string,
  holds: MatchField,
  locations: readonly L[],
): L | null {
  const fits = locations.filter(fitsCapture(captured, holds));
  return fits.length === 1 ? fits[0]! : null;
}

function fitsCapture(captured: string, holds: MatchField): (location: MatchableLocation) => boolean {
  switch (holds) {
    case 'id': {
      const wanted = foldWords(captured).join(' ');
      return (location) => foldWords(location.id).join(' ') === wanted;
    }
    case 'name': {
      const wanted = foldWords(captured).join(' ');
      return (location) => foldWords(location.name).join(' ') === wanted;
    }
    case 'phone': {
      const wanted = phoneKey(captured);
      return (location) => wanted !== '' && phoneKey(location.phone) === wanted;
    }
    case 'address': {
      // The captured text may be the street alone or the whole address: compare the street part.
      const wanted = phrase(captured);
      return (location) => {
        const street = phrase(location.address.split(',')[0] ?? '');
        return street !== '' && wanted.includes(street);
      };
    }
  }
}
