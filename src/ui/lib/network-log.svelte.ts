/**
 * Every request the page and its workers have made since it loaded, counted by host. The page's
 * own come from its resource timing entries (the ones already there, then each new one through a
 * `PerformanceObserver`); its workers' (model downloads, parsing) arrive on the network channel
 * (`network-report.ts`).
 */
import { NETWORK_CHANNEL, type NetworkMessage } from '../../adapters/browser/network-report.js';

/** Requests to one host. */
export interface HostCount {
  host: string;
  count: number;
  /** How many of them a worker made. */
  fromWorkers: number;
  /** True for the page's own origin (and `blob:`/`data:` addresses, which never leave the page). */
  own: boolean;
}

/** See the module comment. */
export class NetworkLog {
  /** The page's own requests. */
  urls = $state.raw<string[]>([]);
  /** Each worker's requests, by worker instance. */
  workers = $state.raw<Readonly<Record<string, readonly string[]>>>({});
  /** Workers whose requests cannot be observed here (or "workers" when the page cannot hear any): the count may be short. */
  unobserved = $state.raw<readonly string[]>([]);
  private observer: PerformanceObserver | undefined;
  private channel: BroadcastChannel | undefined;

  constructor(private readonly origin = globalThis.location?.origin ?? '') {}

  /** Starts listening; returns a function that stops. */
  start(): () => void {
    this.listenToWorkers();
    if (typeof performance === 'undefined' || typeof performance.getEntriesByType !== 'function')
      return () => this.stop();
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
    return () => this.stop();
  }

  /** Takes in one message of the network channel. */
  receive(message: NetworkMessage): void {
    if (message?.kind === 'worker-unobserved') {
      if (!this.unobserved.includes(message.worker)) this.unobserved = [...this.unobserved, message.worker];
      return;
    }
    if (message?.kind !== 'worker-requests') return;
    this.workers = { ...this.workers, [message.instance]: [...message.urls] };
  }

  /** Requests by host, the page's own first, then by count. */
  get hosts(): HostCount[] {
    // eslint-disable-next-line svelte/prefer-svelte-reactivity -- a local tally, not state
    const counts = new Map<string, HostCount>();
    const add = (url: string, fromWorker: boolean) => {
      const { host, own } = hostOf(url, this.origin);
      const entry = counts.get(host) ?? { host, count: 0, fromWorkers: 0, own };
      entry.count += 1;
      if (fromWorker) entry.fromWorkers += 1;
      counts.set(host, entry);
    };
    for (const url of this.urls) add(url, false);
    for (const urls of Object.values(this.workers)) for (const url of urls) add(url, true);
    return [...counts.values()].sort((a, b) => Number(b.own) - Number(a.own) || b.count - a.count);
  }

  /** Every request counted, the page's and its workers'. */
  get total(): number {
    return this.hosts.reduce((sum, item) => sum + item.count, 0);
  }

  /** Requests to any host other than the page's own: the ones that left this machine. */
  get foreign(): number {
    return this.hosts.filter((item) => !item.own).reduce((sum, item) => sum + item.count, 0);
  }

  private listenToWorkers(): void {
    if (typeof BroadcastChannel === 'undefined') {
      this.unobserved = ['workers'];
      return;
    }
    this.channel = new BroadcastChannel(NETWORK_CHANNEL);
    this.channel.onmessage = (event: MessageEvent<NetworkMessage>) => this.receive(event.data);
    this.channel.postMessage({ kind: 'replay' } satisfies NetworkMessage);
  }

  private stop(): void {
    this.observer?.disconnect();
    this.channel?.close();
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
