/**
 * A value built on its first use, then kept. For zod schemas in the worker: zod builds schemas slowly
 * without its JIT (MV3 forbids eval), and built at import they would delay every start of the worker.
 */
export function lazy<T>(build: () => T): () => T {
  let built: T | undefined;
  return () => {
    built ??= build();
    return built;
  };
}
