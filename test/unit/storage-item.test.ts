import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { storage } from 'wxt/utils/storage';
import { defineItem } from '../../lib/storage-item.ts';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('defineItem', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    vi.restoreAllMocks();
  });

  it('reads nothing from storage when defined, nor in a bulk read of other items', async () => {
    await fakeBrowser.storage.local.set({ bigList: [1, 2, 3] });
    const get = vi.spyOn(fakeBrowser.storage.local, 'get');
    const list = defineItem<number[]>('local:bigList', { fallback: [], version: 1 });
    await settle();
    expect(get).not.toHaveBeenCalled();
    expect(await list.getValue()).toEqual([1, 2, 3]);
  });

  it('reads, writes, watches and bulk-reads like a WXT item, with its fallback', async () => {
    const count = defineItem<number>('local:count', { fallback: 0 });
    const [read] = await storage.getItems([count]);
    expect(read?.value).toBe(0);
    const seen: number[] = [];
    count.watch((value) => seen.push(value));
    await count.setValue(4);
    await storage.setItems([{ item: count, value: 5 }]);
    await vi.waitFor(() => expect(seen).toEqual([4, 5]));
    expect(await count.getValue()).toBe(5);
    await count.removeValue();
    expect(await count.getValue()).toBe(0);
  });

  it('runs an item’s migrations as WXT does', async () => {
    await fakeBrowser.storage.local.set({ names: 'a,b' });
    const names = defineItem<string[]>('local:names', {
      fallback: [],
      version: 2,
      migrations: { 2: (value: string) => value.split(',') },
    });
    expect(await names.getValue()).toEqual(['a', 'b']);
  });
});
