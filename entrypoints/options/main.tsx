import { render } from 'preact';
import { OptionsApp } from '../../components/options/OptionsApp.tsx';
import '../../components/ui/theme.css';

render(<OptionsApp />, document.getElementById('app')!);
