import type { CSSProperties } from 'react';
import { useProtectedImage } from './api/get-protected-image';

/** An entity's saved logo, loaded with the session's token; nothing while it loads or when it cannot be read. */
export function ProtectedLogo({ url, alt, style }: { url: string; alt: string; style?: CSSProperties }) {
  const image = useProtectedImage(url);
  return image.src ? <img src={image.src} alt={alt} style={style} /> : null;
}
