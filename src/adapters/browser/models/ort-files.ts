/**
 * The ONNX Runtime files transformers.js needs, served by the app itself (TECH-NOTES §2.10):
 * Vite fingerprints and emits them from `?url` imports, so no CDN is ever asked.
 */
import ortMjsUrl from 'onnxruntime-web/ort-wasm-simd-threaded.asyncify.mjs?url';
import ortWasmUrl from 'onnxruntime-web/ort-wasm-simd-threaded.asyncify.wasm?url';

/** Absolute URLs of the ORT `.wasm` and `.mjs`, from where this code runs. */
export function ortWasmPaths(): { wasm: string; mjs: string } {
  const base = globalThis.location.href;
  return { wasm: new URL(ortWasmUrl, base).href, mjs: new URL(ortMjsUrl, base).href };
}
