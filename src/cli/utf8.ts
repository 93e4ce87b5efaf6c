// A calculator's input is UTF-8 text (RFC 8259): bytes that are not are malformed input (exit 2), named by the
// offset of the first one, never decoded as U+FFFD and computed with. The log reader refuses them too.
import { isUtf8 } from 'node:buffer';
import { firstInvalidSequence } from '../schema/utf8.js';
import { InputError } from '../schema/validate.js';

/** The bytes as text, or an InputError at `$` naming the byte that begins the first invalid sequence. */
export function decodeUtf8(bytes: Uint8Array): string {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (isUtf8(buffer)) return buffer.toString('utf8');
  const offset = firstInvalidSequence(buffer);
  const byte = (buffer[offset] ?? 0).toString(16).padStart(2, '0');
  throw new InputError('$', `not valid UTF-8: byte 0x${byte} at offset ${offset}`);
}
