/**
 * Word files (`.docx`, `.docm`) through an injected mammoth: the container is sniffed, the ZIP
 * pre-scanned with a byte cap (zip bombs never reach mammoth), hidden runs cut, then mammoth
 * turns the XML parts into HTML (headings → `<h1>`…, tables → rows) that the inert HTML reader
 * turns into text and sections. Images are never read; linked files are never fetched.
 */
import { zipSync } from 'fflate';
import { RagError } from '../../errors.js';
import type { DocumentParser, ParserInput } from '../../ports.js';
import type { SourceDocument } from '../../types.js';
import { shorten } from '../error-detail.js';
import { htmlToText } from '../html-text.js';
import { makeDocument } from '../make-document.js';
import { hiddenWarning } from '../parse-html.js';
import { requireText } from '../require-text.js';
import { buildSections } from '../sections.js';
import { checkWordContainer, isWordPart, prepareWordPackage } from './docx-package.js';
import type { LoadMammoth, Mammoth } from './mammoth-port.js';
import { DEFAULT_ARCHIVE_LIMITS, scanZip, type ArchiveLimits } from './zip-scan.js';

/** Settings of the DOCX parser. */
export interface DocxParserOptions {
  /** Loads mammoth. */
  loadMammoth: LoadMammoth;
  /** Caps of the ZIP pre-scan; default `DEFAULT_ARCHIVE_LIMITS`. */
  archiveLimits?: Partial<ArchiveLimits>;
}

/** Creates the Word parser (`.docx`, `.docm`). */
export function createDocxParser(options: DocxParserOptions): DocumentParser {
  return {
    format: 'docx',
    extensions: ['.docx', '.docm'],
    parse: (input) => parseDocx(input, options),
  };
}

async function parseDocx(input: ParserInput, options: DocxParserOptions): Promise<SourceDocument> {
  checkWordContainer(input.bytes, input.name);
  const limits = { ...DEFAULT_ARCHIVE_LIMITS, ...options.archiveLimits };
  const zip = scanZip(input.bytes, input.name, limits, isWordPart);
  const word = prepareWordPackage(zip, input.name);
  const mammoth = await options.loadMammoth();
  const html = await convert(mammoth, zipSync(word.parts, { level: 0 }), input.name);
  const { text, headings, hiddenCount } = htmlToText(html);
  requireText(text, input.name);
  const warnings = hiddenCount > 0 ? [...word.warnings, hiddenWarning(hiddenCount)] : word.warnings;
  return makeDocument({
    sourceName: input.name,
    format: 'docx',
    text,
    textOffset: 0,
    sections: buildSections(headings, text.length),
    fields: {},
    foundTitle: word.title ?? headings[0]?.text,
    modified: input.modified,
    ...(word.date ? { propertyDate: word.date } : {}),
    warnings,
  });
}

/** Runs mammoth on the prepared package; any failure is `DOCX_DAMAGED`. */
async function convert(mammoth: Mammoth, zipped: Uint8Array, file: string): Promise<string> {
  const arrayBuffer = zipped.buffer.slice(zipped.byteOffset, zipped.byteOffset + zipped.byteLength) as ArrayBuffer;
  try {
    const result = await mammoth.convertToHtml(
      { arrayBuffer },
      {
        externalFileAccess: false,
        includeEmbeddedStyleMap: false,
        convertImage: mammoth.images.imgElement(() => Promise.resolve({ src: '' })),
      },
    );
    return result.value;
  } catch (error) {
    const detail = error instanceof Error ? shorten(error.message) : 'unreadable';
    throw new RagError('DOCX_DAMAGED', { file, detail }, { cause: error });
  }
}
