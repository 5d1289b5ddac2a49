// Star rating for display: 25 px by default, the value read out as text.
import { text } from '../../contract/messages.js';

export function Stars({ value, size = 25 }: { value: number; size?: number }) {
  const rounded = Math.round(value * 2) / 2;
  return (
    <span className="stars" role="img" aria-label={text.rated(value.toFixed(1))} style={{ fontSize: size * 0.8 }}>
      {[1, 2, 3, 4, 5].map((n) => (
        <span
          key={n}
          aria-hidden="true"
          className={n <= rounded ? 'star on' : n - 0.5 === rounded ? 'star half' : 'star'}
        >
          ★
        </span>
      ))}
    </span>
  );
}
