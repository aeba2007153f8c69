/** What `fileDecodes` needs of an image element (a test passes its own). */
export interface DecodableImage {
  src: string;
  decode(): Promise<void>;
}

/**
 * Whether the browser can decode `file` as an image: a file named .jpg whose bytes are no image, or
 * a truncated one, is false. Checked before an upload, so such a file is refused where it is chosen
 * rather than shown as a broken image and refused by the server.
 */
export const fileDecodes = async (file: Blob, createImage: () => DecodableImage = () => new Image()): Promise<boolean> => {
  const url = URL.createObjectURL(file);
  try {
    const image = createImage();
    image.src = url;
    await image.decode();
    return true;
  } catch {
    return false;
  } finally {
    URL.revokeObjectURL(url);
  }
};
