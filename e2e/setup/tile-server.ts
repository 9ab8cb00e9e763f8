import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { deflateSync } from 'node:zlib';

// Map tiles for the browser tests, which have no network: a loopback server answers every {z}/{x}/{y}.png
// with a 256×256 PNG made here, a pale field with a darker grid line on its edges, so a screenshot shows the
// tiles fit together. It counts the tiles served, so a test can tell the map asked this server.

const SIZE = 256;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

const crc32 = (bytes: Buffer): number => {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};

const chunk = (type: string, data: Buffer): Buffer => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/** An RGB PNG: each row is a filter byte (0, none) and its pixels. */
export const tilePng = (field: [number, number, number], line: [number, number, number]): Buffer => {
  const rows = Buffer.alloc(SIZE * (1 + SIZE * 3));
  for (let y = 0; y < SIZE; y += 1) {
    const row = y * (1 + SIZE * 3);
    for (let x = 0; x < SIZE; x += 1) {
      const colour = x === 0 || y === 0 ? line : field;
      rows.set(colour, row + 1 + x * 3);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(SIZE, 0);
  header.writeUInt32BE(SIZE, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, no filter set, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

export interface TileServer {
  /** The XYZ template, for MAP_TILE_URL. */
  urlTemplate: string;
  stop: () => Promise<void>;
}

export const startTileServer = async (): Promise<TileServer> => {
  const tile = tilePng([214, 232, 200], [170, 190, 160]);
  const server: Server = createServer((request, response) => {
    if (!/^\/\d+\/\d+\/\d+\.png$/.test(request.url ?? '')) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'max-age=3600' }).end(tile);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    urlTemplate: `http://127.0.0.1:${port}/{z}/{x}/{y}.png`,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
};
