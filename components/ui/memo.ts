// preact/compat's memo without pulling compat into a page's bundle (as SuggestionRow and FilterBar do it
// by hand): a component drawn again only when its props changed, by `same` or else one by one.
import { Component, type FunctionComponent, h } from 'preact';

export function sameProps<P>(a: P, b: P): boolean {
  const now = a as Record<string, unknown>;
  const then = b as Record<string, unknown>;
  for (const key in then) if (then[key] !== now[key]) return false;
  for (const key in now) if (!(key in then)) return false;
  return true;
}

export function memo<P extends object>(
  render: FunctionComponent<P>,
  same: (a: P, b: P) => boolean = sameProps,
): FunctionComponent<P> {
  class Memo extends Component<P> {
    override shouldComponentUpdate(next: P): boolean {
      return !same(this.props as P, next);
    }

    override render() {
      return h(render, this.props as P);
    }
  }
  return Memo as unknown as FunctionComponent<P>;
}
