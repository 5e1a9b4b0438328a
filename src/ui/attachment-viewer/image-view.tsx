export interface ImageViewProps {
  name: string;
  /** A decrypted image (data: or blob: URL). */
  src: string;
}

export function ImageView({ name, src }: ImageViewProps) {
  return (
    <figure className="attachment-media attachment-media--image">
      <img src={src} alt={name} className="attachment-media__image" data-testid="attachment-image" />
    </figure>
  );
}
