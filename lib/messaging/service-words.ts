// The worker's wording of what the service said, beside error-words.ts's core: a sentence for every
// status and kind of error, and for every warning about a list. Worker-only, so the pages (the popup
// above all) do not carry these sentences: replies and views arrive already worded.
import {
  EMPTY_ANSWER,
  type ListWarning,
  NO_LISTINGS_WHY,
  type Problem,
  type ProblemWords,
  quoted,
  SKIPPED_ITEMS,
} from './error-words.ts';

function clock(ms: number): string {
  return new Date(ms).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
}

/** The sentence for every error the worker replies with: what happened, what it does, what you can do. */
export function serviceSentence(code: string, status: number | undefined, problem: Problem): string {
  if (code === 'held-back') {
    const after = problem.resetAt ? ` at ${clock(problem.resetAt)}` : ' when the hour’s requests reset';
    return `Background work paused to keep the hour’s last requests for what you ask, so this was not sent. It goes on by itself${after}`;
  }
  if (code === 'needs-relink' || status === 401)
    return 'The account’s link was revoked or has expired, so Listings Desk stopped using it. Link the account again, then try again';
  if (status === 429 || code === '2040') {
    const after = problem.resetAt ? ` after ${clock(problem.resetAt)}` : ' in a few minutes';
    return `The service’s hourly request limit is used up, so nothing more was sent. Try again${after}`;
  }
  if (status !== undefined && status >= 500)
    return 'The service was busy and did not finish this; Listings Desk tried again and then stopped. Try again in a minute';
  if (code === 'network' || code === 'timeout' || status === 408)
    return 'Listings Desk couldn’t reach the service. Check the network connection, then try again';
  if (status === 403)
    return 'This account is not allowed to do this at the service, so nothing was changed. Ask an administrator of the account for access';
  if (status === 404) return 'The service no longer has this, so nothing was changed. Refresh to see what it holds now';
  if (status === 409)
    return 'The service refused this because of what it holds now, so nothing was changed. Its message says why; refresh to see the current state';
  if (code === 'unusable-response')
    return 'The service sent an answer Listings Desk couldn’t read, so none of it is shown. Try again; if it keeps happening, report the code shown with this';
  if (code === 'count-changed')
    return 'The list changed at the service while Listings Desk was reading it. Try again to read it whole';
  if (code === 'aborted')
    return 'This was cancelled before it finished; nothing more will be sent. Start it again when you are ready';
  if (code === 'invalid-input')
    return 'Listings Desk did not send this, because a value in it is not valid. Correct it, then try again';
  if (status === 400 || status === 405 || status === 207)
    return 'The service refused this request, so nothing was changed. Correct what its message names, then try again';
  return 'Something went wrong while talking to the service. Try again; if it keeps happening, report the code shown with this';
}

/** A calm sentence for one warning; the service's own words and code go to the small print. */
export function warningWords(warning: ListWarning, noun: string): ProblemWords {
  if (warning.name === EMPTY_ANSWER) {
    return { sentence: `The service sent no ${noun} for this account. ${NO_LISTINGS_WHY}`, smallPrint: 'empty answer' };
  }
  if (warning.name === SKIPPED_ITEMS) {
    return {
      sentence: `${warning.message.replace(/\.$/, '')}; Listings Desk shows the rest. Refresh to read them again, or report the code if it stays.`,
      smallPrint: 'unreadable items',
    };
  }
  const code = warning.code ? `code ${warning.code}` : '';
  const smallPrint = [code, warning.type.toLowerCase().replaceAll('_', ' '), quoted(warning.message)]
    .filter(Boolean)
    .join(' · ');
  if (warning.type === 'WARNING') {
    return { sentence: 'The service sent a note with this list; Listings Desk shows everything it sent.', smallPrint };
  }
  return {
    sentence: 'The service could not give part of this list; Listings Desk shows what it sent. Refresh to ask again.',
    smallPrint,
  };
}

/** A warning as a view carries it (structured-clone safe), worded; older stores kept only its text. */
export function listWarning(warning: ListWarning | string, noun: string): ListWarning {
  const plain: ListWarning =
    typeof warning === 'string'
      ? { code: 0, type: 'WARNING', message: warning }
      : {
          code: warning.code,
          type: warning.type,
          message: warning.message,
          ...(warning.name ? { name: warning.name } : {}),
        };
  return { ...plain, ...warningWords(plain, noun) };
}
