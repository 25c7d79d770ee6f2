import { render } from 'preact';

render(<main>Listings Desk</main>, document.getElementById('app')!);
