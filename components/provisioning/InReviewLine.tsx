// The popup's one line about provisioning: how many add requests wait in REVIEW, linking to the tracker.
import { useMemo } from 'preact/hooks';
import { OptionsLink } from '../ui/OptionsLink.tsx';
import { type StoreIo, useStarted, workerIo } from '../ui/store.ts';
import { useValue } from '../ui/use-value.ts';
import { createInReviewStore } from './in-review-store.ts';

export function InReviewLine({ io = workerIo }: { io?: StoreIo }) {
  const store = useMemo(() => createInReviewStore(io), [io]);
  useStarted(store);
  const inReview = useValue(store.inReview);
  if (inReview === 0) return null;
  return (
    <p class="popup__provisioning">
      <OptionsLink section="provisioning" hash="?view=tracker">
        {inReview === 1 ? '1 add request in review' : `${inReview} add requests in review`}
      </OptionsLink>
    </p>
  );
}
