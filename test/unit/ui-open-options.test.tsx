import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { uiFeature } from '../../lib/background/ui.ts';
import { protocol } from '../../lib/messaging/protocol/index.ts';

const ask = vi.fn(async () => ({ opened: true }));
vi.mock('../../lib/messaging/ui.ts', () => ({ ask: (...args: unknown[]) => ask(...(args as [])) }));
const { OptionsLink } = await import('../../components/ui/OptionsLink.tsx');

afterEach(cleanup);

const parse = (input: unknown) => protocol['ui.openOptions'].input.safeParse(input);
const context = { access: 'content' as const, sender: {} };

describe('ui.openOptions', () => {
  test('opens the options page at the section and its query, in a tab of its own', async () => {
    const opened = vi.spyOn(browser.tabs, 'create');
    const open = uiFeature().handlers['ui.openOptions'];
    await open({ section: 'listings', hash: '?status=LIVE' }, context);
    await open({}, context);
    expect(opened.mock.calls.map(([props]) => props?.url)).toEqual([
      browser.runtime.getURL('/options.html#listings?status=LIVE' as '/options.html'),
      browser.runtime.getURL('/options.html'),
    ]);
  });

  test('accepts sections and URL-safe queries only, with the reason in words', () => {
    expect(parse({ section: 'listings', hash: '?status=WAITING_ON_CUSTOMER' }).success).toBe(true);
    for (const bad of [
      { section: 'javascript:alert(1)' },
      { section: '../popup' },
      { section: 'listings', hash: '#x' },
      { section: 'listings', hash: '?a=<script>' },
      { section: 'listings', hash: '?a=b/../../x' },
      { hash: '?status=LIVE' },
      { section: 'listings', url: 'https://evil.example' },
    ]) {
      const result = parse(bad);
      expect(result.success, JSON.stringify(bad)).toBe(false);
      expect(result.error?.issues[0]?.message).toBeTruthy();
    }
    expect(parse({ hash: '?status=LIVE' }).error?.issues[0]?.message).toBe('A hash needs the section it belongs to.');
  });

  test('a section link shows the absolute address and asks the worker to open it', () => {
    render(
      <OptionsLink section="listings" hash="?status=LIVE">
        12 live
      </OptionsLink>,
    );
    const link = screen.getByRole('link', { name: '12 live' }) as HTMLAnchorElement;
    expect(link.getAttribute('href')).toBe(
      browser.runtime.getURL('/options.html#listings?status=LIVE' as '/options.html'),
    );
    fireEvent.click(link);
    expect(ask).toHaveBeenCalledWith('ui.openOptions', { section: 'listings', hash: '?status=LIVE' });
  });
});
