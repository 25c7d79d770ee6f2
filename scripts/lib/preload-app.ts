// The popup's entry asks for its first rows, then imports the app. So that the app's scripts do not wait
// for the entry to run, popup.html itself preloads them (Vite's import() then finds them and adds nothing).
import type { Plugin } from 'vite';

type Bundle = Record<string, { type: string; imports?: string[] }>;

/** Every chunk the roots load statically, themselves included. */
function staticClosure(bundle: Bundle, roots: string[]): { scripts: Set<string> } {
  const scripts = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = bundle[fileName];
    if (chunk?.type !== 'chunk' || scripts.has(fileName)) return;
    scripts.add(fileName);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const root of roots) visit(root);
  return { scripts };
}

/** For the HTML pages whose path contains `page` (e.g. 'entrypoints/popup/'). */
export function preloadDynamicImports(page: string): Plugin {
  return {
    name: 'listings-desk:preload-dynamic-imports',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const { bundle, chunk } = ctx;
        if (!bundle || !chunk || !ctx.filename.replaceAll('\\', '/').includes(page)) return undefined;
        const entry = staticClosure(bundle as unknown as Bundle, [chunk.fileName]);
        const app = staticClosure(bundle as unknown as Bundle, chunk.dynamicImports);
        // Scripts only: a stylesheet link in the head would hold back the entry (scripts wait for
        // stylesheets), i.e. the first question; Vite's import() loads the styles once the entry has run.
        return [...app.scripts]
          .filter((file) => !entry.scripts.has(file))
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}
