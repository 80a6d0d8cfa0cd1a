/**
 * Registers the installable app's service worker (built pages only: in development the
 * registration does nothing), which precaches the app for offline use (`vite.config.ts`,
 * `offlineApp`). A new version is offered through `AppUpdate`, never applied by itself.
 */
import { registerSW } from 'virtual:pwa-register';
import { AppUpdate } from './state/app-update.svelte.js';

/** Starts the registration once the page has loaded; returns the update it reports. */
export function registerOfflineApp(): AppUpdate {
  let reloading = false;
  const reload = () => {
    if (reloading) return;
    reloading = true;
    globalThis.location.reload();
  };
  let skipWaiting: () => Promise<void> = () => Promise.resolve();
  const update = new AppUpdate(async () => {
    // workbox-window reloads only when the page was already controlled when it registered; a
    // first visit that finds an update later must reload too, once the new version controls it.
    navigator.serviceWorker?.addEventListener('controllerchange', reload);
    await skipWaiting();
  });
  skipWaiting = registerSW({
    onNeedRefresh: () => update.found(),
    onNeedReload: reload,
    // Without a service worker (a private window, a failed registration) the app still works
    // online; there is nothing the page could do about it.
    onRegisterError: () => undefined,
  });
  return update;
}
