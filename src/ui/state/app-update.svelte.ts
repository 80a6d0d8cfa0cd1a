/**
 * A new version of the installed app, waiting: the service worker has it, and the page switches
 * to it only when the person says so, so nothing reloads in the middle of a question.
 */

/** See the module comment. */
export class AppUpdate {
  /** True while a new version waits for the person to reload. */
  waiting = $state(false);

  /** `activate` makes the waiting service worker take over and reloads the page. */
  constructor(private readonly activate: () => Promise<void>) {}

  /** The service worker reports a new version. */
  found(): void {
    this.waiting = true;
  }

  /** Switches to the new version (the page reloads). */
  async reload(): Promise<void> {
    this.waiting = false;
    await this.activate();
  }

  /** Keeps the current version until the next visit. */
  dismiss(): void {
    this.waiting = false;
  }
}
