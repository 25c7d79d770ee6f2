import { z } from 'zod';
import { type ApiClient, type ApiResult, type CallOptions, listingsPath } from './client.ts';
import { id, opt } from './schemas-common.ts';

export const PublisherSchema = z.looseObject({
  id,
  name: z.string(),
  alternateBrands: opt(z.array(z.looseObject({ name: z.string(), url: opt(z.string()) }))),
  supportedCountries: opt(z.array(z.string())),
});
export type Publisher = z.output<typeof PublisherSchema>;

export function listPublishers(client: ApiClient, options?: CallOptions): Promise<ApiResult<Publisher[]>> {
  return client.request(
    { operation: 'listPublishers', method: 'GET', path: listingsPath('publishers'), schema: z.array(PublisherSchema) },
    options,
  );
}
