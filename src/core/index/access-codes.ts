/**
 * Access labels as small codes, shared by the vector and lexical stores: each row keeps its
 * label's code, and a scan reads a mask of the codes the viewer may read, so the access filter is
 * applied inside the scan before top-k.
 */
import type { AccessLabel } from '../types.js';

/** The labels a store has coded; a code, once given, is never reused. */
export interface AccessCodes {
  labels: AccessLabel[];
  labelCodes: Map<AccessLabel, number>;
}

/** The code of `label`, given a new one the first time it is met. */
export function labelCode(store: AccessCodes, label: AccessLabel): number {
  let code = store.labelCodes.get(label);
  if (code === undefined) {
    code = store.labels.length;
    store.labels.push(label);
    store.labelCodes.set(label, code);
  }
  return code;
}

/** A mask over label codes, or undefined when the viewer may read none of the labels in the store. */
export function readableCodes(store: AccessCodes, access: readonly AccessLabel[]): Uint8Array | undefined {
  const mask = new Uint8Array(store.labels.length);
  let any = false;
  for (const label of access) {
    const code = store.labelCodes.get(label);
    if (code === undefined) continue;
    mask[code] = 1;
    any = true;
  }
  return any ? mask : undefined;
}
