/**
 * Whether this browser can run the CPU answer models (wllama's WebAssembly build needs JSPI and
 * 64-bit memory; its compatibility build would come from a CDN, so it is not used). Plain
 * feature checks, importable from the page without loading wllama.
 */

/** Why this browser cannot run the CPU models, or undefined when it can. */
export function cpuRuntimeShortfall(): string | undefined {
  const wasm = globalThis.WebAssembly as unknown as Record<string, unknown> | undefined;
  if (!wasm) return 'This browser has no WebAssembly, which the CPU models need.';
  if (!('Suspending' in wasm) || !('promising' in wasm)) {
    return 'This browser’s WebAssembly lacks JSPI (JavaScript promise integration), which the CPU models need: use a current Chromium or Firefox.';
  }
  if (!memory64()) {
    return 'This browser’s WebAssembly lacks 64-bit memory, which the CPU models need: use a current Chromium or Firefox.';
  }
  return undefined;
}

function memory64(): boolean {
  try {
    // A module with one 64-bit memory: (module (memory i64 1)).
    const bytes = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 5, 3, 1, 4, 1]);
    return WebAssembly.validate(bytes);
  } catch {
    return false;
  }
}
