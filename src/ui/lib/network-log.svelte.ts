/**
 * Every request the page has made since it loaded, from the browser's own resource timing
 * entries (the ones already there, then each new one through a `PerformanceObserver`), counted
 * by host. Workers' requests are not in the page's timeline; the page's own are.
 */

/** Requests to one host. */
export interface HostCount {
  host: string;
  count: number;
  /** True for the page's own origin. */
  own: boolean;
}

/** See the module comment. */
export class NetworkLog {
  urls = $state.raw<string[]>([]);
  private observer: PerformanceObserver | undefined;

  constructor(private readonly origin = globalThis.location?.origin ?? '') {}

  /** Starts listening; returns a function that stops. */
  start(): () => void {
    if (typeof performance === 'undefined' || typeof performance.getEntriesByType !== 'function')
      return () => undefined;
    this.urls = [
      globalThis.location?.href ?? '',
      ...performance.getEntriesByType('resource').map((entry) => entry.name),
    ].filter(Boolean);
    if (typeof PerformanceObserver !== 'undefined') {
      this.observer = new PerformanceObserver((list) => {
        this.urls = [...this.urls, ...list.getEntries().map((entry) => entry.name)];
      });
      try {
        this.observer.observe({ type: 'resource', buffered: false });
      } catch {
        this.observer = undefined;
      }
    }
    return () => this.observer?.disconnect();
  }

  /** Requests by host, the page's own first, then by count. */
  get hosts(): HostCount[] {
    // eslint-disable-next-line svelte/prefer-svelte-reactivity -- a local tally, not state
    const counts = new Map<string, HostCount>();
    for (const url of this.urls) {
      const { host, own } = hostOf(url, this.origin);
      const entry = counts.get(host) ?? { host, count: 0, own };
      entry.count += 1;
      counts.set(host, entry);
    }
    return [...counts.values()].sort((a, b) => Number(b.own) - Number(a.own) || b.count - a.count);
  }

  /** Requests to any host other than the page's own. */
  get foreign(): number {
    return this.hosts.filter((item) => !item.own).reduce((sum, item) => sum + item.count, 0);
  }
}

function hostOf(url: string, origin: string): { host: string; own: boolean } {
  try {
    const parsed = new URL(url);
    if (parsed.protocol === 'blob:' || parsed.protocol === 'data:')
      return { host: `${parsed.protocol} (in the page)`, own: true };
    return { host: parsed.host, own: parsed.origin === origin };
  } catch {
    return { host: url.slice(0, 60), own: false };
  }
}
