// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { render } from '@/lib/test-render';
import { CropDialog } from './crop-dialog';

/** An image the dialog cannot show closes it through its owner, never a broken image and a cropper that never gets ready. */
let unmount = () => undefined as void;
afterEach(() => unmount());

describe('CropDialog', () => {
  it('calls onImageError when its image fails to load', async () => {
    const onImageError = vi.fn();
    const view = render(
      <CropDialog
        source="data:image/jpeg;base64,AAAA"
        title="Crop your profile photo"
        aspectRatio={1}
        fileName="profile.jpg"
        maxSide={512}
        onCropped={async () => undefined}
        onClose={() => undefined}
        onImageError={onImageError}
      />,
    );
    unmount = view.unmount;
    const image = await vi.waitFor(() => {
      const found = document.body.querySelector<HTMLImageElement>('img[alt="The image to crop"]');
      if (!found) throw new Error('the dialog has not drawn its image yet');
      return found;
    });
    expect(onImageError).not.toHaveBeenCalled();
    act(() => {
      image.dispatchEvent(new Event('error'));
    });
    expect(onImageError).toHaveBeenCalledOnce();
  });
});
