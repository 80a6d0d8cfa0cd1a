/**
 * Bad variants of the committed PDF fixtures, made at test time: encrypted copies (qpdf),
 * a page tree with a circular reference, blank covers added, truncations and garbage.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber } from 'pdf-lib';

/** Folder of the committed fixtures. */
export const FIXTURES = join(process.cwd(), 'tests/fixtures/files');

/** Reads a committed fixture. */
export async function fixture(name: string): Promise<Uint8Array> {
  return new Uint8Array(await readFile(join(FIXTURES, name)));
}

/** Fails loudly (never skips) when qpdf is missing: CI must install it. */
export function requireQpdf(): void {
  try {
    execFileSync('qpdf', ['--version'], { stdio: 'ignore' });
  } catch {
    throw new Error(
      'qpdf is not installed: the encrypted-PDF tests need it. Install it with `apt-get install -y qpdf`.',
    );
  }
}

/**
 * `manual.pdf` encrypted by qpdf with AES-256: `user` opens it, `owner` also allows changes.
 * An empty `user` password gives a PDF that opens without a password (owner restrictions only).
 */
export async function encryptedManual(user: string, owner: string): Promise<Uint8Array> {
  requireQpdf();
  const folder = await mkdtemp(join(tmpdir(), 'footnote-qpdf-'));
  const output = join(folder, 'encrypted.pdf');
  execFileSync('qpdf', ['--encrypt', user, owner, '256', '--', join(FIXTURES, 'manual.pdf'), output]);
  return new Uint8Array(await readFile(output));
}

/** `manual.pdf` with a pages-tree node among page 3's siblings whose only kid is itself. */
export async function circularPageTree(): Promise<Uint8Array> {
  const pdf = await PDFDocument.load(await fixture('manual.pdf'));
  const pagesRef = pdf.catalog.get(PDFName.of('Pages'));
  const pages = pdf.catalog.lookup(PDFName.of('Pages'), PDFDict);
  const loop = pdf.context.obj({ Type: 'Pages', Count: 1 });
  const loopRef = pdf.context.register(loop);
  loop.set(PDFName.of('Kids'), pdf.context.obj([loopRef]));
  if (pagesRef) loop.set(PDFName.of('Parent'), pagesRef);
  pages.lookup(PDFName.of('Kids'), PDFArray).insert(2, loopRef);
  pages.set(PDFName.of('Count'), PDFNumber.of(6));
  return pdf.save({ useObjectStreams: false });
}

/**
 * A committed fixture with a blank page put first (a cover) and, when `backCover`, one last:
 * blank pages the size of its first page, as a scanner or a layout program leaves them.
 */
export async function withBlankCovers(name: string, backCover = false): Promise<Uint8Array> {
  const pdf = await PDFDocument.load(await fixture(name));
  const { width, height } = pdf.getPage(0).getSize();
  pdf.insertPage(0, [width, height]);
  if (backCover) pdf.addPage([width, height]);
  return pdf.save({ useObjectStreams: false });
}

/** Writes `bytes` to a new temporary folder as `name`; returns the folder. */
export async function writeTemporary(files: Record<string, Uint8Array | string>): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'footnote-corpus-'));
  for (const [name, bytes] of Object.entries(files)) await writeFile(join(folder, name), bytes);
  return folder;
}
