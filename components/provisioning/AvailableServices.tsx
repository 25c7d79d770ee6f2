// The services the chosen account may provision: sku, description, agreement, minimum usage, add-on relations.
import type { AvailableServiceView } from '../../lib/messaging/protocol/index.ts';
import { TableScroll } from '../ui/TableScroll.tsx';

const UNIT_WORDS: Record<string, [string, string]> = {
  MONTH: ['month', 'months'],
  DAY: ['day', 'days'],
  YEAR: ['year', 'years'],
};

/** "1 month", "30 days"; a unit we do not know is shown as the service sent it. */
export function minimumUsageText(amount: string | null, unit: string | null): string {
  if (amount === null) return '—';
  const words = UNIT_WORDS[(unit ?? '').toUpperCase().replace(/S$/, '')];
  if (!words) return [amount, unit].filter(Boolean).join(' ');
  return `${amount} ${amount === '1' ? words[0] : words[1]}`;
}

export function AvailableServices({ services }: { services: AvailableServiceView[] }) {
  if (services.length === 0) return <p class="prov-muted">This account has no services to provision.</p>;
  return (
    <TableScroll label="Services available to provision">
      <table class="prov-table">
        <thead>
          <tr>
            <th scope="col">Sku</th>
            <th scope="col">Description</th>
            <th scope="col">Agreement</th>
            <th scope="col">Minimum usage</th>
            <th scope="col">Add-on to</th>
          </tr>
        </thead>
        <tbody>
          {services.map((s) => (
            <tr key={s.sku}>
              <td class="prov-mono">{s.sku}</td>
              <td>{s.description || '—'}</td>
              <td class="prov-mono">{s.agreementId ?? '—'}</td>
              <td>{minimumUsageText(s.minimumUsage, s.minimumUsageUnit)}</td>
              <td>{s.addOnTo.length ? s.addOnTo.join(', ') : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
