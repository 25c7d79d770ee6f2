import { describe, expect, test } from 'vitest';
import { type DiffPart, tokenize, wordDiff } from '../../lib/shared/word-diff.ts';

/** One side of a diff: everything but the other side's changes, joined. */
function side(parts: ReturnType<typeof wordDiff>, leaveOut: 'ins' | 'del'): string {
  return parts
    .filter((p) => p.kind !== leaveOut)
    .map((p) => p.text)
    .join('');
}

const render = (parts: DiffPart[]) =>
  parts.map((p) => (p.kind === 'same' ? p.text : p.kind === 'del' ? `[-${p.text}-]` : `{+${p.text}+}`)).join('');

describe('word-diff', () => {
  test('changed words only, shared words kept', () => {
    expect(render(wordDiff('Open 9am to 5pm', 'Open 8am to 6pm'))).toBe('Open [-9am-]{+8am+} to [-5pm-]{+6pm+}');
  });

  test('insertions and deletions in the middle and at the ends', () => {
    expect(render(wordDiff('Harbor Bakery on Main', 'Harbor Bakery & Cafe on Main Street'))).toBe(
      'Harbor Bakery {+& Cafe +}on Main{+ Street+}',
    );
    expect(render(wordDiff('Call us today please', 'Call us'))).toBe('Call us[- today please-]');
  });

  test('a whole replacement reads as one deletion then one insertion, not word salad', () => {
    expect(wordDiff('a b c', 'x y z')).toEqual([
      { kind: 'del', text: 'a b c', gapAfter: true },
      { kind: 'ins', text: 'x y z' },
    ]);
  });

  test('a deletion right before an insertion keeps a space between them on screen, not in the text', () => {
    const parts = wordDiff('Closed Sundays', 'Open daily');
    expect(parts.map((p) => p.gapAfter === true)).toEqual([true, false]);
    expect(side(parts, 'ins')).toBe('Closed Sundays');
    // Whitespace already there needs no extra gap.
    expect(wordDiff('Harbor Bakery on Main', 'Harbor Bakery & Cafe on Main Street').some((p) => p.gapAfter)).toBe(
      false,
    );
  });

  test('empty sides and equal sides', () => {
    expect(wordDiff('', 'new text')).toEqual([{ kind: 'ins', text: 'new text' }]);
    expect(wordDiff('old text', '')).toEqual([{ kind: 'del', text: 'old text' }]);
    expect(wordDiff('same words', 'same words')).toEqual([{ kind: 'same', text: 'same words' }]);
    expect(wordDiff('', '')).toEqual([]);
  });

  test('joining either side of the diff gives back the original and the suggestion exactly', () => {
    const before = 'Mon–Fri 7:00–18:00,\nSat 8:00–16:00   Sun closed';
    const after = 'Mon–Fri 7:00–19:00,\nSat 8:00–16:00 Sun 9:00–14:00';
    const parts = wordDiff(before, after);
    expect(side(parts, 'ins')).toBe(before);
    expect(side(parts, 'del')).toBe(after);
  });

  test('markup and entities are compared as the characters they are, never decoded or split', () => {
    // Decoding would make "&amp;" and "&" equal and hide a change a person should see.
    expect(render(wordDiff('Fish &amp; Chips', 'Fish & Chips'))).toBe('Fish [-&amp;-]{+&+} Chips');
    // A tag is part of its word: the change is the whole "<b>now</b>", not pieces of markup.
    expect(render(wordDiff('Call <b>now</b> please', 'Call <i>now</i> please'))).toBe(
      'Call [-<b>now</b>-]{+<i>now</i>+} please',
    );
  });

  // How fast this is, is a bench figure (bench/popup.ts), not a test: timings flake on shared cores.
  test('very long texts (past the LCS bound) still round-trip exactly', () => {
    const words = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `${tag}${i % 7}w${i}`).join(' ');
    const before = words(3000, 'a');
    const after = words(3000, 'b');
    const parts = wordDiff(before, after);
    expect(side(parts, 'ins')).toBe(before);
    expect(side(parts, 'del')).toBe(after);
  });

  test('tokenize keeps whitespace as its own tokens', () => {
    expect(tokenize(' a  b\n')).toEqual([' ', 'a', '  ', 'b', '\n']);
  });
});
