/**
 * Untrusted text (answers, passages, questions, a receipt read from disk) as Markdown that
 * shows the same words and can neither fetch nor link to anything, in any renderer: CommonMark,
 * GFM (autolinked `www.` and emails) and linkifiers that link bare domains.
 *
 * - images (`![alt](url)`, `![alt][ref]`) become `[image removed: alt]`;
 * - links (`[text](url)`) become `text (link to: url)`, with the address shown as code;
 * - reference definitions (`[r]: url`), autolinks (`<https://…>`), bare URLs, `www.` addresses,
 *   e-mail addresses, domain names and `javascript:`/`data:`/`file:`… addresses become code spans;
 * - raw HTML is escaped (`&lt;img …&gt;` shows as text), and so is every other Markdown
 *   character that could start a link, an image, emphasis, a table or a block;
 * - invisible characters that can smuggle text (docs/reliability.md PI-09) are replaced by a count.
 *
 * Outside code spans the result holds no unescaped `[`, `]`, `<` or `>`; a code span never holds
 * `[`, `]`, `(`, `)`, `<`, `>`, quotes or a backslash. So no `](`, `]:`, `<img` or `<script` can appear.
 */
import { findInvisibleCharacters } from '../verify/invisible-characters.js';

/** Characters an address may hold in a code span here (none that Markdown or HTML could act on). */
const ADDRESS = String.raw`[^\s<>()[\]{}\`"'\\|^]`;
const LINK_LIKE = new RegExp(
  [
    String.raw`!\[[^\]\n]*\]\([^)\n]*\)`,
    String.raw`!\[[^\]\n]*\](?:\[[^\]\n]*\])?`,
    String.raw`\[[^\]\n]*\]\([^)\n]*\)`,
    String.raw`<(?:[a-z][a-z0-9+.-]{1,31}:|[^<>\s@]+@)[^<>\s]*>`,
    String.raw`[a-z][a-z0-9+.-]{0,31}:\/\/${ADDRESS}*`,
    String.raw`(?:javascript|vbscript|livescript|data|file|mailto|tel|sms|blob|about|ftp|ws|wss):${ADDRESS}*`,
    String.raw`www\.${ADDRESS}*`,
    String.raw`[a-z0-9._%+-]{1,64}@[a-z0-9-]{1,63}(?:\.[a-z0-9-]{1,63}){1,8}`,
    String.raw`(?<![a-z0-9])(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.){1,8}[a-z]{2,24}(?![a-z0-9])(?::\d{1,5})?(?:\/${ADDRESS}*)?`,
  ].join('|'),
  'gi',
);
const IMAGE = /^!\[([^\]\n]*)\]/;
const INLINE_LINK = /^\[([^\]\n]*)\]\(([^)\n]*)\)$/;
const DEFINITION = /^( {0,3})\[([^\]\n]+)\]:[ \t]*(.*)$/;
const BLOCK_START = /^(\s*)(?:([#+=-])|(\d{1,9})([.)]))/;

/** One line of untrusted text as inert inline Markdown. */
export function inertInline(text: string): string {
  // Four spaces would start an indented code block, where the escapes below would show.
  const line = visible(text)
    .replace(/[\r\n]+/g, ' ')
    .replace(/^\s{4,}/, '   ');
  const definition = DEFINITION.exec(line);
  if (definition) {
    return `${definition[1] ?? ''}\\[${inertSegments(definition[2] ?? '')}\\]\\: ${inertSegments(definition[3] ?? '')}`;
  }
  return inertSegments(line).replace(BLOCK_START, (_, space: string, marker?: string, digits?: string, dot?: string) =>
    marker ? `${space}\\${marker}` : `${space}${digits ?? ''}\\${dot ?? ''}`,
  );
}

/** Untrusted text of many lines as an inert block quote (`> ` before each line). */
export function inertQuote(text: string): string {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => (line.trim() === '' ? '>' : `> ${inertInline(line)}`))
    .join('\n');
}

/** A code span around `text` that no backtick inside can close early. */
export function codeSpan(text: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((run) => run[0].length));
  const fence = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') || text.startsWith(' ') ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

function inertSegments(line: string): string {
  let out = '';
  let last = 0;
  for (const match of line.matchAll(LINK_LIKE)) {
    // Punctuation after a bare address ends the sentence, not the address (as GFM reads it).
    const token = /^[![<]/.test(match[0]) ? match[0] : match[0].replace(/[.,;:!?*_~]+$/, '');
    const after = match[0].slice(token.length);
    out += escapeText(line.slice(last, match.index)) + (token ? neutralise(token) : '') + escapeText(after);
    last = match.index + match[0].length;
  }
  // A `]` that closed one segment must not meet a `(` or `:` that opens the next.
  return (out + escapeText(line.slice(last))).replace(/\\\]([(:])/g, '\\]\\$1');
}

function neutralise(token: string): string {
  const image = IMAGE.exec(token);
  if (image) return `\\[image removed${image[1] ? `: ${inertSegments(image[1])}` : ''}\\]`;
  const link = INLINE_LINK.exec(token);
  if (link) {
    const destination = (link[2] ?? '').trim().split(/\s+/)[0]?.replace(/^<|>$/g, '') ?? '';
    return `${inertSegments(link[1] ?? '')} (link to: ${inertSegments(destination) || 'nothing'})`;
  }
  if (token.startsWith('<')) return `&lt;${inertSegments(token.slice(1, -1))}&gt;`;
  return codeSpan(token);
}

/** Escapes every character that could start Markdown or HTML in running text. */
function escapeText(text: string): string {
  return text
    .replace(/[\\`*_[\]~|]/g, (character) => `\\${character}`)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

/** Control characters dropped; invisible characters that can smuggle text shown as a count. */
function visible(text: string): string {
  // eslint-disable-next-line no-control-regex
  const plain = text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '');
  const runs = findInvisibleCharacters(plain);
  let out = '';
  let last = 0;
  for (const run of runs) {
    out += `${plain.slice(last, run.start)}[${run.count} invisible character${run.count === 1 ? '' : 's'} removed]`;
    last = run.end;
  }
  return out + plain.slice(last);
}
