import { Fragment } from 'preact';
import { useMemo } from 'preact/hooks';
import { showBidiControls } from '../../lib/shared/bidi.ts';
import { changeTitle } from '../../lib/shared/suggestion-words.ts';
import { wordDiff } from '../../lib/shared/word-diff.ts';

export interface WordDiffProps {
  before: string;
  after: string;
  class?: string;
}

/**
 * Deletions and insertions as <del>/<ins>, each announced in words; all of it plain text, its bidi controls
 * written out (what is read is what would be accepted) and its direction its own (dir=auto). Rows clamp it to a
 * few lines with an ellipsis, so the whole change is also its title.
 */
export function WordDiff({ before, after, class: className }: WordDiffProps) {
  const parts = useMemo(() => wordDiff(showBidiControls(before), showBidiControls(after)), [before, after]);
  if (!before && !after) return <p class={className}>(both empty)</p>;
  return (
    <p class={className} dir="auto" title={changeTitle(before, after)}>
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
