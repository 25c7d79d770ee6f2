// The linking screens, as one chunk loaded on first use (first-use.ts): a popup whose linked account needs
// none of them does not download them (bench/sizes.ts counts them apart).
export { AccountLinkNotices } from './AccountLinkNotices.tsx';
export { ListRelinkButton } from './ListRelinkButton.tsx';
export { NoAccountLinked } from './NoAccountLinked.tsx';
