import { type ApiClient, type ApiResult, type CallOptions, listingsPath } from './client.ts';
import { arrayReader } from './lists.ts';
import { itemReader, itemSchema } from './schemas-common.ts';

export interface Publisher {
  id: string;
  name: string;
  alternateBrands?: { name?: string; url?: string; [field: string]: unknown }[];
  supportedCountries?: string[];
  [field: string]: unknown;
}

export const publisherReader = itemReader<Publisher>('publishers', {
  required: { id: 'id', name: 'string' },
  optional: {
    alternateBrands: { list: { optional: { name: 'string', url: 'string' } } },
    supportedCountries: 'strings',
  },
});
export const PublisherSchema = itemSchema(publisherReader);
const readPublishers = arrayReader('publishers', publisherReader, { emptyMeansNoData: true });

export function listPublishers(client: ApiClient, options?: CallOptions): Promise<ApiResult<Publisher[]>> {
  return client.request(
    { operation: 'listPublishers', method: 'GET', path: listingsPath('publishers'), read: readPublishers },
    options,
  );
}
