// The image thumbnail of a catalogue row.
import { adminCatalogueText as t } from '../../../../contract/messages.js';
import { imageUrl } from '../../../lib/images.js';
import type { Column } from '../../../ui/listing/ListingTable.js';
import styles from './catalogue.module.css';

export function Thumbnail({ path, alt }: { path: string | null; alt: string }) {
  const url = imageUrl(path);
  if (!url) return <span className={styles.noImage}>{t.noImage}</span>;
  return <img src={url} alt={alt} width={56} height={56} decoding="async" />;
}

/** The 'Image' column of a catalogue table: the row's image, named for its title. */
export function imageColumn<Row extends { image: string | null; title: string }>(): Column<Row> {
  return { header: t.image, cell: (row) => <Thumbnail path={row.image} alt={t.imageAlt(row.title)} />, narrow: true };
}
