// Star rating for display: 25 px by default, 18 px `small` (in lists of reviews), the value read
// out as text. Sizes are classes, not style attributes: public pages come from the server as HTML,
// whose CSP allows no inline style.
import { text } from '../../contract/messages.js';

export function Stars({ value, small = false }: { value: number; small?: boolean }) {
  const rounded = Math.round(value * 2) / 2;
  return (
    <span className={small ? 'stars small' : 'stars'} role="img" aria-label={text.rated(value.toFixed(1))}>
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
