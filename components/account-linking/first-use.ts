// The linking screens load by import() when first shown (components/ui/later.tsx): with no account linked, while
// an account needs relinking, or once a link has an outcome to say. Most popup opens show none of them.
import { later } from '../ui/later.tsx';

const parts = () => import('./first-use-parts.ts');

/** "No account linked" and its Link button: the popup and the list with no account. */
export const NoAccountLinked = later(() => parts().then((m) => m.NoAccountLinked));
/** The account switcher's notices: the active account needs relinking or was linked elsewhere; a link's outcome. */
export const AccountLinkNotices = later(() => parts().then((m) => m.AccountLinkNotices));
/** Relink beside the popup list's notice of an account that needs it. */
export const ListRelinkButton = later(() => parts().then((m) => m.ListRelinkButton));
