// A component the page loads by import() on its first use (a key, a click), not when it opens: the popup's
// undo bar, help dialog, bulk progress and account list are not in its first download (bench/sizes.ts).
import type { ComponentType, FunctionComponent } from 'preact';
import { useEffect, useReducer } from 'preact/hooks';

const bump = (n: number) => n + 1;

export interface Later<P> extends FunctionComponent<P> {
  /** Starts loading it (e.g. on the key that will show it); resolves once it can render. */
  preload(): Promise<unknown>;
  /** True once it renders for real. */
  readonly loaded: boolean;
  /** Calls `listener` once it has loaded; returns the unsubscribe. */
  onLoad(listener: () => void): () => void;
}

/** Renders nothing until `load` has resolved, then the loaded component with the same props. */
export function later<P extends object>(load: () => Promise<ComponentType<P>>): Later<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<unknown> | undefined;
  const listeners = new Set<() => void>();
  const preload = () =>
    (loading ??= load().then(
      (component) => {
        loaded = component;
        for (const listener of [...listeners]) listener();
        listeners.clear();
      },
      () => {
        // An extension's own file; should it fail anyway, the next use tries again.
        loading = undefined;
      },
    ));
  const onLoad = (listener: () => void) => {
    if (loaded) return () => undefined;
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  function Later(props: P) {
    const [, rerender] = useReducer(bump, 0);
    const Loaded = loaded;
    useEffect(() => {
      // Loaded since this rendered (effects wait for a frame, which a page behind another window may not get).
      if (loaded) {
        if (!Loaded) rerender(0);
        return undefined;
      }
      void preload();
      return onLoad(() => rerender(0));
    }, []);
    return Loaded ? <Loaded {...props} /> : null;
  }
  return Object.defineProperties(Object.assign(Later, { preload, onLoad }), {
    loaded: { get: () => loaded !== undefined },
  }) as Later<P>;
}

/** Renders the calling component again once `part` has loaded, e.g. to move focus into it. */
export function useLoaded(part: Later<never>): boolean {
  const [, rerender] = useReducer(bump, 0);
  const loaded = part.loaded;
  useEffect(() => {
    if (part.loaded) {
      if (!loaded) rerender(0);
      return undefined;
    }
    return part.onLoad(() => rerender(0));
  }, [part]);
  return loaded;
}
