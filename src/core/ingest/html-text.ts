/**
 * Inert HTML-to-text: a streaming parser (htmlparser2, the same in Node and browsers) that
 * builds text and heading marks. Nothing runs and nothing is fetched; scripts, styles,
 * templates, comments and hidden elements are dropped (hidden ones are counted, so that the
 * parser can say so). A table row is one line `| a | b |`, whatever blocks its cells hold.
 */
import { Parser } from 'htmlparser2';
import type { HeadingMark } from './sections.js';

/** Text, headings and `<title>` of an HTML page. */
export interface HtmlText {
  text: string;
  headings: HeadingMark[];
  title?: string;
  /** How many hidden elements (`hidden`, `aria-hidden`, `display:none`…) were left out. */
  hiddenCount: number;
}

const SKIPPED = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'iframe',
  'object',
  'svg',
  'math',
  'button',
  'select',
]);
const BLOCKS = new Set([
  'p',
  'div',
  'section',
  'article',
  'main',
  'header',
  'footer',
  'aside',
  'nav',
  'ul',
  'ol',
  'dl',
  'dt',
  'dd',
  'blockquote',
  'pre',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'figure',
  'figcaption',
  'form',
  'fieldset',
  'address',
  'details',
  'summary',
  'br',
  'hr',
]);

function isHidden(attributes: Record<string, string>): boolean {
  const style = (attributes.style ?? '').replace(/\s+/g, '').toLowerCase();
  return (
    'hidden' in attributes ||
    attributes['aria-hidden'] === 'true' ||
    /display:none|visibility:hidden|font-size:0(?![.\d])/.test(style)
  );
}

/** A page's navigation by its own markup: `<nav>`, `role="navigation"`. */
function isNavigation(name: string, attributes: Record<string, string>): boolean {
  return name === 'nav' || attributes.role === 'navigation';
}

function isBlock(name: string): boolean {
  return (
    BLOCKS.has(name) || name === 'p' || name === 'tr' || name === 'li' || name === 'title' || /^h[1-6]$/.test(name)
  );
}

/** Relations by which a link says it leads to the next, previous or enclosing page. */
const PAGE_RELATIONS = new Set(['next', 'prev', 'previous', 'up']);

/** Longest navigation block, in characters of text: a line of links, never a page's body. */
const MAX_NAVIGATION = 300;

/**
 * The blocks (by the order in which their tags open) that hold a page's navigation: the nearest
 * block around a link that says it leads to the next, previous or enclosing page (`rel="next"`,
 * `"prev"`, `"up"`), when that block holds a short line of text. Texinfo's "Next: Invoking diff3,
 * Previous: Invoking cmp, Up: Comparing and Merging Files [Contents][Index]" is one, above and
 * below every node; read as text, it joins the section before it and answers questions with its
 * link titles.
 */
function navigationBlocks(html: string): Set<number> {
  const marked = new Set<number>();
  const candidates = new Set<number>();
  const open: { name: string; ordinal: number; length: number }[] = [];
  let ordinal = 0;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const here = ordinal++;
        const relations = (attributes.rel ?? '').toLowerCase().split(/\s+/);
        if (name === 'a' && relations.some((relation) => PAGE_RELATIONS.has(relation))) {
          const block = [...open].reverse().find((item) => isBlock(item.name));
          if (block) candidates.add(block.ordinal);
        }
        open.push({ name, ordinal: here, length: 0 });
      },
      ontext(data) {
        const length = data.trim().length;
        if (length > 0) for (const item of open) item.length += length;
      },
      onclosetag(name) {
        const at = open.map((item) => item.name).lastIndexOf(name);
        if (at < 0) return;
        for (const item of open.slice(at))
          if (candidates.has(item.ordinal) && item.length <= MAX_NAVIGATION) marked.add(item.ordinal);
        open.length = at;
      },
    },
    { decodeEntities: true, lowerCaseTags: true, recognizeSelfClosing: true },
  );
  parser.write(html);
  parser.end();
  return marked;
}

/**
 * The text being built, kept as finished chunks plus a short live tail: every edit the parser
 * makes (trailing spaces, blank lines, a heading that turned out empty) is at the end, and
 * reading the end of one ever-growing string would copy it each time (quadratic on big pages).
 */
class TextBuilder {
  private readonly chunks: string[] = [];
  private committed = 0;
  private held = false;
  tail = '';

  get length(): number {
    return this.committed + this.tail.length;
  }

  append(piece: string): void {
    this.tail += piece;
    if (!this.held && this.tail.length > 4096) {
      this.chunks.push(this.tail.slice(0, -256));
      this.committed += this.tail.length - 256;
      this.tail = this.tail.slice(-256);
    }
  }

  /** Keeps everything from here on in the tail, so it can be read or dropped (a heading). */
  hold(): number {
    this.chunks.push(this.tail);
    this.committed += this.tail.length;
    this.tail = '';
    this.held = true;
    return this.committed;
  }

  release(): void {
    this.held = false;
  }

  space(): void {
    if (!/\s$/.test(this.tail) && this.length > 0) this.append(' ');
  }

  newline(count: number): void {
    this.tail = this.tail.replace(/[ \t]+$/, '');
    const existing = /\n*$/.exec(this.tail)?.[0].length ?? 0;
    if (this.length > 0 && existing < count) this.append('\n'.repeat(count - existing));
  }

  toString(): string {
    return this.chunks.join('') + this.tail;
  }
}

/** Longest `<title>` kept, in characters. */
const MAX_TITLE = 300;

/** Extracts the readable text of an HTML document. */
export function htmlToText(html: string): HtmlText {
  const text = new TextBuilder();
  let title: string | undefined;
  let inTitle = false;
  let heading: { level: number; start: number } | undefined;
  const headings: HeadingMark[] = [];
  const skipStack: string[] = [];
  let hiddenCount = 0;
  let cellDepth = 0;
  // A definition list entry is one paragraph: its terms, then its description ("-b,
  // --ignore-space-change: Ignore changes in amount of white space."), so that what a manual
  // says of an option stays with the option it says it of. `term`: a <dt> just ended;
  // `join`: a <dd> follows terms, and its first paragraph goes on the terms' line.
  let definition: 'term' | 'join' | undefined;
  let joined = false;
  const navigation = navigationBlocks(html);
  let ordinal = 0;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        // Counted as in `navigationBlocks`, every tag, before anything is skipped.
        const here = ordinal++;
        if (skipStack.length === 0 && (navigation.has(here) || isNavigation(name, attributes))) {
          skipStack.push(name);
          return;
        }
        if (skipStack.length > 0 || SKIPPED.has(name) || isHidden(attributes)) {
          if (skipStack.length === 0 && !SKIPPED.has(name)) hiddenCount++;
          skipStack.push(name);
          return;
        }
        if (name === 'td' || name === 'th') cellDepth++;
        else if (cellDepth > 0) {
          if (isBlock(name)) text.space();
          return;
        }
        const level = /^h([1-6])$/.exec(name)?.[1];
        if (name === 'dt') {
          if (definition === 'term') {
            text.tail = text.tail.trimEnd();
            text.append(', ');
          } else text.newline(2);
          definition = undefined;
        } else if (name === 'dd') {
          if (definition === 'term') {
            text.tail = text.tail.trimEnd();
            text.append(': ');
            definition = 'join';
            joined = true;
          } else text.newline(2);
        } else if (definition === 'join' && isBlock(name)) {
          // The description's first block stays on the terms' line.
        } else if (level) {
          text.newline(2);
          heading = { level: Number(level), start: text.hold() };
          text.append('#'.repeat(Number(level)) + ' ');
        } else if (name === 'tr') {
          text.newline(1);
          text.append('| ');
        } else if (name === 'li') {
          text.newline(1);
          text.append('- ');
        } else if (name === 'title') {
          inTitle = true;
        } else if (name === 'p' || name === 'table' || name === 'ul' || name === 'ol') text.newline(2);
        else if (BLOCKS.has(name)) text.newline(1);
      },
      ontext(data) {
        if (inTitle) {
          if ((title ?? '').length < MAX_TITLE) title = ((title ?? '') + data).replace(/\s+/g, ' ').slice(0, MAX_TITLE);
          return;
        }
        if (skipStack.length > 0) return;
        const clean = data.replace(/\s+/g, ' ');
        const atLineStart = text.length === 0 || text.tail.endsWith('\n');
        if (clean === ' ' && (atLineStart || text.tail.endsWith(' '))) return;
        // The first words of a description, after its terms' ": ".
        const start = atLineStart || joined;
        if (clean.trim()) joined = false;
        text.append(start ? clean.trimStart() : clean);
      },
      onclosetag(name) {
        if (name === 'title') inTitle = false;
        if (skipStack.length > 0) {
          if (skipStack[skipStack.length - 1] === name) skipStack.pop();
          return;
        }
        if (cellDepth > 0 && name !== 'td' && name !== 'th') {
          if (isBlock(name)) text.space();
          return;
        }
        if (name === 'td' || name === 'th') cellDepth = Math.max(0, cellDepth - 1);
        if (name === 'dt') {
          definition = 'term';
          return;
        }
        if (name === 'dd' || (definition === 'join' && isBlock(name))) {
          // The description's first block ends its line; later blocks of it are paragraphs of their own.
          definition = undefined;
          joined = false;
          text.newline(2);
          return;
        }
        if (definition === 'term' && isBlock(name)) definition = undefined;
        if (heading && /^h[1-6]$/.test(name)) {
          const headingText = text.tail.replace(/^#+\s*/, '').trim();
          if (headingText) headings.push({ start: heading.start, level: heading.level, text: headingText });
          else text.tail = '';
          heading = undefined;
          text.release();
          text.newline(2);
        } else if (name === 'td' || name === 'th') {
          text.tail = text.tail.trimEnd();
          text.append(' | ');
        } else if (name === 'tr' || name === 'li') {
          text.tail = text.tail.trimEnd();
          text.newline(1);
        } else if (name === 'p' || name === 'table' || name === 'ul' || name === 'ol') text.newline(2);
        else if (BLOCKS.has(name)) text.newline(1);
      },
    },
    { decodeEntities: true, lowerCaseTags: true, recognizeSelfClosing: true },
  );
  parser.write(html);
  parser.end();
  return { text: text.toString().trim() + '\n', headings, title: title?.trim() || undefined, hiddenCount };
}
