/**
 * Entry point: starts the engine worker, opens the library, mounts the page, and registers the
 * service worker that keeps the app usable offline (with a prompt when a new version is ready).
 */
import { mount } from 'svelte';
import { connectEngine } from '../adapters/browser/engine-client.js';
import App from './App.svelte';
import './app.css';
import UpdatePrompt from './components/UpdatePrompt.svelte';
import { registerOfflineApp } from './pwa.js';
import { Session } from './state/session.svelte.js';

const target = document.getElementById('app');
if (!target) throw new Error('index.html has no #app element');
const session = new Session(connectEngine());
mount(App, { target, props: { session } });
mount(UpdatePrompt, { target: document.body, props: { update: registerOfflineApp() } });
void session.start();
