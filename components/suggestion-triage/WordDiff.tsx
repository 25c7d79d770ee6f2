import { Fragment } from 'preact';
import { useMemo } from 'preact/hooks';
import { wordDiff } from '../../lib/shared/word-diff.ts';

export interface WordDiffProps {
  before: string;
  after: string;
  class?: string;
}

/** Deletions and insertions as <del>/<ins>, each announced in words; all of it plain text. */
export function WordDiff({ before, after, class: className }: WordDiffProps) {
  const parts = useMemo(() => wordDiff(before, after), [before, after]);
  if (!before && !after) return <p class={className}>(both empty)</p>;
  return (
    <p class={className}>
      {parts.map((part, index) =>
        part.kind === 'same' ? (
          part.text
        ) : part.kind === 'del' ? (
          <Fragment key={index}>
            <del>
              <span class="visually-hidden">removed: </span>
              {part.text}
            </del>
            {part.gapAfter ? ' ' : null}
          </Fragment>
        ) : (
          <ins key={index}>
            <span class="visually-hidden">added: </span>
            {part.text}
          </ins>
        ),
      )}
    </p>
  );
}
