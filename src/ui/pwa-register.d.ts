// The part of vite-plugin-pwa's `virtual:pwa-register` module the app uses, declared here:
// the plugin's own declarations pull in Workbox's service-worker types (the WebWorker lib),
// which the page's type checks do not have.
declare module 'virtual:pwa-register' {
  /** What the registration reports. */
  export interface RegisterSWOptions {
    immediate?: boolean;
    /** A new version is installed and waits. */
    onNeedRefresh?: () => void;
    /** The app is precached and works offline. */
    onOfflineReady?: () => void;
    /** The waiting version took over: the page should reload (default: it reloads itself). */
    onNeedReload?: () => void;
    onRegisterError?: (error: unknown) => void;
  }

  /** Registers the service worker; returns a function that makes a waiting version take over. */
  export function registerSW(options?: RegisterSWOptions): (reloadPage?: boolean) => Promise<void>;
}
