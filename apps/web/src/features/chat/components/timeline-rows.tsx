import type { TMessage } from '@rounds/contracts/chat';
import { useTranslation } from 'react-i18next';
import { useTimelineText } from '../hooks/use-timeline-text';
import type { TTimelineItem } from '../lib/timeline';
import { LogNotes } from './log-notes';
import { TimelineRow } from './timeline-row';
import '../chat-texts';

type TTimelineRowsProps = {
  items: readonly TTimelineItem[];
  /** Whether the first page has come: the log's notes (its beginning, retention, empty) show only then. */
  loaded: boolean;
  hasOlder: boolean;
  retainedFrom: number | undefined;
  /** What an empty log says. */
  empty: string;
  /** Members' names by id; a name not there is a former member. */
  names: ReadonlyMap<string, string>;
  me: string | undefined;
  readByOthersSeq: number;
  selectedId: string | null;
  highlighted?: string | null;
  onSelect: (message: TMessage) => void;
};

/** The inside of a message log once loaded: its notes, then one TimelineRow per item. */
export function TimelineRows({ items, loaded, hasOlder, retainedFrom, empty, names, ...row }: TTimelineRowsProps) {
  const { t } = useTranslation('chat');
  const { language, systemLine, now, dayLabel } = useTimelineText();
  const nameOf = (userId: string) => names.get(userId) ?? t('priority.formerMember');
  return (
    <>
      {loaded && (
        <LogNotes
          hasOlder={hasOlder}
          retainedFrom={retainedFrom}
          count={items.length}
          empty={empty}
          language={language}
          now={now}
        />
      )}
      {items.map((item) => (
        <TimelineRow
          key={item.key}
          item={item}
          language={language}
          nameOf={nameOf}
          dayLabel={dayLabel}
          systemLine={systemLine}
          {...row}
        />
      ))}
    </>
  );
}
