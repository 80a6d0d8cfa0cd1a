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

function isBlock(name: string): boolean {
  return (
    BLOCKS.has(name) || name === 'p' || name === 'tr' || name === 'li' || name === 'title' || /^h[1-6]$/.test(name)
  );
}

/** Extracts the readable text of an HTML document. */
export function htmlToText(html: string): HtmlText {
  let text = '';
  let title: string | undefined;
  let inTitle = false;
  let heading: { level: number; start: number } | undefined;
  const headings: HeadingMark[] = [];
  const skipStack: string[] = [];
  let hiddenCount = 0;
  let cellDepth = 0;
  const space = () => {
    if (!/[\s]$/.test(text)) text += ' ';
  };
  const newline = (count: number) => {
    text = text.replace(/[ \t]+$/, '');
    const existing = /\n*$/.exec(text)?.[0].length ?? 0;
    if (text.length > 0 && existing < count) text += '\n'.repeat(count - existing);
  };
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (skipStack.length > 0 || SKIPPED.has(name) || isHidden(attributes)) {
          if (skipStack.length === 0 && !SKIPPED.has(name)) hiddenCount++;
          skipStack.push(name);
          return;
        }
        if (name === 'td' || name === 'th') cellDepth++;
        else if (cellDepth > 0) {
          if (isBlock(name)) space();
          return;
        }
        const level = /^h([1-6])$/.exec(name)?.[1];
        if (level) {
          newline(2);
          heading = { level: Number(level), start: text.length };
          text += '#'.repeat(Number(level)) + ' ';
        } else if (name === 'tr') {
          newline(1);
          text += '| ';
        } else if (name === 'li') {
          newline(1);
          text += '- ';
        } else if (name === 'title') {
          inTitle = true;
        } else if (name === 'p' || name === 'table' || name === 'ul' || name === 'ol') newline(2);
        else if (BLOCKS.has(name)) newline(1);
      },
      ontext(data) {
        if (inTitle) {
          title = ((title ?? '') + data).replace(/\s+/g, ' ');
          return;
        }
        if (skipStack.length > 0) return;
        const clean = data.replace(/\s+/g, ' ');
        if (clean === ' ' && (text.endsWith(' ') || text.endsWith('\n') || text === '')) return;
        text += text.endsWith('\n') || text === '' ? clean.trimStart() : clean;
      },
      onclosetag(name) {
        if (name === 'title') inTitle = false;
        if (skipStack.length > 0) {
          if (skipStack[skipStack.length - 1] === name) skipStack.pop();
          return;
        }
        if (cellDepth > 0 && name !== 'td' && name !== 'th') {
          if (isBlock(name)) space();
          return;
        }
        if (name === 'td' || name === 'th') cellDepth = Math.max(0, cellDepth - 1);
        if (heading && /^h[1-6]$/.test(name)) {
          const headingText = text
            .slice(heading.start)
            .replace(/^#+\s*/, '')
            .trim();
          if (headingText) headings.push({ start: heading.start, level: heading.level, text: headingText });
          else text = text.slice(0, heading.start);
          heading = undefined;
          newline(2);
        } else if (name === 'td' || name === 'th') text = text.trimEnd() + ' | ';
        else if (name === 'tr' || name === 'li') {
          text = text.trimEnd();
          newline(1);
        } else if (name === 'p' || name === 'table' || name === 'ul' || name === 'ol') newline(2);
        else if (BLOCKS.has(name)) newline(1);
      },
    },
    { decodeEntities: true, lowerCaseTags: true, recognizeSelfClosing: true },
  );
  parser.write(html);
  parser.end();
  return { text: text.trim() + '\n', headings, title: title?.trim() || undefined, hiddenCount };
}
