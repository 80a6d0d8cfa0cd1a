/**
 * The requests workers make, for the page's network panel. A worker's fetches (model downloads,
 * pdf.js data) are in the worker's own resource timeline, not the page's; each worker that calls
 * `reportWorkerRequests` posts its full list on a `BroadcastChannel` whenever it grows, and again
 * when a page asks (`replay`), so a page that starts listening late still hears every request.
 * A channel reaches every page of this origin, so another open tab's workers are counted too.
 * A worker whose browser cannot observe its requests says so (`worker-unobserved`), and the
 * panel then says its count may be incomplete instead of claiming zero.
 */

/** The channel's name. */
export const NETWORK_CHANNEL = 'footnote-network';

/** What travels on the channel. */
export type NetworkMessage =
  /** Every request one worker (`instance`, started as `worker`) has made so far. */
  | { kind: 'worker-requests'; worker: string; instance: string; urls: string[] }
  /** A worker that cannot observe its own requests in this browser. */
  | { kind: 'worker-unobserved'; worker: string }
  /** A page asks every worker to send its list again. */
  | { kind: 'replay' };

/** In a worker: reports each request it makes on the channel; returns a function that stops. */
export function reportWorkerRequests(worker: string): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => undefined;
  const channel = new BroadcastChannel(NETWORK_CHANNEL);
  const unobserved = () => {
    channel.onmessage = () => channel.postMessage({ kind: 'worker-unobserved', worker } satisfies NetworkMessage);
    channel.postMessage({ kind: 'worker-unobserved', worker } satisfies NetworkMessage);
    return () => channel.close();
  };
  if (typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes?.includes('resource'))
    return unobserved();
  const instance = `${worker}-${Math.random().toString(36).slice(2)}`;
  const urls: string[] = [];
  const send = () => channel.postMessage({ kind: 'worker-requests', worker, instance, urls } satisfies NetworkMessage);
  const observer = new PerformanceObserver((list) => {
    urls.push(...list.getEntries().map((entry) => entry.name));
    send();
  });
  try {
    observer.observe({ type: 'resource', buffered: true });
  } catch {
    return unobserved();
  }
  channel.onmessage = (event: MessageEvent<NetworkMessage>) => {
    if (event.data?.kind === 'replay') send();
  };
  return () => {
    observer.disconnect();
    channel.close();
  };
}
