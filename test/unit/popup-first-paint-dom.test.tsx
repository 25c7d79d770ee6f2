// The popup's first paint as plain DOM: the frame the worker builds with its snapshot
// (lib/background/suggestion-triage/first-paint-tree.ts), made by the popup's first script
// (components/popup/first-paint-dom.ts): text only (publisher data never becomes markup, only http(s) links),
// inert, and the words the app's rows then show.
import { cleanup, render } from '@testing-library/preact';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { drawFirstPaint } from '../../components/popup/first-paint-dom.ts';
import { SuggestionTriage } from '../../components/suggestion-triage/SuggestionTriage.tsx';
import { firstPaintTree } from '../../lib/background/suggestion-triage/first-paint-tree.ts';
import { FIRST_PAINT_ATTR } from '../../lib/messaging/first-paint.ts';
import type {
  FirstPaintNode,
  TriageAccountSummary,
  TriageSnapshotView,
  TriageView,
} from '../../lib/messaging/protocol/index.ts';
import { pendingView, suggestion, triageView } from './triage-ui-fakes.ts';

vi.mock('../../lib/messaging/ui.ts', () => ({
  ask: vi.fn(async () => new Promise(() => undefined)),
  onDeskEvent: vi.fn(() => () => undefined),
}));

/** The fake suggestions' location (triage-ui-fakes.ts). */
const LOCATION = 'HB-001';
const HOSTILE = '<img src=x onerror="alert(1)"><script>alert(2)</script>';

const snapshot = (over: Partial<TriageView> = {}): TriageView =>
  triageView({
    revision: 7,
    refreshing: true,
    count: 40,
    suggestions: [
      suggestion('1', { suggestedContent: 'https://example.com/menu', originalContent: 'https://example.com/old' }),
      suggestion('2', { publisherId: 'EVIL', originalContent: HOSTILE, suggestedContent: `${HOSTILE} now` }),
      suggestion('3', { suggestedContent: 'javascript:alert(3)', locationId: '' }),
      suggestion('4', { suggestedContent: 'http://example.com/plain', originalContent: 'https://example.com/x' }),
    ],
    publishers: { GOOGLEMYBUSINESS: 'Google Business Profile', EVIL: HOSTILE },
    ...over,
  });

/** The snapshot as the worker stores it: its rows' names, and the first frame built from them. */
function stored(view: TriageView, locationNames: TriageSnapshotView['locationNames'] = {}): TriageSnapshotView {
  const snapshot: TriageSnapshotView = { ...view, locationNames, accountBar: null };
  return { ...snapshot, firstPaint: firstPaintTree(snapshot) };
}

function drawn(view: TriageView, locationNames?: TriageSnapshotView['locationNames']): HTMLElement {
  const root = document.createElement('div');
  document.body.append(root);
  expect(drawFirstPaint(root, stored(view, locationNames))).toBe(true);
  return root;
}

afterEach(() => {
  cleanup();
  document.body.replaceChildren();
});

describe('popup: the snapshot drawn as plain DOM', () => {
  test('publisher data stays text: no element from it, links only to http(s) addresses', () => {
    const root = drawn(snapshot());
    expect(root.querySelectorAll('img, script')).toHaveLength(0);
    const rows = [...root.querySelectorAll('article')];
    expect(rows).toHaveLength(4);
    expect(rows[1]!.querySelector('.st-row__title')!.textContent).toBe(HOSTILE);
    expect(rows[1]!.querySelector('.st-diff')!.textContent).toContain(HOSTILE);
    expect([...root.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([
      'https://example.com/menu',
      'http://example.com/plain',
    ]);
    // The http link that replaces an https one says so, as the app's row does.
    expect(rows[3]!.querySelector('.st-row__warn')?.textContent).toMatch(/drops https/);
    expect(rows[2]!.querySelector('.st-row__location')!.textContent).toBe('No location');
    // Element Timing sees these titles: the bench's "first suggestion painted".
    expect(root.querySelectorAll('[elementtiming="suggestion"]')).toHaveLength(4);
  });

  test('inert and busy: nothing in it takes focus or is read out, and it says it is the first paint', () => {
    const root = drawn(snapshot());
    const main = root.querySelector<HTMLElement>(`[${FIRST_PAINT_ATTR}]`)!;
    expect(main.hasAttribute('inert')).toBe(true);
    expect(main.getAttribute('aria-hidden')).toBe('true');
    expect(main.getAttribute('aria-busy')).toBe('true');
    expect(root.querySelector('[role="feed"]')!.getAttribute('aria-busy')).toBe('true');
    expect(root.querySelectorAll('[tabindex], [id]')).toHaveLength(0);
    expect(root.querySelector('.st-listhead__count')!.textContent).toBe('showing 4 of 40 waiting');
  });

  test('the same words as the app renders for the snapshot, row by row and above the list', () => {
    // The snapshot names its rows' locations: both the plain DOM and the app's first frame show the name.
    const view = stored(snapshot(), { [LOCATION]: { name: 'Harbor Bakery', city: 'Ballard' } });
    const plain = drawn(view, view.locationNames);
    expect(plain.querySelector('.st-row__location')!.textContent).toBe('Harbor Bakery, Ballard');
    const app = render(
      <SuggestionTriage listingsTotal={100} takeFirstView={() => undefined} takeSnapshot={() => view} />,
    ).container;
    const words = (root: ParentNode, selector: string) =>
      [...root.querySelectorAll(selector)].map((el) => el.textContent?.replace(/\s+/g, ' ').trim());
    expect(words(plain, 'article')).toEqual(words(app, 'article'));
    expect(words(plain, '.st-listhead')).toEqual(words(app, '.st-listhead'));
    const classes = (root: ParentNode) => [...root.querySelectorAll('article *')].map((el) => el.className).join(' ');
    expect(new Set(classes(plain).split(' '))).toEqual(new Set(classes(app).split(' ')));
  });

  test('across accounts: each row names its account, the account filter is drawn', () => {
    const account = (key: string, name: string): TriageAccountSummary => ({
      accountKey: key,
      accountName: name,
      needsRelink: false,
      waiting: 2,
      fetchedAt: 1,
      refreshing: false,
      error: null,
    });
    const view = snapshot({
      accounts: [account('a1', 'Harbor Bakery'), account('a2', `Cafe ${HOSTILE}`)],
      suggestions: [suggestion('1', { accountKey: 'a1' }), suggestion('2', { accountKey: 'a2' })],
    });
    const root = drawn(view);
    expect(root.querySelector('.st-accounts__summary')!.textContent).toBe('All accounts');
    expect([...root.querySelectorAll('.st-row__account')].map((el) => el.textContent)).toEqual([
      'Harbor Bakery',
      `Cafe ${HOSTILE}`,
    ]);
    expect(root.querySelectorAll('img, script')).toHaveLength(0);
  });

  test('draws nothing where it could not look like the app: a pending row, a notice, no rows, no frame', () => {
    const root = document.createElement('div');
    expect(drawFirstPaint(root, stored(snapshot({ pending: [pendingView('1')] })))).toBe(false);
    expect(drawFirstPaint(root, stored(snapshot({ warnings: [{ code: 1, type: 'WARNING', message: 'x' }] })))).toBe(
      false,
    );
    expect(drawFirstPaint(root, stored(snapshot({ suggestions: [] })))).toBe(false);
    expect(drawFirstPaint(root, snapshot())).toBe(false);
    expect(root.childNodes).toHaveLength(0);
  });

  test('a frame that holds what the popup never draws makes none of it: no script, no handler, no other link', () => {
    const hostile: FirstPaintNode = [
      'main',
      { class: 'popup', onclick: 'alert(1)', style: 'display:none', 'data-first-paint': '' },
      ['script', null, 'alert(2)'],
      ['img', { src: 'x', onerror: 'alert(3)' }],
      ['a', { href: 'javascript:alert(4)' }, 'one'],
      ['a', { href: 'https://example.com/ok' }, 'two'],
      ['p', null, HOSTILE],
    ];
    const root = document.createElement('div');
    expect(drawFirstPaint(root, { ...snapshot(), firstPaint: hostile } as TriageView)).toBe(true);
    expect(root.querySelectorAll('script, img, [onclick], [onerror], [style]')).toHaveLength(0);
    expect([...root.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([
      null,
      'https://example.com/ok',
    ]);
    expect(root.querySelector('p')!.textContent).toBe(HOSTILE);
  });
});
