import zlib from 'node:zlib';

/**
 * A gzip answer put together from pieces compressed once and short values stored as they are:
 * how a shared rendering goes out to each reader without compressing the whole page again.
 *
 * Each piece is raw deflate ending on a full flush, so it is byte-aligned and refers to nothing
 * before it; a value between two pieces travels in a stored (uncompressed) block of its own. Laid
 * end to end, with the gzip header, an empty last block and the checksum of all the bytes, they
 * are one valid gzip stream. Per request this costs a checksum over the page, not a compression.
 */

/** gzip's header: deflate, no name or time, unknown system. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);
/** An empty last block, ending a deflate stream. */
const LAST_BLOCK = zlib.deflateRawSync(Buffer.alloc(0));
/** The most bytes one stored block holds. */
const STORED_BLOCK_MAX = 0xffff;

/** A piece compressed once, to be laid between values (see above). */
export function deflatePiece(piece: Buffer): Buffer {
  return zlib.deflateRawSync(piece, { finishFlush: zlib.constants.Z_FULL_FLUSH });
}

/** `value` as stored deflate blocks (not the last), starting and ending on a byte boundary. */
function storedBlocks(value: Buffer): Buffer[] {
  const blocks: Buffer[] = [];
  for (let start = 0; start < value.length; start += STORED_BLOCK_MAX) {
    const chunk = value.subarray(start, start + STORED_BLOCK_MAX);
    const header = Buffer.alloc(5);
    // BFINAL 0, BTYPE 00 (stored), padded to the byte; then LEN and its one's complement.
    header.writeUInt16LE(chunk.length, 1);
    header.writeUInt16LE(~chunk.length & 0xffff, 3);
    blocks.push(header, chunk);
  }
  return blocks;
}

/** A long value between two pieces, compressed once like a piece (deflatePiece). */
export interface DeflatedValue {
  raw: Buffer;
  deflated: Buffer;
}

/**
 * The gzip form of `pieces[0] + between[0] + pieces[1] + … + pieces[n]`, given `deflated[i]`,
 * the piece `pieces[i]` compressed by deflatePiece. A value between is stored as it is, or sent
 * compressed when it comes compressed once (a long list, `DeflatedValue`).
 */
export function gzipSplice(
  pieces: Buffer[],
  deflated: Buffer[],
  between: (Buffer | DeflatedValue)[],
): Buffer {
  if (deflated.length !== pieces.length || between.length !== pieces.length - 1) {
    throw new Error('gzipSplice needs one value between each two pieces');
  }
  const parts: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let length = 0;
  for (const [index, piece] of pieces.entries()) {
    if (index > 0) {
      const entry = between[index - 1] as Buffer | DeflatedValue;
      const value = Buffer.isBuffer(entry) ? entry : entry.raw;
      if (Buffer.isBuffer(entry)) parts.push(...storedBlocks(value));
      else parts.push(entry.deflated);
      crc = zlib.crc32(value, crc);
      length += value.length;
    }
    parts.push(deflated[index] as Buffer);
    crc = zlib.crc32(piece, crc);
    length += piece.length;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  parts.push(LAST_BLOCK, trailer);
  return Buffer.concat(parts);
}
