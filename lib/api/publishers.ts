import { z } from 'zod';
import { type ApiClient, type ApiResult, type CallOptions, listingsPath } from './client.ts';
import { arrayReader } from './lists.ts';
import {
  type Item,
  type ItemReader,
  itemSchema,
  normaliseIds,
  normaliseObjects,
  normaliseOptional,
  normaliseStrings,
  rawId,
} from './schemas-common.ts';

export interface Publisher {
  id: string;
  name: string;
  alternateBrands?: { name?: string; url?: string; [field: string]: unknown }[];
  supportedCountries?: string[];
  [field: string]: unknown;
}

export const publisherReader: ItemReader<Publisher> = {
  noun: 'publishers',
  required: z.object({ id: rawId, name: z.string() }),
  normalise: (publisher: Item) => {
    normaliseIds(publisher, ['id']);
    normaliseObjects(publisher, 'alternateBrands', (brand) => {
      normaliseOptional(brand, ['name', 'url'], 'string');
      return brand;
    });
    normaliseStrings(publisher, 'supportedCountries');
    return publisher as Publisher;
  },
};
export const PublisherSchema = itemSchema(publisherReader);
const readPublishers = arrayReader('publishers', publisherReader, { emptyMeansNoData: true });

export function listPublishers(client: ApiClient, options?: CallOptions): Promise<ApiResult<Publisher[]>> {
  return client.request(
    { operation: 'listPublishers', method: 'GET', path: listingsPath('publishers'), read: readPublishers },
    options,
  );
}
