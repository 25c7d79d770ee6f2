// An error's words load by import() when the first error shows (components/ui/later.tsx): most opens of a page
// show none, and the wording of old stored failures (error-words.ts) is most of an error notice's bytes.
import { later } from './later.tsx';

const notice = () => import('./first-use-parts.ts');

/** ErrorNotice, loaded on first use: render it only while there is an error (it loads once mounted). */
export const ErrorNotice = later(() => notice().then((m) => m.ErrorNotice));
/** ErrorLine, loaded on first use. */
export const ErrorLine = later(() => notice().then((m) => m.ErrorLine));
