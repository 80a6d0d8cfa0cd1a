/**
 * Checking a receipt: that its passages still hash to what it recorded (nobody edited the
 * receipt), and, given the library, whether each passage is still there unchanged, has changed
 * since ("passage changed since the receipt") or is gone ("source deleted").
 */
import type { Engine } from '../pipeline/engine.js';
import { shortHash } from '../text/hash.js';
import type { AnswerReceipt } from './answer-receipt.js';
import { libraryHashOf, textSha256 } from './hashes.js';

/** What became of one passage of the receipt. */
export type ReceiptPassageStatus =
  /** In the library with the same text. */
  | 'unchanged'
  /** In the library, with other text (a new revision). */
  | 'changed'
  /** No longer in the library. */
  | 'deleted'
  /** The receipt's own text no longer matches the hashes it recorded: the receipt was edited. */
  | 'edited'
  /** No library was given to compare with. */
  | 'not-checked';

/** The outcome of `checkReceipt`. */
export interface ReceiptCheck {
  /** True when every passage's text matches the hashes the receipt recorded. */
  intact: boolean;
  passages: { cite: string; status: ReceiptPassageStatus; revisionNow?: string }[];
  /** Whether the library is the one the receipt was made from; absent when either hash is unknown. */
  sameLibrary?: boolean;
  /** One sentence per finding, for people. */
  messages: string[];
}

/** Checks the receipt on its own, and against `engine`'s library when given. */
export function checkReceipt(receipt: AnswerReceipt, engine?: Engine): ReceiptCheck {
  const passages = receipt.passages.map((item) => {
    if (textSha256(item.text) !== item.sha256 || shortHash(item.text) !== item.hash) {
      return { cite: item.cite, status: 'edited' as const };
    }
    if (!engine) return { cite: item.cite, status: 'not-checked' as const };
    const now = engine.index.passages.get(item.cite);
    if (!now) return { cite: item.cite, status: 'deleted' as const };
    const status = now.text === item.text ? ('unchanged' as const) : ('changed' as const);
    return { cite: item.cite, status, revisionNow: now.revision };
  });
  const check: ReceiptCheck = { intact: passages.every((item) => item.status !== 'edited'), passages, messages: [] };
  if (engine && receipt.libraryHash) {
    check.sameLibrary = libraryHashOf(engine) === receipt.libraryHash;
  }
  for (const item of passages) {
    if (item.status === 'edited') check.messages.push(`Passage ${item.cite} was edited after the receipt was made.`);
    if (item.status === 'deleted')
      check.messages.push(`Passage ${item.cite}: source deleted from the library since the receipt.`);
    if (item.status === 'changed') {
      check.messages.push(`Passage ${item.cite} changed since the receipt (now revision ${item.revisionNow ?? '?'}).`);
    }
  }
  return check;
}
