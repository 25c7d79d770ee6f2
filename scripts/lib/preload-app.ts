// The popup's entry asks for its first rows, then imports the app. So that the app's scripts and styles
// do not wait for the entry to run, popup.html itself names them: a modulepreload per script, and the
// styles as ordinary stylesheets (Vite's import() then finds both loaded and adds nothing).
import type { Plugin } from 'vite';

type Bundle = Record<string, { type: string; imports?: string[]; viteMetadata?: { importedCss: Set<string> } }>;

/** Every chunk the roots load statically, themselves included, and the styles those import, in order. */
function staticClosure(bundle: Bundle, roots: string[]): { scripts: Set<string>; styles: Set<string> } {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = bundle[fileName];
    if (chunk?.type !== 'chunk' || scripts.has(fileName)) return;
    scripts.add(fileName);
    // A chunk's imports first: their styles come before its own in the cascade, as Vite orders them.
    for (const imported of chunk.imports ?? []) visit(imported);
    for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
  };
  for (const root of roots) visit(root);
  return { scripts, styles };
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
        return [
          ...[...app.styles]
            .filter((file) => !entry.styles.has(file))
            .map((file) => ({
              tag: 'link',
              attrs: { rel: 'stylesheet', crossorigin: true, href: `/${file}` },
              injectTo: 'head' as const,
            })),
          ...[...app.scripts]
            .filter((file) => !entry.scripts.has(file))
            .map((file) => ({
              tag: 'link',
              attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
              injectTo: 'head' as const,
            })),
        ];
      },
    },
  };
}
