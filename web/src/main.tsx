import '@picocss/pico/css/pico.blue.min.css';
import './styles.css';
import { render } from 'preact';
import { App } from './App.js';

render(<App />, document.getElementById('app')!);
