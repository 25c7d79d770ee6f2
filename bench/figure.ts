export interface Figure {
  name: string;
  value: number;
  unit: string;
  /** Human-readable target, e.g. "≤ 30 KB"; absent when the figure is only reported. */
  target?: string;
  pass?: boolean;
}
