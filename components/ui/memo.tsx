// A component that renders again only when one of its props changed (shallow, by identity): with
// keepEqual's answers, the parts of a page a worker answer did not change are skipped. Preact's own
// memo lives in preact/compat, which the pages do not otherwise load.
import { Component, type FunctionComponent, h } from 'preact';

function sameProps(a: object, b: object): boolean {
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  for (const key of ka) {
    if (!Object.is((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])) return false;
  }
  return true;
}

export function memoized<P extends object>(render: FunctionComponent<P>): FunctionComponent<P> {
  class Memoized extends Component<P> {
    override shouldComponentUpdate(next: P): boolean {
      return !sameProps(this.props, next);
    }
    override render() {
      return h(render, this.props);
    }
  }
  return Memoized as unknown as FunctionComponent<P>;
}
