// The popup's first frame as plain DOM, built by the worker with its first-paint snapshot
// (first-paint-snapshot.ts): the popup's first script (components/popup/first-paint-dom.ts) only makes these
// nodes (elements from a fixed set, text as text), so it carries no formatting code of its own and the popup
// loads no second copy of the word diff, labels and dates its app has. The same markup as the app's first frame
// (same classes, so the same sizes and places), inert; the app swaps its own rows in (entrypoints/popup/app.tsx).

import { FIRST_PAINT_ATTR } from '../../messaging/first-paint.ts';
import type { FirstPaintNode, SuggestionView, TriageSnapshotView, TriageView } from '../../messaging/protocol/index.ts';
import { showBidiControls } from '../../shared/bidi.ts';
import { formatNumber } from '../../shared/format.ts';
import { WAITING } from '../../shared/listing-statuses.ts';
import { locationText } from '../../shared/location-text.ts';
import { safeHttpUrl } from '../../shared/safe-url.ts';
import {
  changeTitle,
  downgradesToHttp,
  fieldLabel,
  SUGGESTION_STATUS_LABELS,
  shortDate,
} from '../../shared/suggestion-words.ts';
import { wordDiff } from '../../shared/word-diff.ts';

type Element = Exclude<FirstPaintNode, string>;

function el(tag: string, attrs: Record<string, string> | null, ...children: (FirstPaintNode | null)[]): Element {
  return [tag, attrs, ...children.filter((child): child is FirstPaintNode => child !== null)];
}

/** Appends to an element, as DOM's append() would. */
const append = (node: Element, ...children: FirstPaintNode[]) => node.push(...children);

/** Deletions and insertions as WordDiff.tsx draws them, "removed: " / "added: " and bidi controls written out. */
function diff(before: string, after: string): Element {
  if (!before && !after) return el('p', { class: 'st-diff' }, '(both empty)');
  const p = el('p', { class: 'st-diff', dir: 'auto', title: changeTitle(before, after) });
  for (const part of wordDiff(showBidiControls(before), showBidiControls(after))) {
    if (part.kind === 'same') append(p, part.text);
    else {
      const word = part.kind === 'del' ? 'removed: ' : 'added: ';
      append(p, el(part.kind, null, el('span', { class: 'visually-hidden' }, word), part.text));
      if (part.gapAfter) append(p, ' ');
    }
  }
  return p;
}

function button(variant: string, size: string, text: string, icon = false): Element {
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
function filter(control: Element): Element {
  return el('div', { class: 'ui-field st-filters__filter' }, el('div', { class: 'ui-field__control' }, control));
}

function row(s: SuggestionView, view: TriageSnapshotView, index: number, accountNames: Map<string, string>): Element {
  const publisher = s.publisherId ? (view.publishers[s.publisherId] ?? s.publisherId) : 'Unknown publisher';
  // The snapshot names its rows' locations, as the app's rows show them (an unnamed one shows its id).
  const location = s.locationId ? locationText(s.locationId, view.locationNames[s.locationId]) : '';
  const account = s.accountKey ? accountNames.get(s.accountKey) : undefined;
  const link = safeHttpUrl(s.suggestedContent);
  const field = el('p', { class: 'st-row__field' });
  if (account) append(field, el('span', { class: 'st-row__account', dir: 'auto' }, account), el('span', null, '·'));
  append(
    field,
    el('span', { class: 'st-row__location', dir: 'auto' }, location || 'No location'),
    el('span', null, '·'),
    el('span', { class: 'st-row__fieldname' }, fieldLabel(s.fieldName)),
    el('time', { class: 'st-row__date' }, shortDate(s.dateCreated)),
  );
  const title = el(
    'h3',
    { class: 'st-row__title', elementtiming: 'suggestion', title: publisher },
    el('bdi', null, publisher),
  );
  const actions = el('span', { class: 'st-row__actions' }, button('positive', 'xs', 'Accept'));
  append(actions, button('negative', 'xs', 'Reject'));
  const body = el('div', { class: 'st-row__body' }, el('header', { class: 'st-row__head' }, title, actions), field);
  append(body, diff(s.originalContent, s.suggestedContent));
  if (link && downgradesToHttp(s.originalContent, s.suggestedContent)) {
    append(
      body,
      el('p', { class: 'st-row__warn' }, '⚠ This link drops https: the suggested address is plain http, not secure.'),
    );
  }
  if (link) append(body, el('a', { class: 'st-row__link', href: link }, 'Open suggested link'));
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
 * The snapshot's rows as the popup's app draws them in its first frame (the account bar still empty, the health
 * counts not yet come), inert and hidden from assistive technology: nothing in it takes focus or is read out; the
 * app's live view replaces it. Null where it could not look the same.
 */
export function firstPaintTree(view: TriageSnapshotView): FirstPaintNode | null {
  if (!drawable(view)) return null;
  const label = SUGGESTION_STATUS_LABELS[WAITING]!;
  const accounts = view.accounts && view.accounts.length > 1 ? view.accounts : null;
  const filters = el(
    'fieldset',
    { class: 'st-filters' },
    filter(el('select', { class: 'ui-select', 'data-size': 'sm' }, el('option', null, label))),
  );
  if (accounts) {
    const summary = el('summary', { class: 'st-accounts__summary ui-input', 'data-size': 'sm' }, 'All accounts');
    append(filters, el('details', { class: 'st-accounts st-filters__filter' }, summary));
  }
  const search = { class: 'ui-input', 'data-size': 'sm', type: 'search', placeholder: 'All locations' };
  append(
    filters,
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
  refresh[1]!.disabled = '';
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
  append(box, ...view.suggestions.map((s, i) => row(s, view, i, names)));
  const feed = el('div', { class: 'st-feed', role: 'feed', 'aria-busy': 'true' }, box);
  const main = el(
    'main',
    // Hidden from the accessibility tree as well as inert: found by role, it would pass for the live list.
    { class: 'popup', [FIRST_PAINT_ATTR]: '', inert: '', 'aria-hidden': 'true', 'aria-busy': 'true' },
    el('header', { class: 'popup__bar' }, el('div', { class: 'popup__bar-placeholder' })),
    el('div', { class: 'st' }, filters, head, feed),
  );
  return main;
}
