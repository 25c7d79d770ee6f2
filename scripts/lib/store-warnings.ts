// What a store package still lacks, checked by `npm run zip` on the variables the build reads: the zips are
// built either way (a test build is fine with them), but a store submission is not.
export const GECKO_ID_PLACEHOLDER = 'listings-desk@example.com';

export function storeWarnings(env: NodeJS.ProcessEnv): string[] {
  const warnings: string[] = [];
  const geckoId = env.LISTINGS_DESK_GECKO_ID || GECKO_ID_PLACEHOLDER;
  if (geckoId === GECKO_ID_PLACEHOLDER) {
    warnings.push(
      `the Firefox add-on id is the placeholder ${GECKO_ID_PLACEHOLDER}. addons.mozilla.org keeps the id of the first upload for good, so set yours before submitting: LISTINGS_DESK_GECKO_ID=listings-desk@your-domain npm run zip (docs/deployment.md, "Store packages").`,
    );
  }
  if (!env.LISTINGS_DESK_HOMEPAGE_URL) {
    warnings.push(
      'no homepage_url: both stores link to it from the listing. Set LISTINGS_DESK_HOMEPAGE_URL=https://… (the project page, or where PRIVACY.md is published) and zip again.',
    );
  }
  return warnings;
}
