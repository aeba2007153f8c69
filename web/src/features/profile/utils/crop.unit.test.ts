import { UI_TEXT } from '@le/contracts';
import { describe, expect, it } from 'vitest';
import { decodeImage, type DecodableImage } from './crop';

/** A file that does not decode never reaches the cropper; it says "Failed to read the image file.". */
const image = (decodes: boolean) => {
  const made: DecodableImage = {
    src: '',
    decode: () => (decodes ? Promise.resolve() : Promise.reject(new DOMException('The source image cannot be decoded.', 'EncodingError'))),
  };
  return made;
};

describe('decodeImage', () => {
  it('resolves for an image the browser decodes, on the source it was given', async () => {
    const decoded = image(true);
    await expect(decodeImage('data:image/jpeg;base64,/9j/', () => decoded)).resolves.toBeUndefined();
    expect(decoded.src).toBe('data:image/jpeg;base64,/9j/');
  });

  it('rejects with spec §5 "Failed to read the image file." when it does not decode', async () => {
    await expect(decodeImage('data:image/jpeg;base64,AAAA', () => image(false))).rejects.toThrow(UI_TEXT.imageReadFailed);
    expect(UI_TEXT.imageReadFailed).toBe('Failed to read the image file.');
  });
});
