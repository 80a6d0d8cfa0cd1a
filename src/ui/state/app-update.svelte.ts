/**
 * A new version of the installed app, waiting: the service worker has it, and the page switches
 * to it only when the person says so, so nothing reloads in the middle of a question. When
 * another tab switched to it first, this tab says so and still waits for the person.
 */

/** See the module comment. */
export class AppUpdate {
  /** True while a new version waits for the person to reload. */
  waiting = $state(false);
  /** True when another tab already switched to the new version: this tab runs the old one until it reloads. */
  elsewhere = $state(false);

  /**
   * `activate` makes the waiting service worker take over and reloads the page; called with
   * true when another tab already did, so only the reload is left.
   */
  constructor(private readonly activate: (alreadyActive: boolean) => Promise<void>) {}

  /** The service worker reports a new version. */
  found(): void {
    this.waiting = true;
  }

  /** Another tab switched to the new version. */
  activatedElsewhere(): void {
    this.elsewhere = true;
    this.waiting = true;
  }

  /** Switches to the new version (the page reloads). */
  async reload(): Promise<void> {
    this.waiting = false;
    await this.activate(this.elsewhere);
  }

  /** Keeps the current version until the next visit. */
  dismiss(): void {
    this.waiting = false;
  }
}

/** What the service worker registration needs from the page, so the flow can be tested without one. */
export interface UpdateHooks {
  /** Reloads the page. */
  reload: () => void;
  /** Calls `listener` when a new service worker takes control of the page. */
  onControllerChange: (listener: () => void) => void;
}

/**
 * The update flow: `needRefresh` when a new version waits, `needReload` when a new version took
 * control (this tab asked for it, or another tab did), `setSkipWaiting` with the registration's
 * activation. The page reloads only after the person clicked Reload in this tab.
 */
export function updateFlow(hooks: UpdateHooks): {
  update: AppUpdate;
  needRefresh: () => void;
  needReload: () => void;
  setSkipWaiting: (skip: () => Promise<void>) => void;
} {
  let requested = false;
  let reloading = false;
  const reload = () => {
    if (reloading) return;
    reloading = true;
    hooks.reload();
  };
  let skipWaiting: () => Promise<void> = () => Promise.resolve();
  const update = new AppUpdate(async (alreadyActive) => {
    requested = true;
    if (alreadyActive) return reload();
    // workbox-window reloads only when the page was already controlled when it registered; a
    // first visit that finds an update later must reload too, once the new version controls it.
    hooks.onControllerChange(reload);
    await skipWaiting();
  });
  return {
    update,
    needRefresh: () => update.found(),
    needReload: () => (requested ? reload() : update.activatedElsewhere()),
    setSkipWaiting: (skip) => (skipWaiting = skip),
  };
}
