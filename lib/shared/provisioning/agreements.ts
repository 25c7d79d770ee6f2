// An add request carries one agreementId, the agreement of the services it adds: chosen services of
// several agreements make one add request per agreement and location. Shared by the form (its count)
// and the worker (what it sends).

export interface AgreementGroup {
  /** As the service's catalog gave it; absent when the catalog names no agreement for these skus. */
  agreementId?: string | number;
  skus: string[];
}

/**
 * The vendor's agreement ids are integers in one recording, strings in another, and integers in its OpenAPI: a
 * numeric one goes as a number, any other back verbatim.
 */
function wireId(id: string): string | number {
  return /^\d{1,15}$/.test(id) ? Number(id) : id;
}

export function agreementGroups(
  skus: readonly string[],
  catalog: readonly { sku: string; agreementId: string | null }[],
): AgreementGroup[] {
  const groups = new Map<string, AgreementGroup>();
  for (const sku of skus) {
    const agreement = catalog.find((s) => s.sku === sku)?.agreementId ?? null;
    const key = agreement ?? '';
    const group = groups.get(key) ?? (agreement === null ? { skus: [] } : { agreementId: wireId(agreement), skus: [] });
    group.skus.push(sku);
    groups.set(key, group);
  }
  return [...groups.values()];
}
