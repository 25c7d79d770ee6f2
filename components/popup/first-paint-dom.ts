// The popup's first paint as plain DOM, drawn by its entry before Preact and the app have loaded: the worker's
// snapshot (storage.session) as the app's own markup (same classes, so the same sizes and places), inert.
// Publisher data is text only (textContent, never markup); a link only for an http(s) address. The app renders
// into a fresh root and swaps it in (entrypoints/popup/app.tsx): decisions and keys only on that live view.
import type { SuggestionView, TriageSnapshotView, TriageView } from '../../lib/messaging/protocol/index.ts';
import { formatNumber } from '../../lib/shared/format.ts';
import { WAITING } from '../../lib/shared/listing-statuses.ts';
import { locationText } from '../locations/location-text.ts';
import { downgradesToHttp, SUGGESTION_STATUS_LABELS, shortDate } from '../suggestion-triage/labels.ts';
import { wordDiff } from '../suggestion-triage/word-diff.ts';
import { safeHttpUrl } from '../ui/safe-url.ts';

/** Marks the plain-DOM popup: the app swaps its own root in for the element carrying it. */
export const FIRST_PAINT_ATTR = 'data-first-paint';

type Child = Node | string | null;

function el(tag: string, attrs: Record<string, string> | null, ...children: Child[]): HTMLElement {
  const node = document.createElement(tag);
  for (const name in attrs) node.setAttribute(name, attrs[name]!);
  for (const child of children) if (child !== null) node.append(child);
  return node;
}

/** Deletions and insertions as WordDiff.tsx draws them, "removed: " / "added: " included. */
function diff(before: string, after: string): HTMLElement {
  const p = el('p', { class: 'st-diff' });
  if (!before && !after) p.textContent = '(both empty)';
  for (const part of before || after ? wordDiff(before, after) : []) {
    if (part.kind === 'same') p.append(part.text);
    else {
      const word = part.kind === 'del' ? 'removed: ' : 'added: ';
      p.append(el(part.kind, null, el('span', { class: 'visually-hidden' }, word), part.text));
      if (part.gapAfter) p.append(' ');
    }
  }
  return p;
}

function button(variant: string, size: string, text: string, icon = false): HTMLElement {
  const attrs: Record<string, string> = {
    type: 'button',
    class: 'ui-button',
    'data-variant': variant,
    'data-size': size,
  };
  if (icon) attrs['data-icon'] = '';
  return el('button', attrs, text);
}

/** A filter's box (TriageFilters.tsx): the control alone, its hidden label takes no room. */
function filter(control: HTMLElement): HTMLElement {
  return el('div', { class: 'ui-field st-filters__filter' }, el('div', { class: 'ui-field__control' }, control));
}

function row(s: SuggestionView, view: TriageView, index: number, accountNames: Map<string, string>): HTMLElement {
  const publisher = s.publisherId ? (view.publishers[s.publisherId] ?? s.publisherId) : 'Unknown publisher';
  // The snapshot names its rows' locations, as the app's rows show them (an unnamed one shows its id).
  const location = s.locationId
    ? locationText(s.locationId, (view as Partial<TriageSnapshotView>).locationNames?.[s.locationId])
    : '';
  const account = s.accountKey ? accountNames.get(s.accountKey) : undefined;
  const link = safeHttpUrl(s.suggestedContent);
  const field = el('p', { class: 'st-row__field' });
  if (account) field.append(el('span', { class: 'st-row__account' }, account), el('span', null, '·'));
  field.append(
    el('span', { class: 'st-row__location' }, location || 'No location'),
    el('span', null, '·'),
    el('span', { class: 'st-row__fieldname' }, s.fieldName || 'field not named'),
    el('time', { class: 'st-row__date' }, shortDate(s.dateCreated)),
  );
  const title = el('h3', { class: 'st-row__title', elementtiming: 'suggestion' }, publisher);
  const actions = el('span', { class: 'st-row__actions' }, button('positive', 'xs', 'Accept'));
  actions.append(button('negative', 'xs', 'Reject'));
  const body = el('div', { class: 'st-row__body' }, el('header', { class: 'st-row__head' }, title, actions), field);
  body.append(diff(s.originalContent, s.suggestedContent));
  if (link && downgradesToHttp(s.originalContent, s.suggestedContent)) {
    body.append(
      el('p', { class: 'st-row__warn' }, '⚠ This link drops https: the suggested address is plain http, not secure.'),
    );
  }
  if (link) body.append(el('a', { class: 'st-row__link', href: link }, 'Open suggested link'));
  const attrs: Record<string, string> = {
    class: 'st-row',
    'aria-posinset': String(index + 1),
    'aria-setsize': String(view.suggestions.length),
  };
  if (index === 0) attrs['data-active'] = '';
  return el('div', null, el('article', attrs, el('input', { type: 'checkbox', class: 'st-row__check' }), body));
}

/**
 * Whether the plain DOM can look exactly like the app's first frame: waiting rows with nothing pending or
 * failed, no notices above the list. Anything else is left to the app (a rarer open, drawn a moment later).
 */
function drawable(view: TriageView): boolean {
  return (
    view.status === WAITING &&
    view.account !== null &&
    view.suggestions.length > 0 &&
    view.suggestions.every((s) => s.status === WAITING) &&
    view.pending.length === 0 &&
    view.failures.length === 0 &&
    view.warnings.length === 0 &&
    !view.error &&
    !(view.accounts ?? []).some((a) => a.needsRelink || a.error)
  );
}

/**
 * Draws the snapshot into `root` as the popup's app would in its first frame (the account bar still empty, the
 * health counts not yet come), inert: nothing in it takes focus or is read out; the app's live view replaces it.
 * Returns false, drawing nothing, where it could not look the same.
 */
export function drawFirstPaint(root: HTMLElement, view: TriageView): boolean {
  if (!drawable(view)) return false;
  const label = SUGGESTION_STATUS_LABELS[WAITING]!;
  const accounts = view.accounts && view.accounts.length > 1 ? view.accounts : null;
  const filters = el(
    'fieldset',
    { class: 'st-filters' },
    filter(el('select', { class: 'ui-select', 'data-size': 'sm' }, el('option', null, label))),
  );
  if (accounts) {
    const summary = el('summary', { class: 'st-accounts__summary ui-input', 'data-size': 'sm' }, 'All accounts');
    filters.append(el('details', { class: 'st-accounts st-filters__filter' }, summary));
  }
  const search = { class: 'ui-input', 'data-size': 'sm', type: 'search', placeholder: 'All locations' };
  filters.append(
    filter(el('input', search)),
    filter(el('select', { class: 'ui-select', 'data-size': 'sm' }, el('option', null, 'All publishers'))),
    button('ghost', 'md', '?', true),
  );
  const loaded = view.suggestions.length;
  const count =
    loaded < view.count
      ? `showing ${formatNumber(loaded)} of ${formatNumber(view.count)} ${label.toLowerCase()}`
      : `${formatNumber(view.count)} ${label.toLowerCase()}`;
  const refresh = button('ghost', 'md', '↻', true);
  refresh.setAttribute('disabled', '');
  const head = el(
    'div',
    { class: 'st-listhead' },
    el('input', { type: 'checkbox', class: 'st-listhead__check' }),
    el('span', { class: 'st-listhead__count' }, count),
    el('span', { class: 'st-listhead__fresh' }, 'Refreshing…'),
    refresh,
  );
  const names = new Map((accounts ?? []).map((a) => [a.accountKey, a.accountName]));
  const box = el('div', { class: 'windowed-feed__box' });
  box.append(...view.suggestions.map((s, i) => row(s, view, i, names)));
  const feed = el('div', { class: 'st-feed', role: 'feed', 'aria-busy': 'true' }, box);
  const main = el(
    'main',
    // Hidden from the accessibility tree as well as inert: found by role, it would pass for the live list.
    { class: 'popup', [FIRST_PAINT_ATTR]: '', inert: '', 'aria-hidden': 'true', 'aria-busy': 'true' },
    el('header', { class: 'popup__bar' }, el('div', { class: 'popup__bar-placeholder' })),
    el('div', { class: 'st' }, filters, head, feed),
  );
  root.replaceChildren(main);
  // Each row at its measured offset, as the app's list places it (whole pixels): the swap moves nothing.
  const slots = [...box.children] as HTMLElement[];
  const heights = slots.map((slot) => slot.offsetHeight);
  let top = 0;
  slots.forEach((slot, i) => {
    slot.className = 'windowed-feed__slot';
    slot.style.transform = `translateY(${top}px)`;
    top += heights[i]!;
  });
  box.style.height = `${top}px`;
  return true;
}
