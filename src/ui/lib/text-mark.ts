/**
 * A span of text to highlight: `support` is the sentence a citation points to, `instruction`
 * instruction-like text, `passage` a passage shown inside its document.
 */
export interface TextMark {
  start: number;
  end: number;
  kind: 'support' | 'instruction' | 'passage';
  label?: string;
}
