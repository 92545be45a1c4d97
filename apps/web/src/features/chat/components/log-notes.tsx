import type { TLanguage } from '@rounds/contracts/common';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../lib/format-time';
import classes from './chat.module.css';
import '../chat-texts';

type TLogNotesProps = {
  hasOlder: boolean;
  /** The oldest day retention keeps, when it has removed older messages. */
  retainedFrom: number | undefined;
  /** How many rows the log shows. */
  count: number;
  /** What an empty log says. */
  empty: string;
  language: TLanguage;
  now: number;
};

/** The notes of a loaded message log: how far back it is kept, or its beginning; or that it is empty. */
export function LogNotes({ hasOlder, retainedFrom, count, empty, language, now }: TLogNotesProps) {
  const { t } = useTranslation('chat');
  return (
    <>
      {!hasOlder && retainedFrom !== undefined && (
        <p className={classes.logNote} data-testid="retention-line">
          {t('room.retainedFrom', { date: formatDate(retainedFrom, language, now) })}
        </p>
      )}
      {!hasOlder && retainedFrom === undefined && count > 0 && <p className={classes.logNote}>{t('room.beginning')}</p>}
      {count === 0 && <p className={classes.logNote}>{empty}</p>}
    </>
  );
}
