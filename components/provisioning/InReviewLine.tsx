// The popup's one line about provisioning: how many add requests wait in REVIEW, linking to the tracker.
import { useEffect, useState } from 'preact/hooks';
import { OptionsLink } from '../ui/OptionsLink.tsx';
import { type StoreIo, workerIo } from '../ui/store.ts';

export function InReviewLine({ io = workerIo }: { io?: StoreIo }) {
  const [inReview, setInReview] = useState(0);
  useEffect(() => {
    let current = true;
    io.ask('provisioning.tracker', { refresh: false }).then(
      (view) => current && setInReview(view.inReview),
      () => undefined,
    );
    const off = io.onDeskEvent('provisioning.changed', (payload) => setInReview(payload.inReview));
    return () => {
      current = false;
      off();
    };
  }, [io]);
  if (inReview === 0) return null;
  return (
    <p class="popup__provisioning">
      <OptionsLink section="provisioning" hash="?view=tracker">
        {inReview === 1 ? '1 add request in review' : `${inReview} add requests in review`}
      </OptionsLink>
    </p>
  );
}
