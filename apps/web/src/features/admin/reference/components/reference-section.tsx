import type { TReferenceSection } from '../reference-sections';
import { ReferenceEditPage } from './reference-edit-page';
import { ReferenceListPage } from './reference-list-page';

/** One reference section of administration: its list, or one item's page when the path names an id. */
export function ReferenceSection({ section, id }: { section: TReferenceSection; id: string | undefined }) {
  // Keyed by item: moving from 'new' to the created id starts the page afresh.
  return id ? <ReferenceEditPage key={id} section={section} id={id} /> : <ReferenceListPage section={section} />;
}
