/**
 * Small Word packages built in memory for the DOCX tests: a minimal valid document, and zips
 * bent into the shapes of docs/reliability.md IN-08 (bombs, lying sizes, overlapping entries).
 */
import { strToU8, zipSync, type Zippable } from 'fflate';

const CONTENT_TYPES =
  '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';
const ROOT_RELS =
  '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>';

/** A `word/document.xml` whose body is `body` (paragraph XML). */
export function documentXml(body: string): string {
  return (
    '<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" ' +
    'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" ' +
    `xmlns:v="urn:schemas-microsoft-com:vml"><w:body>${body}</w:body></w:document>`
  );
}

/** A paragraph of one run. */
export const paragraph = (text: string, runProperties = '') =>
  `<w:p><w:r>${runProperties ? `<w:rPr>${runProperties}</w:rPr>` : ''}<w:t xml:space="preserve">${text}</w:t></w:r></w:p>`;

/** A Word package with `document` as its main part, plus any `extra` parts. */
export function wordPackage(document: string | Uint8Array, extra: Zippable = {}, level: 0 | 6 = 6): Uint8Array {
  return zipSync(
    {
      '[Content_Types].xml': strToU8(CONTENT_TYPES),
      '_rels/.rels': strToU8(ROOT_RELS),
      'word/document.xml': typeof document === 'string' ? strToU8(document) : document,
      ...extra,
    },
    { level },
  );
}

/** Offsets of the central directory records of a zip made by fflate. */
export function centralRecords(zip: Uint8Array): number[] {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const end = zip.length - 22;
  const count = view.getUint16(end + 10, true);
  const offsets: number[] = [];
  let at = view.getUint32(end + 16, true);
  for (let index = 0; index < count; index++) {
    offsets.push(at);
    at += 46 + view.getUint16(at + 28, true) + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return offsets;
}
