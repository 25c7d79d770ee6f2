// The suggestions ticked for a bulk decision. A selection survives a filter change; only its shown
// part counts until the filter is cleared.
import { useCallback, useState } from 'preact/hooks';

export interface Selection {
  selected: ReadonlySet<string>;
  toggle: (id: string, on?: boolean) => void;
  /** Ticks (or unticks) all of these, leaving the rest as it was. */
  setMany: (ids: readonly string[], on: boolean) => void;
  clear: () => void;
}

export function useSelection(): Selection {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const toggle = useCallback((id: string, on?: boolean) => {
    setSelected((current) => {
      const next = new Set(current);
      if (on ?? !next.has(id)) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);
  const setMany = useCallback((ids: readonly string[], on: boolean) => {
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  }, []);
  const clear = useCallback(() => setSelected(new Set()), []);
  return { selected, toggle, setMany, clear };
}
