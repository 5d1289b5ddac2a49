// The member's picture, or their initials on a coloured disc when there is none.
import { profileText } from '../../../contract/messages.js';
import { imageUrl } from '../../lib/images.js';
import styles from './profile.module.css';

export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words.at(-1)] : words;
  return letters.map((word) => word?.charAt(0).toUpperCase() ?? '').join('') || '?';
}

export function Avatar({
  name,
  image,
  size = 'large',
}: {
  name: string;
  image: string | null;
  size?: 'large' | 'medium';
}) {
  const url = imageUrl(image);
  const className = `${styles.avatar} ${size === 'large' ? styles.avatarLarge : styles.avatarMedium}`;
  if (url) return <img className={className} src={url} alt={profileText.image} width={160} height={160} />;
  return (
    <span className={`${className} ${styles.initials}`} role="img" aria-label={profileText.noImage}>
      <span aria-hidden="true">{initials(name)}</span>
    </span>
  );
}
