// Progress a screen reader hears (issue 25): a ProgressBar announces its start, each quarter and its end, in the
// words on screen, never every tick; the listings load bar announces the line that replaces it.
import { cleanup, render, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, test } from 'vitest';
import { LoadBar } from '../../components/listings-workspace/LoadBar.tsx';
import { ProgressBar } from '../../components/ui/ProgressBar.tsx';
import type { ListingsLoadView } from '../../lib/messaging/protocol/index.ts';

afterEach(() => cleanup());

const regionText = () => document.querySelector('[role="status"][data-testid="announcer"]')?.textContent ?? '';
/** Waits until the live region says `words`. */
const says = (words: string | RegExp) => waitFor(() => expect(regionText()).toMatch(words));

/** Every text the page's polite live region held, in order, while `run` ran. */
async function heard(run: () => Promise<void> | void): Promise<string[]> {
  const said: string[] = [];
  const observer = new MutationObserver(() => {
    const text = regionText();
    if (text && said.at(-1) !== text) said.push(text);
  });
  observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  await run();
  // MutationObserver callbacks run as a microtask after the last change.
  await Promise.resolve();
  observer.disconnect();
  return said;
}

/** A macrotask: effects of the last render have run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('progress announcements', () => {
  test('start, each quarter and the end of 40 steps: 5 announcements, with the words on screen', async () => {
    const said = await heard(async () => {
      const { rerender } = render(<ProgressBar label="Sending add requests" value={0} max={40} />);
      await says('Sending add requests: 0 of 40');
      for (let value = 1; value <= 40; value++) {
        rerender(<ProgressBar label="Sending add requests" value={value} max={40} />);
        await settle();
      }
      await says('Sending add requests: 40 of 40');
    });
    expect(said).toEqual([
      'Sending add requests: 0 of 40',
      'Sending add requests: 10 of 40',
      'Sending add requests: 20 of 40',
      'Sending add requests: 30 of 40',
      'Sending add requests: 40 of 40',
    ]);
    // The bar itself is no live region: its ticks are not read.
    expect(document.querySelector('.ui-progress [aria-live], .ui-progress[aria-live]')).toBeNull();
  });

  test('the job’s own words lead when given (opt-in), and an indeterminate bar says its name once', async () => {
    const said = await heard(async () => {
      const { rerender } = render(
        <ProgressBar
          label="Opt-in requests"
          status="Opting in 150 listings"
          value={0}
          max={2}
          text="0 of 2 requests"
        />,
      );
      await says('Opting in 150 listings: 0 of 2 requests');
      rerender(
        <ProgressBar label="Opt-in requests" status="Opted in 150 listings" value={2} max={2} text="2 of 2 requests" />,
      );
      await says('Opted in 150 listings: 2 of 2 requests');
      cleanup();
      render(<ProgressBar label="Loading suggestions" />);
      await says('Loading suggestions…');
    });
    expect(said).toEqual([
      'Opting in 150 listings: 0 of 2 requests',
      'Opted in 150 listings: 2 of 2 requests',
      'Loading suggestions…',
    ]);
  });

  test('the listings load bar announces the line that replaces it when the load ends', async () => {
    const loading: ListingsLoadView = {
      state: 'loading',
      loaded: 500,
      total: 1000,
      fetchedAt: null,
      incomplete: null,
      error: null,
      warnings: [],
    };
    const said = await heard(async () => {
      const { rerender } = render(<LoadBar load={loading} onLoad={() => undefined} onCancel={() => undefined} />);
      await says('Loading listings: 500 of 1,000');
      rerender(
        <LoadBar
          load={{ ...loading, state: 'loaded', loaded: 1000, fetchedAt: Date.UTC(2026, 0, 2, 3, 4) }}
          onLoad={() => undefined}
          onCancel={() => undefined}
        />,
      );
      await says(/^1,000 listings, fetched /);
    });
    expect(said[0]).toBe('Loading listings: 500 of 1,000');
    expect(said.at(-1)).toMatch(/^1,000 listings, fetched /);
  });
});

describe('words taken back', () => {
  test('a loading bar that goes away takes its "Loading…" from the region; an end or newer words stay', async () => {
    const loading = render(<ProgressBar label="Loading users" />);
    await says('Loading users…');
    loading.unmount();
    // Preact runs an unmounted component's effect cleanups after the render, not within unmount().
    await waitFor(() => expect(regionText()).toBe(''));

    const done = render(<ProgressBar label="Sending add requests" value={4} max={4} />);
    await says('Sending add requests: 4 of 4');
    done.unmount();
    await settle();
    expect(regionText()).toBe('Sending add requests: 4 of 4');

    const first = render(<ProgressBar label="Loading roles" />);
    await says('Loading roles…');
    const second = render(<ProgressBar label="Loading services" />);
    await says('Loading services…');
    first.unmount();
    await settle();
    expect(regionText()).toBe('Loading services…');
    second.unmount();
  });
});

describe('ProgressBar steps', () => {
  test('a step scales the fill, never resizes it: a width change laid out and painted the page at each step', () => {
    const { container, rerender } = render(<ProgressBar label="Accepting 4 suggestions" value={1} max={4} />);
    const fill = () => container.querySelector<HTMLElement>('.ui-progress__fill')!;
    expect(fill().style.transform).toBe('scaleX(0.25)');
    expect(fill().style.width).toBe('');
    rerender(<ProgressBar label="Accepting 4 suggestions" value={3} max={4} />);
    expect(fill().style.transform).toBe('scaleX(0.75)');
    expect(fill().style.width).toBe('');
  });
});
