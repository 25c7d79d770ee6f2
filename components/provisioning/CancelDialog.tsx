// Cancelling services of one location: immediate and final, so the dialog says so, shows each service's
// minimum-commitment date (warning when it has not passed) and asks for the location's name typed.
import { useEffect, useRef, useState } from 'preact/hooks';
import type { ServiceView } from '../../lib/messaging/protocol/index.ts';
import { Button } from '../ui/Button.tsx';
import { Dialog } from '../ui/Dialog.tsx';
import { ErrorNotice } from '../ui/ErrorNotice.tsx';
import { PickList } from '../ui/PickList.tsx';
import { TextField } from '../ui/TextField.tsx';
import type { ProvisioningRequests } from './provisioning-store.ts';
import { formatDay, statusWords } from './service-message.ts';

/** What the catalog calls the service; its SKU only when the catalog says nothing. */
const serviceName = (s: ServiceView) => s.description.trim() || s.sku;

/** The SKU as small print after the name, unless the name is the SKU. */
function SkuSmallPrint({ service, extra }: { service: ServiceView; extra?: string }) {
  const parts = [service.description.trim() ? service.sku : '', extra ?? ''].filter(Boolean);
  return parts.length > 0 ? <small class="prov-mono prov-small-print"> {parts.join(' · ')}</small> : null;
}

export interface CancelDialogProps {
  actions: ProvisioningRequests;
  fromAccountId: string;
  location: { id: string; name: string };
  /** The location's active services. */
  services: ServiceView[];
  onClose: () => void;
  onCancelled: (stopped: ServiceView[]) => void;
}

export function CancelDialog({ actions, fromAccountId, location, services, onClose, onCancelled }: CancelDialogProps) {
  const [skus, setSkus] = useState<string[]>([]);
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [stopped, setStopped] = useState<ServiceView[] | null>(null);
  const results = useRef<HTMLUListElement>(null);
  // The confirm button focus sat on is gone with the form: the results' heading takes focus, so they are read.
  useEffect(() => {
    if (stopped) results.current?.closest('dialog')?.querySelector<HTMLElement>('.ui-dialog__title')?.focus();
  }, [stopped]);

  const chosen = services.filter((s) => skus.includes(s.sku));
  const early = chosen.filter((s) => !s.cancellableNow);
  const nameMatches = typed.trim() === location.name.trim();
  const all = skus.length === services.length;

  async function confirm() {
    setBusy(true);
    setError(null);
    try {
      const result = await actions.cancel({
        fromAccountId,
        locationId: location.id,
        ...(all ? {} : { skus }),
      });
      setStopped(result);
      onCancelled(result);
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  }

  if (stopped) {
    return (
      <Dialog
        title={`Services stopped at ${location.name}`}
        onClose={onClose}
        actions={
          <Button variant="primary" onClick={onClose}>
            Close
          </Button>
        }
      >
        <ul class="prov-list" aria-label="Stopped services" ref={results}>
          {stopped.map((s) => (
            <li key={s.id}>
              <bdi>{serviceName(s)}</bdi>
              <SkuSmallPrint service={s} extra={`service ${s.id}`} /> — {statusWords(s.status)}
              {s.stopped ? ` on ${formatDay(s.stopped)}` : ''}
            </li>
          ))}
        </ul>
      </Dialog>
    );
  }

  return (
    <Dialog
      title={`Cancel services at ${location.name}`}
      description="Cancelling takes effect immediately and cannot be undone: the only way back is a new add request."
      onClose={onClose}
      actions={
        <>
          <Button onClick={onClose}>Keep services</Button>
          <Button
            variant="danger"
            busy={busy}
            disabled={skus.length === 0 || !nameMatches}
            onClick={() => void confirm()}
          >
            {skus.length > 1 ? `Cancel ${skus.length} services` : 'Cancel service'}
          </Button>
        </>
      }
    >
      <PickList
        label="Services to cancel"
        values={skus}
        choices={services.map((s) => ({
          value: s.sku,
          label: `${serviceName(s)} — ${s.cancellableNow ? 'commitment met' : `commitment until ${s.commitmentMetOn ? formatDay(s.commitmentMetOn) : 'unknown'}`}`,
          ...(s.description.trim() ? { detail: s.sku } : {}),
        }))}
        onValues={setSkus}
      />
      <ul class="prov-list prov-commitments">
        {chosen.map((s) => (
          <li key={s.id} data-tone={s.cancellableNow ? undefined : 'warn'}>
            <bdi>{serviceName(s)}</bdi>
            <SkuSmallPrint service={s} />: started {s.started ? formatDay(s.started) : 'on an unknown date'}; minimum
            commitment{' '}
            {s.cancellableNow
              ? `met on ${formatDay(s.commitmentMetOn)}`
              : `not met until ${s.commitmentMetOn ? formatDay(s.commitmentMetOn) : 'an unknown date'}`}
          </li>
        ))}
      </ul>
      {early.length > 0 ? (
        <p class="prov-warning" role="status">
          {early.length === 1 ? `${serviceName(early[0]!)} is` : `${early.length} services are`} still within the
          minimum commitment: the service will likely refuse to cancel {early.length === 1 ? 'it' : 'them'}.
        </p>
      ) : null}
      <TextField
        label={`Type the location’s name to confirm: ${location.name}`}
        value={typed}
        onValue={setTyped}
        spellcheck={false}
        autoComplete="off"
        error={typed && !nameMatches ? 'The name does not match yet.' : null}
      />
      <ErrorNotice error={error} title="Nothing was cancelled" />
    </Dialog>
  );
}
