// Add services to existing locations: pick locations by name and skus; one add request per location,
// sent by the worker, with a progress bar. The tracker follows each request from there.
import { useState } from 'preact/hooks';
import type { AvailableServiceView, SendBatchView } from '../../lib/messaging/protocol/index.ts';
import { agreementGroups } from '../../lib/shared/provisioning/agreements.ts';
import { Button } from '../ui/Button.tsx';
import { ErrorNotice } from '../ui/ErrorNotice.tsx';
import { type PickChoice, PickList } from '../ui/PickList.tsx';
import { TextField } from '../ui/TextField.tsx';
import { BatchProgress } from './BatchProgress.tsx';
import { locationChoice, locationLabel } from './LocationServices.tsx';
import type { PickableLocation, ProvisioningRequests } from './provisioning-store.ts';

/**
 * A service as the pickers list it: its description, with its code and agreement in small print (requests are
 * sent per agreement, so two services of different agreements are told apart there).
 */
export function serviceChoice(service: AvailableServiceView): PickChoice {
  const agreement = service.agreementId ? ` · agreement ${service.agreementId}` : '';
  return {
    value: service.sku,
    label: service.description || service.sku,
    detail: `${service.sku}${agreement}`,
  };
}

export interface AddToExistingProps {
  actions: ProvisioningRequests;
  fromAccountId: string;
  locations: PickableLocation[];
  catalog: AvailableServiceView[];
  batches: SendBatchView[];
}

export function AddToExisting({ actions, fromAccountId, locations, catalog, batches }: AddToExistingProps) {
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<string[]>([]);
  const [skus, setSkus] = useState<string[]>([]);
  const [batchId, setBatchId] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  const needle = search.trim().toLowerCase();
  const shown = locations.filter((l) => !needle || locationLabel(l).toLowerCase().includes(needle));
  const batch = batches.find((b) => b.batchId === batchId) ?? null;
  const agreements = Math.max(1, agreementGroups(skus, catalog).length);
  const requests = picked.length * agreements;

  async function send() {
    setBusy(true);
    setError(null);
    try {
      const chosen = locations
        .filter((l) => picked.includes(l.id))
        .map((l) => ({ id: l.id, name: l.name, ...(l.accountId ? { accountId: l.accountId } : {}) }));
      const answer = await actions.addToExisting({ fromAccountId, skus, locations: chosen });
      setBatchId(answer.batchId);
      setPicked([]);
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div class="prov-panel">
      <div class="prov-columns">
        <div>
          <TextField
            label="Find locations"
            type="search"
            value={search}
            onValue={setSearch}
            placeholder="Name, city or id"
          />
          <div class="prov-row prov-row--tight">
            <Button size="sm" onClick={() => setPicked([...new Set([...picked, ...shown.map((l) => l.id)])])}>
              {needle ? `Select ${shown.length} matching` : `Select all ${shown.length}`}
            </Button>
            <Button size="sm" variant="ghost" disabled={picked.length === 0} onClick={() => setPicked([])}>
              Clear
            </Button>
          </div>
          <PickList
            class="prov-scroll"
            label={`Locations (${picked.length} chosen)`}
            values={picked.filter((id) => shown.some((l) => l.id === id))}
            choices={shown.map(locationChoice)}
            onValues={(values) => setPicked([...picked.filter((id) => !shown.some((l) => l.id === id)), ...values])}
          />
        </div>
        <div>
          <PickList label="Services to add" values={skus} choices={catalog.map(serviceChoice)} onValues={setSkus} />
          <p class="prov-muted">
            One add request is sent for each location and each agreement of the chosen services. They are sent and
            followed in the background: you can close this page.
          </p>
          <Button
            variant="primary"
            busy={busy}
            disabled={picked.length === 0 || skus.length === 0}
            onClick={() => void send()}
          >
            {requests === 1 ? 'Send 1 add request' : `Send ${requests} add requests`}
          </Button>
        </div>
      </div>
      <ErrorNotice error={error} title="Nothing was sent" />
      {batch ? <BatchProgress batch={batch} /> : null}
    </div>
  );
}
