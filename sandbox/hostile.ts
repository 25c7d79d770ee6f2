// The hostile dataset: same ids and counts as the normal seed, but publisher-controlled text and
// URLs carry markup and script URLs, so a UI that renders anything as HTML or links it blindly shows it.
import type { Listing, SandboxState } from './model.ts';

const HOSTILE_PAYLOADS = [
  '<img src=x onerror="alert(\'xss-img\')">',
  '<script>alert("xss-script")</script>',
  '"><svg onload=alert(1)>',
  "'; alert('xss-quote'); //",
  '<a href="javascript:alert(1)">click</a>',
  '{{constructor.constructor("alert(1)")()}}',
] as const;

/** A link that reads as a PDF: a right-to-left override shows `…/\u202Efdp.exe` as `…/exe.pdf`. */
export const BIDI_SPOOF_URL = 'https://evil.example/\u202Efdp.exe';

export const HOSTILE_URLS = [
  'javascript:alert(document.domain)',
  'JaVaScRiPt:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  ' javascript:alert("leading-space")',
] as const;

const payload = (i: number) => HOSTILE_PAYLOADS[i % HOSTILE_PAYLOADS.length] as string;
const badUrl = (i: number) => HOSTILE_URLS[i % HOSTILE_URLS.length] as string;

/** The seed's listings are generated on demand (seed/listings.ts); `i` is the listing's place in the state's order. */
export function hostileListing(listing: Listing, i: number): void {
  if (i % 5 === 0) listing.listingUrl = badUrl(i);
  if (i % 7 === 0) listing.screenShotUrl = i % 2 ? badUrl(i + 1) : payload(i);
  for (const detail of listing.statusDetails) detail.message = `${detail.message} ${payload(i)}`;
}

export function applyHostile(state: SandboxState): void {
  state.publishers.forEach((publisher, i) => {
    if (i % 3 === 0) publisher.name = `${publisher.name} ${payload(i)}`;
    publisher.alternateBrands.push({ name: `Partner ${payload(i + 1)}`, url: badUrl(i) });
    if (i % 4 === 0) publisher.supportedCountries.push('<b>US</b>');
  });
  for (const account of state.accounts) account.accountName = `${account.accountName} ${payload(1)}`;
  state.locations.forEach((location, i) => {
    if (i % 4 === 0) location.name = `${location.name} ${payload(i)}`;
    if (i % 6 === 1) location.websiteUrl = badUrl(i);
    if (i % 5 === 2) location.address.line1 = `${location.address.line1} ${payload(i + 3)}`;
    if (i % 9 === 4) location.address.city = `${location.address.city} ${payload(i + 4)}`;
  });
  state.folders.forEach((folder, i) => {
    if (i % 3 === 1) folder.name = `${folder.name} ${payload(i)}`;
  });
  let links = 0;
  state.suggestions.forEach((suggestion, i) => {
    if (i % 2 === 0) suggestion.suggestedContent = `${payload(i)} ${suggestion.suggestedContent}`;
    if (i % 3 === 0) suggestion.originalContent = `${suggestion.originalContent} ${payload(i + 2)}`;
    // Every other website suggestion is a script URL, the rest the override's spoof.
    if (suggestion.fieldName === 'websiteUrl') suggestion.suggestedContent = links++ % 2 ? BIDI_SPOOF_URL : badUrl(i);
  });
  // The second account's name ends in an override (it would reverse the words a screen writes after it); the
  // third's is 5,000 characters without a space (it would widen every screen that does not wrap it).
  const second = state.accounts.find((a) => a.accountId === '1002');
  const third = state.accounts.find((a) => a.accountId === '1003');
  if (second) second.accountName = `${second.accountName} \u202Eylppus`;
  if (third) third.accountName = `Cedar${'Dental'.repeat(833)}`;
  for (const user of state.users.slice(0, 2)) user.firstName = `${user.firstName} ${payload(0)}`;
  for (const service of state.availableServices.slice(0, 2)) {
    service.serviceDescription = `${service.serviceDescription} ${payload(1)}`;
  }
}
