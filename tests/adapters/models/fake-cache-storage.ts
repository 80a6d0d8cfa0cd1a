/**
 * A fake of the browser Cache API (named as a fake), in memory, with the methods WebLLM's
 * `ArtifactCache` and the CPU model store call: `caches.open`, and `match`, `add`, `put`, `delete`,
 * `keys` on a cache. Like the real `Cache.add`, `add` stores nothing and rejects when the response
 * is not OK.
 */

/** One named cache. */
export class FakeCache {
  readonly entries = new Map<string, Response>();

  async match(request: Request | string): Promise<Response | undefined> {
    return this.entries.get(key(request))?.clone();
  }

  async add(request: Request | string): Promise<void> {
    const response = await fetch(request);
    if (!response.ok) throw new TypeError("Failed to execute 'add' on 'Cache': Request failed");
    this.entries.set(key(request), response);
  }

  /** Like the real `Cache.put`, reads the whole body first, and rejects (storing nothing) when it fails. */
  async put(request: Request | string, response: Response): Promise<void> {
    const body = await response.arrayBuffer();
    this.entries.set(
      key(request),
      new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers }),
    );
  }

  async delete(request: Request | string): Promise<boolean> {
    return this.entries.delete(key(request));
  }

  async keys(): Promise<Request[]> {
    return [...this.entries.keys()].map((url) => new Request(url));
  }
}

/** `caches`: named caches, created on open. */
export class FakeCacheStorage {
  readonly stores = new Map<string, FakeCache>();

  async open(name: string): Promise<FakeCache> {
    let store = this.stores.get(name);
    if (!store) this.stores.set(name, (store = new FakeCache()));
    return store;
  }

  async has(name: string): Promise<boolean> {
    return this.stores.has(name);
  }

  async delete(name: string): Promise<boolean> {
    return this.stores.delete(name);
  }

  /** Every cached URL, in all caches. */
  urls(): string[] {
    return [...this.stores.values()].flatMap((store) => [...store.entries.keys()]);
  }
}

function key(request: Request | string): string {
  return typeof request === 'string' ? request : request.url;
}
