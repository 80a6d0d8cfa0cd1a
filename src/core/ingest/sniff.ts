/**
 * Magic numbers: what a file really is, whatever its name says. Used to refuse binary files
 * named `.txt` and to name the container of a file that is not a `.docx`. Only signatures that
 * no real text starts with are listed (no `MZ`: a manual may begin "MZ-480"); executables
 * without one are caught by their zero bytes.
 */

/** A binary file type recognised by its first bytes. */
export interface BinaryKind {
  /** Short name for messages: `PNG image`, `ZIP archive`… */
  name: string;
}

const SIGNATURES: readonly { name: string; bytes: readonly number[] }[] = [
  { name: 'PDF document', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] },
  { name: 'PNG image', bytes: [0x89, 0x50, 0x4e, 0x47] },
  { name: 'JPEG image', bytes: [0xff, 0xd8, 0xff] },
  { name: 'GIF image', bytes: [0x47, 0x49, 0x46, 0x38, 0x39, 0x61] },
  { name: 'GIF image', bytes: [0x47, 0x49, 0x46, 0x38, 0x37, 0x61] },
  { name: 'ZIP archive', bytes: [0x50, 0x4b, 0x03, 0x04] },
  { name: 'ZIP archive', bytes: [0x50, 0x4b, 0x05, 0x06] },
  { name: 'GZIP archive', bytes: [0x1f, 0x8b] },
  { name: 'ELF executable', bytes: [0x7f, 0x45, 0x4c, 0x46] },
  { name: 'OLE compound file', bytes: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1] },
  { name: 'WebAssembly module', bytes: [0x00, 0x61, 0x73, 0x6d] },
];

/** True when `bytes` begins with `prefix`. */
export function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  if (bytes.length < prefix.length) return false;
  return prefix.every((byte, index) => bytes[index] === byte);
}

/** The binary type `bytes` starts like, or undefined for anything else (text included). */
export function sniffBinary(bytes: Uint8Array): BinaryKind | undefined {
  const match = SIGNATURES.find((signature) => startsWith(bytes, signature.bytes));
  return match ? { name: match.name } : undefined;
}

/** True when `bytes` is an OLE compound file: a legacy `.doc`, or an encrypted Office file. */
export function isOleFile(bytes: Uint8Array): boolean {
  return startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
}

/** True when `bytes` starts like a ZIP archive (a local file header or an empty archive). */
export function isZipFile(bytes: Uint8Array): boolean {
  return startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06]);
}

/** True when `bytes` starts like an RTF document (`{\rtf`). */
export function isRtfFile(bytes: Uint8Array): boolean {
  return startsWith(bytes, [0x7b, 0x5c, 0x72, 0x74, 0x66]);
}
