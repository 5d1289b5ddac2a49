// The map pin of the location buttons.
import { Icon } from '../../ui/Icon.js';
import styles from './places.module.css';

export function PinIcon() {
  return (
    <Icon
      size={18}
      path="M12 2a7 7 0 0 0-7 7c0 5.2 7 13 7 13s7-7.8 7-13a7 7 0 0 0-7-7zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5z"
      className={styles.pin}
    />
  );
}
