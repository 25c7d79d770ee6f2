// Numbers and text orders as the browser's language writes them ("4,200" in English, "4.200" in German),
// for pages and the worker alike. Each formatter is built once per language, on first use: building an ICU
// collator or number format costs far more than using one.

/** The browser's language; undefined (the runtime's default) where there is no navigator. */
function language(): string | undefined {
  return globalThis.navigator?.language || undefined;
}

function perLanguage<T>(build: (language: string | undefined) => T): () => T {
  let built: { language: string | undefined; value: T } | undefined;
  return () => {
    const current = language();
    if (!built || built.language !== current) built = { language: current, value: build(current) };
    return built.value;
  };
}

const numbers = perLanguage((lang) => new Intl.NumberFormat(lang));
const texts = perLanguage((lang) => new Intl.Collator(lang, { sensitivity: 'base', numeric: true }));

/** A count or amount in the browser's language: 4200 → "4,200" (en), "4.200" (de). */
export function formatNumber(value: number): string {
  return numbers().format(value);
}

/**
 * Text in the browser's order, digit runs as numbers ("HB-2" before "HB-10") and case ignored; for
 * `Array.prototype.sort`.
 */
export function compareText(a: string, b: string): number {
  return texts().compare(a, b);
}

/** A service's name as a line of a screen shows it: at most `max` characters, then "…" (a name may be 5,000). */
export function shortName(name: string, max = 120): string {
  return name.length > max ? `${name.slice(0, max - 1)}…` : name;
}
