import { render } from 'preact';
import { PopupApp } from '../../components/popup/PopupApp.tsx';
import '../../components/ui/theme.css';

render(<PopupApp />, document.getElementById('app')!);
