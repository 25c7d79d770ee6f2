// Interning: the small numbers the table's columns hold for locations, publishers and statuses, and filter flags over them.
// Kept apart from the table because neither reads its rows: both work only on the lists and indexes they are given.

/** `value`'s number in `list`, adding it (and its lower-cased search text to `texts`) when new. */
export function intern(
  value: string,
  list: string[],
  index: Map<string, number>,
  texts?: string[],
  text?: (value: string) => string,
): number {
  let found = index.get(value);
  if (found === undefined) {
    found = list.length;
    list.push(value);
    index.set(value, found);
    if (texts) texts.push(text ? text(value) : value.toLowerCase());
  }
  return found;
}

/** A flag per number for the values a filter names; null when it names none (everything passes). */
export function flags(values: readonly string[], index: Map<string, number>, size: number): Uint8Array | null {
  if (values.length === 0) return null;
  const flags = new Uint8Array(size);
  for (const value of values) {
    const found = index.get(value);
    if (found !== undefined) flags[found] = 1;
  }
  return flags;
}
