import type { Socket } from 'node:net';
import { Duplex, Transform, type TransformCallback } from 'node:stream';
import { MAX_READINGS_PAYLOAD_BYTES } from '@cowcare/contract/routes/ingest';

/**
 * The largest packet a readings message may make: the largest payload, and 64 KiB for the fixed header, the
 * topic (ours take under 100 bytes) and MQTT 5's properties.
 */
export const MAX_READINGS_PACKET_BYTES = MAX_READINGS_PAYLOAD_BYTES + 64 * 1024;

/** A CONNECT holds a client id, a username and a secret: a few hundred bytes. */
export const MAX_CONNECT_PACKET_BYTES = 64 * 1024;

/** Remaining lengths (MQTT 3.1.1 §2.2.3: the bytes after the fixed header) a connection may declare. */
export interface PacketSizeLimits {
  /** The first packet, the CONNECT: read before the gateway is known. */
  firstPacketBytes: number;
  /** Every later packet. */
  packetBytes: number;
}

export class PacketTooLargeError extends Error {
  constructor(
    readonly declaredBytes: number,
    readonly limitBytes: number,
  ) {
    super(`MQTT packet of ${declaredBytes} bytes, over the limit of ${limitBytes}`);
    this.name = 'PacketTooLargeError';
  }
}

/** The remaining length takes at most 4 bytes of 7 bits: a fifth is malformed, as large as none can be. */
const MAX_LENGTH_BYTES = 4;

/**
 * Follows the packets of an MQTT byte stream by their fixed headers (a byte of type and flags, then the
 * remaining length in 1-4 bytes) and fails on a packet whose declared length is over its limit, before its
 * body is read. Bytes pass through unchanged.
 */
export class PacketSizeGuard extends Transform {
  private bodyBytesLeft = 0;
  private readingLength = false;
  private declaredBytes = 0;
  private lengthBytes = 0;
  private packetsSeen = 0;

  constructor(private readonly limits: PacketSizeLimits) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    let offset = 0;
    while (offset < chunk.length) {
      if (this.bodyBytesLeft > 0) {
        const skipped = Math.min(this.bodyBytesLeft, chunk.length - offset);
        this.bodyBytesLeft -= skipped;
        offset += skipped;
      } else if (!this.readingLength) {
        offset += 1; // type and flags: the parser behind checks them
        this.readingLength = true;
        this.declaredBytes = 0;
        this.lengthBytes = 0;
      } else {
        const byte = chunk[offset] ?? 0;
        offset += 1;
        this.declaredBytes += (byte & 0x7f) * 128 ** this.lengthBytes;
        this.lengthBytes += 1;
        const more = (byte & 0x80) !== 0;
        if (more && this.lengthBytes < MAX_LENGTH_BYTES) continue;
        const limit = this.packetsSeen === 0 ? this.limits.firstPacketBytes : this.limits.packetBytes;
        if (more || this.declaredBytes > limit) {
          callback(new PacketTooLargeError(more ? Infinity : this.declaredBytes, limit));
          return;
        }
        this.readingLength = false;
        this.packetsSeen += 1;
        this.bodyBytesLeft = this.declaredBytes;
      }
    }
    callback(null, chunk);
  }
}

/**
 * The connection as the broker should read it: the socket's bytes through the size guard, the broker's
 * answers straight to the socket. Why: the MQTT parser (mqtt-packet, under Aedes 1.x) buffers a packet
 * whole before it looks at it, up to the protocol's 256 MB, and a client can declare that much in its
 * CONNECT, before any login; a few such connections would exhaust the server's memory. An oversized packet
 * destroys the connection (its socket included) and is reported through `onTooLarge`.
 */
export const withPacketSizeLimit = (
  socket: Socket,
  limits: PacketSizeLimits,
  onTooLarge: (error: PacketTooLargeError) => void,
): Duplex => {
  const guard = new PacketSizeGuard(limits);
  guard.once('error', (error) => {
    // The pair below ends its own side only; the socket must not stay open behind it.
    socket.destroy();
    if (error instanceof PacketTooLargeError) onTooLarge(error);
  });
  socket.pipe(guard);
  return Duplex.from({ readable: guard, writable: socket });
};
