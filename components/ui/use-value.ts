// How a component reads a signal. The @preact/signals adapter (~1.5 KB gzip) would re-render any component
// that reads `.value` in its render; the popup does without it, so components subscribe through this hook.
import { effect, type ReadonlySignal } from '@preact/signals-core';
import { useEffect, useReducer } from 'preact/hooks';

const bump = (n: number) => n + 1;

/** The signal's value now; the component renders again whenever it changes. */
export function useValue<T>(source: ReadonlySignal<T>): T {
  const [, rerender] = useReducer(bump, 0);
  // peek(): where the adapter is loaded (options, panel) it must not subscribe the render a second time.
  const value = source.peek();
  // Subscribed after the render: a change in between re-renders on the effect's first run.
  useEffect(
    () =>
      effect(() => {
        if (source.value !== value) rerender(0);
      }),
    [source, value],
  );
  return value;
}
