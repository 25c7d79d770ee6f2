// The Inbox's view in the URL (issue 24: multi-value filters in the URL): accounts, locations, publishers,
// fields and age each take several values, and a link, a reload or Back brings back the same view.
import { describe, expect, test } from 'vitest';
import { DEFAULT_STATE, hashFromState, type InboxViewState, stateFromHash } from '../../components/inbox/inbox-hash.ts';

describe('the Inbox’s view in the URL', () => {
  test('every filter takes several values and comes back the same, with sort, grouping and tab', () => {
    const state: InboxViewState = {
      filters: {
        // An account key may hold anything, a comma and '&' included.
        accounts: ['https://api.example.test 1001', 'odd,key&x=1'],
        locations: ['HB-001', 'SOS-007'],
        publishers: ['GOOGLEMYBUSINESS', 'BING'],
        fields: ['address.line1', 'phone'],
        ages: ['week', 'old'],
      },
      sort: 'newest',
      group: true,
      tab: 'history',
    };
    const hash = hashFromState(state);
    expect(hash).toMatch(/^#inbox\?accounts=[^&]+,[^&]+&locations=HB-001,SOS-007&publishers=GOOGLEMYBUSINESS,BING&/);
    expect(hash).toContain('&fields=address.line1,phone&ages=week,old&sort=newest&group=1&tab=history');
    expect(stateFromHash(hash)).toEqual(state);
  });

  test('a hand-written link is read as far as it makes sense; unknown ages and other sections are dropped', () => {
    expect(stateFromHash('#inbox?fields=phone&ages=old,someday&locations=,HB-001').filters).toEqual({
      accounts: [],
      locations: ['HB-001'],
      publishers: [],
      fields: ['phone'],
      ages: ['old'],
    });
    expect(stateFromHash('#listings?fields=phone')).toEqual(DEFAULT_STATE);
    expect(hashFromState(DEFAULT_STATE)).toBe('#inbox');
  });
});
