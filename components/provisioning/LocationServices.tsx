// What one location has: each service, since when, and whether it can be cancelled yet; and the way to cancel.
import { useEffect, useState } from 'preact/hooks';
import { Button } from '../ui/Button.tsx';
import { ErrorNotice } from '../ui/ErrorNotice.tsx';
import type { PickChoice } from '../ui/PickList.tsx';
import { Select } from '../ui/Select.tsx';
import { TableScroll } from '../ui/TableScroll.tsx';
import { CancelDialog } from './CancelDialog.tsx';
import type { PickableLocation, ProvisioningStore } from './provisioning-store.ts';
import { formatDay, statusWords } from './service-message.ts';

export interface LocationServicesProps {
  store: ProvisioningStore;
  fromAccountId: string;
  locations: PickableLocation[];
}

export function locationLabel(l: PickableLocation): string {
  return [l.name, l.city].filter(Boolean).join(', ') + (l.name === l.id ? '' : ` (${l.id})`);
}

/** A location as a picker lists it: name and city, its id in small print. */
export function locationChoice(l: PickableLocation): PickChoice {
  return {
    value: l.id,
    label: [l.name, l.city].filter(Boolean).join(', '),
    ...(l.name === l.id ? {} : { detail: l.id }),
  };
}

export function LocationServices({ store, fromAccountId, locations }: LocationServicesProps) {
  const [locationId, setLocationId] = useState(locations[0]?.id ?? '');
  const [cancelling, setCancelling] = useState(false);
  const [generation, setGeneration] = useState(0);
  const location = locations.find((l) => l.id === locationId);

  useEffect(() => {
    // Only when nothing is chosen yet: a choice made between the list's arrival and this effect stays.
    const first = locations[0];
    if (first) setLocationId((chosen) => chosen || first.id);
  }, [locations]);

  useEffect(() => {
    if (locationId) void store.showServices(fromAccountId, locationId);
  }, [store, fromAccountId, locationId, generation]);
  const services = store.services.value.value;
  const error = store.services.error.value;

  const active = (services ?? []).filter((s) => s.status === 'ACTIVE');
  return (
    <div class="prov-panel">
      <div class="prov-row">
        <Select
          label="Location"
          value={locationId}
          choices={locations.map((l) => ({ value: l.id, label: locationLabel(l) }))}
          onValue={setLocationId}
        />
        <Button variant="danger" disabled={active.length === 0} onClick={() => setCancelling(true)}>
          Cancel services…
        </Button>
      </div>
      <ErrorNotice error={error} title="Could not load this location’s services" />
      {services === null && !error ? <p class="prov-muted">Loading services…</p> : null}
      {services && services.length === 0 ? <p class="prov-muted">This location has no services.</p> : null}
      {services && services.length > 0 ? (
        <TableScroll label="Services of the location">
          <table class="prov-table" aria-label="Services of the location">
            <thead>
              <tr>
                <th scope="col">Sku</th>
                <th scope="col">Description</th>
                <th scope="col">Status</th>
                <th scope="col">Since</th>
                <th scope="col">Can be cancelled</th>
              </tr>
            </thead>
            <tbody>
              {services.map((s) => (
                <tr key={s.id}>
                  <td class="prov-mono">{s.sku}</td>
                  <td>{s.description || '—'}</td>
                  <td>
                    <span class="prov-status" data-status={s.status}>
                      {statusWords(s.status)}
                    </span>
                    {s.stopped ? ` on ${formatDay(s.stopped)}` : ''}
                  </td>
                  <td class="prov-nowrap">{formatDay(s.started)}</td>
                  <td>
                    {s.status !== 'ACTIVE'
                      ? '—'
                      : s.cancellableNow
                        ? `Yes (since ${formatDay(s.commitmentMetOn)})`
                        : `Not before ${s.commitmentMetOn ? formatDay(s.commitmentMetOn) : 'an unknown date'}`}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : null}
      {cancelling && location ? (
        <CancelDialog
          actions={store.requests}
          fromAccountId={fromAccountId}
          location={{ id: location.id, name: location.name }}
          services={active}
          onClose={() => setCancelling(false)}
          onCancelled={() => setGeneration((g) => g + 1)}
        />
      ) : null}
    </div>
  );
}
