export interface Figure {
  name: string;
  value: number;
  unit: string;
  /** Human-readable target, e.g. "≤ 30 KB"; absent when the figure is only reported. */
  target?: string;
  pass?: boolean;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
