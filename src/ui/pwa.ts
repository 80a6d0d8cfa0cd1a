/**
 * Registers the installable app's service worker (built pages only: in development the
 * registration does nothing), which precaches the app for offline use (`vite.config.ts`,
 * `offlineApp`). A new version is offered through `AppUpdate`, never applied by itself, in this
 * tab or because another tab took it (see `updateFlow`).
 */
import { registerSW } from 'virtual:pwa-register';
import { updateFlow, type AppUpdate } from './state/app-update.svelte.js';

/** Starts the registration once the page has loaded; returns the update it reports. */
export function registerOfflineApp(): AppUpdate {
  const flow = updateFlow({
    reload: () => globalThis.location.reload(),
    onControllerChange: (listener) => navigator.serviceWorker?.addEventListener('controllerchange', listener),
  });
  flow.setSkipWaiting(
    registerSW({
      onNeedRefresh: flow.needRefresh,
      onNeedReload: flow.needReload,
      // Without a service worker (a private window, a failed registration) the app still works
      // online; there is nothing the page could do about it.
      onRegisterError: () => undefined,
    }),
  );
  return flow.update;
}
