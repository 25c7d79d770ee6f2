// An error's words load by import() when the first error shows (components/ui/later.tsx): most opens of a page
// show none, and the wording of old stored failures (error-words.ts) is most of an error notice's bytes. The
// progress bar too: the popup paints rows it already has, and shows one only on a cold start or a bulk.
import { later } from './later.tsx';

const parts = () => import('./first-use-parts.ts');

/** ErrorNotice, loaded on first use: render it only while there is an error (it loads once mounted). */
export const ErrorNotice = later(() => parts().then((m) => m.ErrorNotice));
/** ErrorLine, loaded on first use. */
export const ErrorLine = later(() => parts().then((m) => m.ErrorLine));
/** ProgressBar, loaded on first use (a list still loading, a bulk decision). */
export const ProgressBar = later(() => parts().then((m) => m.ProgressBar));
