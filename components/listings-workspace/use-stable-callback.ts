import { useCallback, useRef } from 'preact/hooks';

/**
 * One function for the component's life that calls the latest `fn`: memoized children given it are not
 * drawn again when only the closure changed.
 */
export function useStableCallback<Args extends unknown[], Result>(
  fn: (...args: Args) => Result,
): (...args: Args) => Result {
  const latest = useRef(fn);
  latest.current = fn;
  return useCallback((...args: Args) => latest.current(...args), []);
}
