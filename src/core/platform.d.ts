/**
 * Web-standard globals that both Node (≥18) and browsers provide. The core is type-checked
 * without DOM or Node typings; these few shapes are declared here so that using them is a
 * deliberate choice, not an accident.
 */
declare global {
  interface TextDecoderOptions {
    fatal?: boolean;
    ignoreBOM?: boolean;
  }
  class TextDecoder {
    constructor(label?: string, options?: TextDecoderOptions);
    readonly encoding: string;
    decode(input?: Uint8Array): string;
  }
  class TextEncoder {
    encode(input?: string): Uint8Array;
  }
  function setTimeout(handler: () => void, timeout?: number): unknown;
  function clearTimeout(handle: unknown): void;
}

export {};
