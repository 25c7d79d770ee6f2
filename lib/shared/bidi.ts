// Service text may carry bidi controls: a right-to-left override turns `…/\u202Efdp.exe` into what reads as
// `…/exe.pdf`. Where a person decides on a value, each control is shown as a visible marker instead of acting.

const CONTROL_NAMES: Record<string, string> = {
  '\u202A': 'LRE',
  '\u202B': 'RLE',
  '\u202C': 'PDF',
  '\u202D': 'LRO',
  '\u202E': 'RLO',
  '\u2066': 'LRI',
  '\u2067': 'RLI',
  '\u2068': 'FSI',
  '\u2069': 'PDI',
  '\u200E': 'LRM',
  '\u200F': 'RLM',
  '\u061C': 'ALM',
};

const CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g;

/** "a\u202Eb" → "a⟨RLO⟩b": every bidi control written out, so what is read is what is there. */
export function showBidiControls(text: string): string {
  return text.replace(CONTROLS, (c) => `⟨${CONTROL_NAMES[c]}⟩`);
}
