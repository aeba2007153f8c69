import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';

export type Part =
  | { name: string; value: string }
  | { name: string; filename: string; contentType: string; data: Buffer };

/** A multipart/form-data body built by hand, so a test controls every byte (and every lie). */
export const multipart = (parts: Part[]): { payload: Buffer; headers: Record<string, string> } => {
  const boundary = `----le-test-${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('data' in part) {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType}\r\n\r\n`,
        ),
        part.data,
        Buffer.from('\r\n'),
      );
    } else {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
};

export const imageFile = (name: string, data: Buffer, filename = 'photo.jpg', contentType = 'image/jpeg'): Part => ({
  name,
  filename,
  contentType,
  data,
});

/** A real JPEG with some noise (so it is not trivially small) and, optionally, EXIF. */
export const makeJpeg = async (width = 64, height = 64, exif = false): Promise<Buffer> => {
  const noise = randomBytes(width * height * 3);
  let image = sharp(noise, { raw: { width, height, channels: 3 } }).jpeg({ quality: 80 });
  if (exif) image = image.withExif({ IFD0: { Copyright: 'secret-owner', Artist: 'Camera Person' } });
  return image.toBuffer();
};

export const makePng = (width = 32, height = 32): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 4, background: { r: 200, g: 160, b: 20, alpha: 1 } } }).png().toBuffer();

export const makeWebp = (width = 32, height = 32): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 60, b: 200 } } }).webp().toBuffer();

const crc32 = (data: Buffer): number => zlib.crc32(data);

const pngChunk = (type: string, data: Buffer): Buffer => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
};

/**
 * A valid PNG of width × height, 1-bit grey, all black: a few hundred KB on the wire that would be
 * gigabytes once decoded (a decompression bomb).
 */
export const makePngBomb = (width: number, height: number): Buffer => {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const rowBytes = Math.ceil(width / 8) + 1;
  const raw = Buffer.alloc(rowBytes * height); // filter 0, all zero pixels
  const idat = zlib.deflateSync(raw, { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', idat),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
};

/** The files in DATA_DIR/uploads (empty when the folder does not exist yet). */
export const storedUploads = async (dataDir: string): Promise<string[]> => {
  try {
    return (await readdir(path.join(dataDir, 'uploads'))).sort();
  } catch {
    return [];
  }
};
