// "Accept all N matching": what will be sent, before anything is, in the same words as the button.
import type { DecisionView, InboxPlanView } from '../../lib/messaging/protocol/index.ts';
import { formatNumber } from '../../lib/shared/format.ts';
import { Button } from '../ui/Button.tsx';
import { Dialog } from '../ui/Dialog.tsx';

const n = (count: number, one: string, many: string) => `${formatNumber(count)} ${count === 1 ? one : many}`;

export function DecideAllDialog(props: {
  decision: DecisionView;
  plan: InboxPlanView;
  undoWindowMs: number;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { decision, plan, undoWindowMs, onConfirm, onClose } = props;
  const verb = decision === 'ACCEPTED' ? 'Accept' : 'Reject';
  const seconds = Math.round(undoWindowMs / 1000);
  return (
    <Dialog
      title={`${verb} ${n(plan.suggestions, 'suggestion', 'suggestions')}?`}
      description={
        <p>
          {n(plan.suggestions, 'suggestion', 'suggestions')} in {n(plan.accounts, 'account', 'accounts')},{' '}
          {n(plan.requests, 'request', 'requests')} to the service (one per suggestion). Each account’s decisions are
          sent by the background with that account’s access, after a {seconds}-second undo window; closing this page
          does not stop them.
        </p>
      }
      onClose={onClose}
      actions={
        <>
          <Button variant="primary" onClick={onConfirm} autoFocus>
            {verb} {formatNumber(plan.suggestions)}
          </Button>
          <Button onClick={onClose}>Cancel</Button>
        </>
      }
    >
      <ul class="ib-plan">
        {plan.perAccount.map((a) => (
          <li key={a.accountKey}>
            {a.accountName}: {n(a.suggestions, 'suggestion', 'suggestions')}
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
