/**
 * The ONNX Runtime files transformers.js needs, served by the app itself (docs/library-notes.md §2.7):
 * Vite fingerprints and emits them from `?url` imports, so no CDN is ever asked; and how many
 * threads its WASM back end may use.
 */
import ortMjsUrl from 'onnxruntime-web/ort-wasm-simd-threaded.asyncify.mjs?url';
import ortWasmUrl from 'onnxruntime-web/ort-wasm-simd-threaded.asyncify.wasm?url';

/** Absolute URLs of the ORT `.wasm` and `.mjs`, from where this code runs. */
export function ortWasmPaths(): { wasm: string; mjs: string } {
  const base = globalThis.location.href;
  return { wasm: new URL(ortWasmUrl, base).href, mjs: new URL(ortMjsUrl, base).href };
}

/**
 * Threads for ONNX Runtime's WASM back end: every core up to 4 where the page is cross-origin
 * isolated (threads need SharedArrayBuffer), else 1. ORT's own default is half the cores, which
 * is one thread on a 2-core laptop; embedding runs in its own worker while the page waits for it,
 * and two threads embedded all-MiniLM-L6-v2 1.7× faster than one on a 2-core machine.
 *
 * Firefox gets one thread: there, starting a threaded ORT session inside the engine worker now
 * and then never finishes (the page says "Starting the models…" for good). Loading the tiny
 * fixture embedder in a fresh page again and again, Firefox ESR 153 hung on the 9th load in 2 of 4
 * runs with two threads (about 1 in 30 loads) and never in 100 loads with one.
 */
export function ortWasmThreads(
  scope: {
    crossOriginIsolated?: boolean;
    navigator?: { hardwareConcurrency?: number; userAgent?: string };
  } = globalThis,
): number {
  if (!scope.crossOriginIsolated) return 1;
  if (/\bFirefox\//.test(scope.navigator?.userAgent ?? '')) return 1;
  return Math.max(1, Math.min(4, scope.navigator?.hardwareConcurrency ?? 1));
}
