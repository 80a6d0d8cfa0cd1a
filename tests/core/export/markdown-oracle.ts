/**
 * A test oracle for inert Markdown: what in a Markdown text could link, load or run in some
 * renderer (CommonMark, GFM, linkify). Two readings of each line, code spans left out (inert
 * in every renderer): as syntax (an escaped character is a literal and opens nothing), where no
 * bracket, `<` or `>` may remain; and as the text a reader sees (escapes resolved), where no
 * address a linkifier would turn into a link may remain. Deliberately stricter than a renderer.
 */

const SYNTAX: [string, RegExp][] = [
  ['bracket (link, image or definition)', /[[\]]/],
  ['raw HTML or autolink', /[<>]/],
  ['HTML entity for a scheme', /&#\d+;avascript/i],
];

const VISIBLE: [string, RegExp][] = [
  ['URL with a scheme', /[a-z][a-z0-9+.-]*:\/\//i],
  ['dangerous scheme', /\b(?:javascript|vbscript|data|file):/i],
  ['www address', /\bwww\./i],
  ['e-mail address', /[a-z0-9._%+-]+@[a-z0-9-]+\.[a-z]/i],
  ['domain name', /(?<![a-z0-9-])(?:[a-z0-9-]+\.)+(?:test|com|org|net|io|co|de|uk|info|example|app|dev)(?![a-z0-9-])/i],
];

const ESCAPE = /\\([!-/:-@[-`{-~])/g;
const CODE_SPAN = /(?<!`)(`+)(?!`)[^\n]*?(?<!`)\1(?!`)/g;
/** Escaped characters are moved out of ASCII while code spans are found, so an escaped backtick opens none. */
const hide = (character: string) => String.fromCharCode(0xe000 + character.charCodeAt(0));
const HIDDEN = /[\uE000-\uE07F]/g;

/** Each live construct found in `markdown`, with its kind; empty when the Markdown is inert. */
export function liveMarkdown(markdown: string): string[] {
  const found: string[] = [];
  for (const raw of markdown.split('\n')) {
    const line = raw.replace(/^>\s?/, '');
    const withoutCode = line.replace(ESCAPE, (_, character: string) => hide(character)).replace(CODE_SPAN, ' ');
    const syntax = withoutCode.replace(HIDDEN, '').replace(/&(?:amp|lt|gt);/g, ' ');
    const visible = withoutCode
      .replace(HIDDEN, (character) => String.fromCharCode(character.charCodeAt(0) - 0xe000))
      .replace(/&(?:amp|lt|gt);/g, ' ');
    for (const [text, findings] of [
      [syntax, SYNTAX],
      [visible, VISIBLE],
    ] as const) {
      for (const [kind, pattern] of findings) {
        const match = pattern.exec(text);
        if (match) found.push(`${kind}: …${text.slice(Math.max(0, match.index - 30), match.index + 40)}…`);
      }
    }
  }
  return found;
}

/** Literal strings that must never appear in an exported Markdown text. */
export const FORBIDDEN_SUBSTRINGS = [
  '](',
  ']:',
  '<img',
  '<script',
  '<iframe',
  '<svg',
  '<math',
  '<link',
  '<meta',
  '<video',
  '<a ',
  '![',
  '<http',
];
