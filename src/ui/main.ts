/**
 * Entry point: starts the engine worker, opens the library and mounts the page.
 */
import { mount } from 'svelte';
import { connectEngine } from '../adapters/browser/engine-client.js';
import App from './App.svelte';
import './app.css';
import { Session } from './state/session.svelte.js';

const target = document.getElementById('app');
if (!target) throw new Error('index.html has no #app element');
const session = new Session(connectEngine());
mount(App, { target, props: { session } });
void session.start();
