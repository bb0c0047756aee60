/**
 * A photo from the phone's camera, made small enough to wait on the device and go over a weak
 * signal: at most 1600 px on its longer side and about 300 KB, as JPEG.
 */
import { PHOTO_MAX_SIDE, PHOTO_TARGET_BYTES } from '../domain/tracking-changes';

function toBlob(canvas: HTMLCanvasElement, quality: number): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('A foto não pôde ser preparada.'))),
      'image/jpeg',
      quality,
    ),
  );
}

export async function shrinkPhoto(file: Blob): Promise<Blob> {
  const image = await createImageBitmap(file);
  const scale = Math.min(1, PHOTO_MAX_SIDE / Math.max(image.width, image.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(image.width * scale));
  canvas.height = Math.max(1, Math.round(image.height * scale));
  canvas.getContext('2d')!.drawImage(image, 0, 0, canvas.width, canvas.height);
  image.close();
  // Lower the quality step by step until it fits; a plain photo fits at the first or second try.
  let blob = await toBlob(canvas, 0.8);
  for (const quality of [0.65, 0.5, 0.4, 0.3]) {
    if (blob.size <= PHOTO_TARGET_BYTES) break;
    blob = await toBlob(canvas, quality);
  }
  return blob;
}
