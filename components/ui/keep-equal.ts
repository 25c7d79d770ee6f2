// Structural sharing for worker answers: the parts of a new answer equal to the one shown keep the old
// objects, so memoised components skip them. An accept-all's progress then redraws its bar and counts,
// not the filters, the account lines and every row in view at each answer.

const isPlain = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

/** `next`, with every part deep-equal to the same part of `prev` replaced by `prev`'s object (prev itself when all are). */
export function keepEqual<T>(prev: unknown, next: T): T {
  if (Object.is(prev, next)) return prev as T;
  if (Array.isArray(prev) && Array.isArray(next)) {
    let same = prev.length === next.length;
    const out = next.map((item, index) => {
      const kept = keepEqual(prev[index], item);
      if (kept !== prev[index]) same = false;
      return kept;
    });
    return (same ? prev : out) as T;
  }
  if (isPlain(prev) && isPlain(next)) {
    const keys = Object.keys(next);
    let same = keys.length === Object.keys(prev).length;
    const out: Record<string, unknown> = {};
    for (const key of keys) {
      out[key] = keepEqual(prev[key], next[key]);
      if (out[key] !== prev[key] || !Object.hasOwn(prev, key)) same = false;
    }
    return (same ? prev : out) as T;
  }
  return next;
}
