/**
 * OUT-09 at build-configuration level: the Content-Security-Policy the built page carries (the
 * `<meta>` the Vite plugin injects) forbids what docs/reliability.md OUT-09 forbids. The browser tests
 * check that the browser enforces it (eval throws, inline script and remote images are blocked,
 * WebAssembly still compiles). OUT-13: the headers a `<meta>` cannot set, as docs/privacy.md
 * tells a host to send them, match that policy.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import config from '../../vite.config.js';

/**
 * Hosts `connect-src` may name besides 'self' (docs/reliability.md OUT-09): the model hub, its CDNs,
 * WebLLM's libraries.
 */
const MODEL_HOSTS = [
  'https://huggingface.co',
  'https://cdn-lfs.huggingface.co',
  'https://cdn-lfs-us-1.huggingface.co',
  'https://cdn-lfs-us-1.hf.co',
  'https://cas-bridge.xethub.hf.co',
  'https://raw.githubusercontent.com',
];

interface HtmlTag {
  tag: string;
  attrs?: Record<string, string>;
}

/** A policy's directives by name. */
function directives(content: string): Map<string, string[]> {
  return new Map(
    content
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

/** The response headers docs/privacy.md tells a host to send, by name. */
function documentedHeaders(): Map<string, string> {
  const privacy = readFileSync('docs/privacy.md', 'utf8');
  const section = privacy.split('## Headers for hosts that can set them')[1] ?? '';
  const block = /```\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
  return new Map(
    block
      .split('\n')
      .filter((line) => line.includes(': '))
      .map((line) => [line.slice(0, line.indexOf(': ')), line.slice(line.indexOf(': ') + 2)]),
  );
}

function builtPolicy(): Map<string, string[]> {
  const plugins = [config.plugins ?? []].flat(3) as { name?: string; transformIndexHtml?: unknown }[];
  const plugin = plugins.find((item) => item?.name === 'footnote-csp');
  expect(plugin, 'the footnote-csp plugin of vite.config.ts').toBeDefined();
  const hook = plugin?.transformIndexHtml as (() => HtmlTag[]) | { handler: () => HtmlTag[] };
  const tags = typeof hook === 'function' ? hook() : hook.handler();
  const meta = tags.find((tag) => tag.attrs?.['http-equiv'] === 'Content-Security-Policy');
  return directives(meta?.attrs?.content ?? '');
}

describe("the built page's Content-Security-Policy (OUT-09)", () => {
  const policy = builtPolicy();

  it('runs only its own scripts, with WebAssembly but no eval and no inline script', () => {
    expect(policy.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect([...policy.values()].flat()).not.toEqual(expect.arrayContaining(["'unsafe-inline'"]));
    expect([...policy.values()].flat()).not.toEqual(expect.arrayContaining(["'unsafe-eval'"]));
  });

  it('loads no image from another host: img-src is self, data: and blob: only', () => {
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
  });

  it('connects only to this origin and the model hosts', () => {
    const connect = policy.get('connect-src') ?? [];
    expect(connect).toContain("'self'");
    for (const source of connect) expect(["'self'", ...MODEL_HOSTS]).toContain(source);
  });

  it('falls back to self or none, and forbids plugins, base changes, forms and wildcards', () => {
    expect(["'self'", "'none'"]).toContain(policy.get('default-src')?.join(' '));
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    expect(policy.get('form-action')).toEqual(["'none'"]);
    for (const sources of policy.values()) {
      for (const source of sources) expect(['*', 'http:', 'https:', 'ws:', 'wss:']).not.toContain(source);
    }
  });

  it('sends no referrer from a host without headers either: index.html says no-referrer itself', () => {
    const html = readFileSync(new URL('../../index.html', import.meta.url), 'utf8');
    expect(html).toMatch(/<meta name="referrer" content="no-referrer"/);
  });

  it('sends no referrer from the dev and preview servers', () => {
    expect(config.preview?.headers?.['Referrer-Policy']).toBe('no-referrer');
    expect(config.server?.headers?.['Referrer-Policy']).toBe('no-referrer');
  });

  it('OUT-13 headers a <meta> cannot give are documented for hosts that send headers: frame-ancestors, X-Frame-Options, Referrer-Policy', () => {
    const headers = documentedHeaders();
    expect(headers.get('Referrer-Policy')).toBe('no-referrer');
    expect(headers.get('X-Frame-Options')).toBe('DENY');
    const header = directives(headers.get('Content-Security-Policy') ?? '');
    expect(header.get('frame-ancestors')).toEqual(["'none'"]);
    // The header is the built policy plus frame-ancestors, offline-only: the two never drift apart.
    const withoutConnect = (policy: Map<string, string[]>) =>
      [...policy].filter(([name]) => name !== 'connect-src' && name !== 'frame-ancestors');
    expect(withoutConnect(header)).toEqual(withoutConnect(policy));
    expect(header.get('connect-src')).toEqual(["'self'"]);
  });
});
