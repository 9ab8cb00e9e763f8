import { constants, crc32, deflateRawSync } from 'node:zlib';

// A large answer that changes a little at a time is compressed a piece at a time, each piece once: a piece
// deflated with a sync flush ends on a byte boundary with no final block, so pieces deflated apart can be
// laid end to end into one deflate stream (as pigz does), closed by an empty final block and wrapped in a
// gzip header and trailer. Only the changed pieces are compressed again.

/** gzip's header: deflate, no name, no time, unknown system. */
const HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff]);
/** An empty final block with fixed codes: the end of the deflate stream. */
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);

/** One piece's deflated bytes, ready to be laid after any other piece's. */
export const deflatePiece = (raw: Buffer): Buffer =>
  deflateRawSync(raw, { finishFlush: constants.Z_SYNC_FLUSH });

/** The gzip file of the pieces' raw bytes, from their deflated bytes (the CRC needs the raw ones). */
export const gzipOfPieces = (pieces: readonly { raw: Buffer; deflated: Buffer }[]): Buffer => {
  let checksum = 0;
  let length = 0;
  for (const piece of pieces) {
    checksum = crc32(piece.raw, checksum);
    length += piece.raw.length;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(checksum >>> 0, 0);
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  return Buffer.concat([HEADER, ...pieces.map((piece) => piece.deflated), FINAL_BLOCK, trailer]);
};
