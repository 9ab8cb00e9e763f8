import type { Socket } from 'node:net';
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
 * remaining length in 1-4 bytes), chunk by chunk, and finds a packet whose declared length is over its limit
 * as soon as its length is read, before its body.
 */
export class PacketSizeTracker {
  private bodyBytesLeft = 0;
  private readingLength = false;
  private declaredBytes = 0;
  private lengthBytes = 0;
  private packetsSeen = 0;

  constructor(private readonly limits: PacketSizeLimits) {}

  /** The next chunk of the stream: the refusal of a packet over its limit, if the chunk holds one. */
  check(chunk: Buffer): PacketTooLargeError | undefined {
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
          return new PacketTooLargeError(more ? Infinity : this.declaredBytes, limit);
        }
        this.readingLength = false;
        this.packetsSeen += 1;
        this.bodyBytesLeft = this.declaredBytes;
      }
    }
    return undefined;
  }
}

/**
 * Makes every read of the socket pass the size tracker: a chunk that holds a packet over its limit is never
 * handed on, and the socket is destroyed. Why: the MQTT parser (mqtt-packet, under Aedes 1.x) buffers a
 * packet whole before it looks at it, up to the protocol's 256 MB, and a client can declare that much in its
 * CONNECT, before any login; a few such connections would exhaust the server's memory.
 *
 * Why the reads and not a stream stage between the socket and the broker (the first version): a stage
 * costs every message of every gateway extra event-loop turns on the thread the alerts share. The alert
 * benchmark could not tell the two apart, nor either from no guard (bench/alert-latency/ANALYSIS.md), so the
 * one that adds no turns is kept. Paused readers (Aedes calls `read`) and flowing ones (`'data'` is fed by
 * `read` too) both go through it.
 */
export const limitPacketSize = (
  socket: Socket,
  limits: PacketSizeLimits,
  onTooLarge: (error: PacketTooLargeError) => void,
): void => {
  const tracker = new PacketSizeTracker(limits);
  const read = socket.read.bind(socket);
  socket.read = (size?: number): unknown => {
    const chunk: unknown = read(size);
    const refusal = Buffer.isBuffer(chunk) ? tracker.check(chunk) : undefined;
    if (refusal === undefined) return chunk;
    socket.destroy();
    onTooLarge(refusal);
    return null;
  };
};
