// Preloaded into a CLI under test (node --import): says on stderr when a watched module is first resolved, so
// a test can check what a command loads before it answers. REPORT_IMPORTS: comma-separated parts of paths.
import { registerHooks } from 'node:module';

const watched = (process.env.REPORT_IMPORTS ?? '').split(',').filter(Boolean);
const seen = new Set<string>();

registerHooks({
  resolve(specifier, context, nextResolve) {
    const resolved = nextResolve(specifier, context);
    for (const part of watched) {
      if (seen.has(part) || !resolved.url.includes(part)) continue;
      seen.add(part);
      process.stderr.write(`[loaded ${part}]\n`);
    }
    return resolved;
  },
});
