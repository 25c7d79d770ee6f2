// A link to an options section that works wherever the component is mounted: the worker opens the
// tab, since the embedded panel can neither follow a relative link to options.html nor call tabs.create.
import type { ComponentChildren } from 'preact';
import { pageRuntime } from '../../lib/messaging/page-runtime.ts';
import { optionsPath } from '../../lib/messaging/protocol/envelope.ts';
import type { RequestInput } from '../../lib/messaging/protocol/index.ts';
import { ask } from '../../lib/messaging/ui.ts';

export type OptionsTarget = RequestInput<'ui.openOptions'>;

/** Opens the options page (a section, and its query) in a tab of its own. */
export async function openOptions(target: OptionsTarget = {}): Promise<void> {
  await ask('ui.openOptions', target);
}

export interface OptionsLinkProps extends OptionsTarget {
  class?: string;
  title?: string;
  children: ComponentChildren;
}

export function OptionsLink({ section, hash, class: className, title, children }: OptionsLinkProps) {
  // The absolute address keeps "copy link" and the status bar honest; the click goes through the worker.
  const href = pageRuntime().getURL(optionsPath({ section, hash }) as '/options.html');
  return (
    <a
      class={className}
      href={href}
      title={title}
      onClick={(event) => {
        event.preventDefault();
        void openOptions({ section, hash }).catch(() => undefined);
      }}
    >
      {children}
    </a>
  );
}
