import { expect, test } from 'vitest';
import { readPage } from '../../components/embedded-panel/page-text.ts';

test('the content script reads visible text, skips scripts, styles and its own panel, and a rule’s selector', () => {
  document.body.innerHTML = `<h1>Harbor Bakery – Alberta Arts</h1><p class="phone"> 503.555.0102 </p>
    <script>var secret = 1</script><style>.x{}</style><listings-desk-panel>Listings Desk</listings-desk-panel>`;
  const panel = document.querySelector('listings-desk-panel');
  const page = readPage(document, '.phone', panel);
  expect(page.texts).toEqual(['Harbor Bakery – Alberta Arts', '503.555.0102']);
  expect(page.selected).toBe('503.555.0102');
  expect(page.url).toBe(location.href);

  expect(readPage(document, '.nothing', panel)).toMatchObject({
    selected: null,
    selectorProblem: 'the selector .nothing (it matches no element)',
  });
  expect(readPage(document, 'p[', panel).selectorProblem).toBe('the selector p[ (it is not a valid CSS selector)');
});
