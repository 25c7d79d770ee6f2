// A storage read kept in memory until storage says what it read has changed: a read is an IPC to the
// browser (15–40 ms on a busy machine), and Chrome fires storage.onChanged before the write that caused it
// resolves, so the next use after a change reads again.

export interface HeldRead<T> {
  /** The kept read, or a new one when none is kept. */
  get(): Promise<T>;
  /** A new read, kept in place of any other. */
  read(): Promise<T>;
  /** The kept read, if any: compare it after an await to see whether a change dropped it meanwhile. */
  held(): Promise<T> | undefined;
}

/** `watchChanges` is called once, before the first read, with the callback that drops the kept read. */
export function heldRead<T>(load: () => Promise<T>, watchChanges: (forget: () => void) => void): HeldRead<T> {
  let held: Promise<T> | undefined;
  let watching = false;
  const read = () => {
    if (!watching) {
      watching = true;
      // A change drops the read, also one still on its way.
      watchChanges(() => {
        held = undefined;
      });
    }
    const next = load();
    held = next;
    next.catch(() => {
      if (held === next) held = undefined;
    });
    return next;
  };
  return { read, get: () => held ?? read(), held: () => held };
}
