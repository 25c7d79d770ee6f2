import { cleanup, render, waitFor } from '@testing-library/preact';
import { useRef } from 'preact/hooks';
import { afterEach, describe, expect, test } from 'vitest';
import { WindowedFeed } from '../../components/suggestion-triage/WindowedFeed.tsx';

afterEach(cleanup);

const items = Array.from({ length: 100 }, (_, i) => `row-${i}`);

function Feed() {
  const containerRef = useRef<HTMLDivElement>(null);
  return (
    <WindowedFeed
      items={items}
      keyOf={(item) => item}
      renderItem={(item) => <p>{item}</p>}
      keepIndex={null}
      containerRef={containerRef}
    />
  );
}

describe('WindowedFeed', () => {
  test('the first frame holds only the viewport’s rows; the rows beyond it follow after that frame', async () => {
    const { container } = render(<Feed />);
    const shown = () => container.querySelectorAll('.windowed-feed__slot').length;
    // No layout here: a 600 px viewport of 110 px rows (the estimates) shows rows 0–5.
    expect(shown()).toBe(6);
    // Then 800 px beyond it: rows up to 1,400 px.
    await waitFor(() => expect(shown()).toBe(13));
  });
});
