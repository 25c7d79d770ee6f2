// A small word-level diff (LCS over word and whitespace tokens). Written here rather than imported
// because the popup's whole JS + CSS budget is 30 KB gzip.

export type DiffPart = {
  kind: 'same' | 'del' | 'ins';
  text: string;
  /** On a deletion right before an insertion with no whitespace between them: show a space there. */
  gapAfter?: true;
};

/** Above this many LCS cells the middle is shown as one replacement: readable, and bounded in time. */
const MAX_CELLS = 250_000;

export function tokenize(text: string): string[] {
  return text.match(/\s+|[^\s]+/g) ?? [];
}

export function wordDiff(before: string, after: string): DiffPart[] {
  const a = tokenize(before);
  const b = tokenize(after);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const parts: DiffPart[] = [];
  push(parts, 'same', a.slice(0, start).join(''));
  for (const part of diffMiddle(a.slice(start, endA), b.slice(start, endB))) push(parts, part.kind, part.text);
  push(parts, 'same', a.slice(endA).join(''));
  return markGaps(tidy(parts));
}

/** "Closed Sundays" → "Open daily" must not read "Closed SundaysOpen daily"; the text itself stays exact. */
function markGaps(parts: DiffPart[]): DiffPart[] {
  for (let k = 0; k + 1 < parts.length; k++) {
    const part = parts[k]!;
    const next = parts[k + 1]!;
    if (part.kind === 'del' && next.kind === 'ins' && !/\s$/.test(part.text) && !/^\s/.test(next.text)) {
      part.gapAfter = true;
    }
  }
  return parts;
}

function diffMiddle(a: string[], b: string[]): DiffPart[] {
  if (a.length === 0 || b.length === 0 || a.length * b.length > MAX_CELLS) {
    return [
      { kind: 'del', text: a.join('') },
      { kind: 'ins', text: b.join('') },
    ];
  }
  const n = a.length;
  const m = b.length;
  // lengths[i * (m + 1) + j] = LCS length of a[i..] and b[j..]
  const lengths = new Uint32Array((n + 1) * (m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lengths[i * (m + 1) + j] =
        a[i] === b[j]
          ? lengths[(i + 1) * (m + 1) + j + 1]! + 1
          : Math.max(lengths[(i + 1) * (m + 1) + j]!, lengths[i * (m + 1) + j + 1]!);
    }
  }
  const parts: DiffPart[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      push(parts, 'same', a[i]!);
      i++;
      j++;
    } else if (lengths[(i + 1) * (m + 1) + j]! >= lengths[i * (m + 1) + j + 1]!) {
      push(parts, 'del', a[i]!);
      i++;
    } else {
      push(parts, 'ins', b[j]!);
      j++;
    }
  }
  push(parts, 'del', a.slice(i).join(''));
  push(parts, 'ins', b.slice(j).join(''));
  return parts;
}

function push(parts: DiffPart[], kind: DiffPart['kind'], text: string): void {
  if (!text) return;
  const last = parts[parts.length - 1];
  if (last && last.kind === kind) last.text += text;
  else parts.push({ kind, text });
}

/**
 * Lone spaces kept between two changes read as noise ("-a- +x+ -b- +y+"): fold them into the change,
 * then put each run's deletion before its insertion.
 */
function tidy(parts: DiffPart[]): DiffPart[] {
  const out: DiffPart[] = [];
  let del = '';
  let ins = '';
  const flush = () => {
    push(out, 'del', del);
    push(out, 'ins', ins);
    del = '';
    ins = '';
  };
  for (let k = 0; k < parts.length; k++) {
    const part = parts[k]!;
    if (part.kind === 'del') del += part.text;
    else if (part.kind === 'ins') ins += part.text;
    else if (/^\s+$/.test(part.text) && (del || ins) && parts[k + 1] && parts[k + 1]!.kind !== 'same') {
      del += part.text;
      ins += part.text;
    } else {
      flush();
      push(out, 'same', part.text);
    }
  }
  flush();
  return out;
}
