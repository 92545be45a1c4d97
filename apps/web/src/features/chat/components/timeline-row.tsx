import type { TMessage } from '@rounds/contracts/chat';
import type { TLanguage } from '@rounds/contracts/common';
import type { TTimelineItem } from '../lib/timeline';
import { CallLines } from './call-lines';
import classes from './chat.module.css';
import { MessageBubble, PendingBubble } from './message-bubble';

type TTimelineRowProps = {
  item: TTimelineItem;
  language: TLanguage;
  me: string | undefined;
  nameOf: (userId: string) => string;
  dayLabel: (at: number) => string;
  systemLine: (message: TMessage) => string;
  /** The seq up to which everyone else has read (the read tick of one's own messages). */
  readByOthersSeq: number;
  selectedId: string | null;
  highlighted?: string | null;
  onSelect: (message: TMessage) => void;
};

/**
 * One line of a room's history as built by buildTimeline: a day separator, a system line, a call's lines, a
 * message or a send still waiting. The room's message list and the read-only break-glass view draw the same.
 */
export function TimelineRow({
  item,
  language,
  me,
  nameOf,
  dayLabel,
  systemLine,
  readByOthersSeq,
  selectedId,
  highlighted,
  onSelect,
}: TTimelineRowProps) {
  switch (item.kind) {
    case 'day':
      return <div className={classes.day}>{dayLabel(item.at)}</div>;
    case 'system':
      return (
        <p className={classes.system} data-message-id={item.message.id}>
          {systemLine(item.message)}
        </p>
      );
    case 'call':
      return <CallLines messages={item.messages} systemLine={systemLine} language={language} />;
    case 'message':
      return (
        <MessageBubble
          message={item.message}
          own={item.own}
          read={item.own && item.message.seq <= readByOthersSeq}
          showAuthor={item.showAuthor}
          selected={item.message.id === selectedId}
          language={language}
          me={me}
          nameOf={nameOf}
          highlighted={item.message.id === highlighted}
          onSelect={onSelect}
        />
      );
    default:
      return <PendingBubble entry={item.entry} language={language} />;
  }
}
