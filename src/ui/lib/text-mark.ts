/**
 * A span of text to highlight: `support` is the sentence the checker judged a claim on, `instruction`
 * instruction-like text, `passage` a passage shown inside its document.
 */
export interface TextMark {
  start: number;
  end: number;
  kind: 'support' | 'instruction' | 'passage';
  label?: string;
  /** For `support`: how the checker judged the claim on this sentence. */
  state?: 'supported' | 'contradicted' | 'not_found';
}
