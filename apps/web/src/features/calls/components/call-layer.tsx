import { VisuallyHidden } from '@mantine/core';
import { SERVER_EVENTS } from '@rounds/contracts/events';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session-store';
import { subscribe, tabUuid } from '../../../lib/socket';
import { watchCallConnectivity } from '../call-connectivity';
import { activeCall, incomingCalls, useCalls } from '../call-store';
import { followCall, listenForSignals, stopMedia } from '../media/call-media';
import { startRingTone, stopRingTone } from '../media/ring-tone';
import { ActiveCall } from './active-call';
import classes from './call-layer.module.css';
import { RingingCard, ringingName, shortcutTexts } from './ringing-card';
import '../calls-texts';

const CALL_EVENTS = [
  SERVER_EVENTS.CallInitialized,
  SERVER_EVENTS.CallAccepted,
  SERVER_EVENTS.CallDeclined,
  SERVER_EVENTS.CallEnded,
  SERVER_EVENTS.CallUpdated,
] as const;

/**
 * The call overlay (doc 2 section 2), over every signed-in screen: the calls ringing for this user and the
 * call this tab is in, whose media it follows.
 */
export default function CallLayer() {
  const { t } = useTranslation('calls');
  const me = useSession((s) => s.user?.id);
  const calls = useCalls((s) => s.calls);
  const tab = tabUuid();

  useEffect(() => {
    const offs = CALL_EVENTS.map((event) => subscribe(event, ({ call }) => useCalls.getState().upsert(call)));
    offs.push(listenForSignals());
    // What rang or ran while this tab was away (first load, reconnection), and the offline rules.
    offs.push(watchCallConnectivity(() => useSession.getState().user?.id));
    return () => {
      for (const off of offs) off();
      useCalls.getState().clear();
      stopMedia();
    };
  }, []);

  const active = me ? activeCall(calls, me, tab) : undefined;
  useEffect(() => {
    if (active && me) void followCall(active, { userId: me, tabId: tab });
    else stopMedia();
  }, [active, me, tab]);

  const incoming = incomingCalls(calls, me);
  // The ring sounds while a call rings for this user and this tab is in no call; answering, declining, the
  // caller giving up or another tab answering all take the card away, and the sound with it.
  const ringing = incoming.length > 0 && !active;
  useEffect(() => {
    if (ringing) startRingTone();
    else stopRingTone();
  }, [ringing]);
  useEffect(() => stopRingTone, []);
  const first = ringing ? incoming[0] : undefined;
  return (
    <>
      {/* Always there, so a screen reader hears a call ring wherever focus stayed (someone typing keeps it). */}
      <VisuallyHidden aria-live="assertive" aria-atomic="true" data-call-announcer>
        {first ? `${ringingName(first, t)}. ${t('shortcuts.hint', shortcutTexts(t))}` : ''}
      </VisuallyHidden>
      {me && (active || incoming.length > 0) && (
        <div className={classes.layer}>
          {active && <ActiveCall call={active} me={me} />}
          {incoming.map((call, i) => (
            <RingingCard key={call.id} call={call} large={i === 0 && !active} />
          ))}
        </div>
      )}
    </>
  );
}
