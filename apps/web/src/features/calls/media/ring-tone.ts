/**
 * The ringing sound of an incoming call: a two-tone ring (440 + 480 Hz, 1.2 s on, 2.8 s off) made with
 * WebAudio, so nothing is downloaded. A browser that refuses sound without a user gesture (autoplay policy)
 * keeps the context suspended: the ring then starts at the user's next click or key, or never, silently.
 */

const RING_ON_S = 1.2;
const PERIOD_MS = 4_000;
const VOLUME = 0.08;

let ringing: { context: AudioContext; timer: ReturnType<typeof setInterval>; unlock: () => void } | null = null;

export function startRingTone(): void {
  if (ringing || typeof AudioContext === 'undefined') return;
  let context: AudioContext;
  try {
    context = new AudioContext();
  } catch {
    return;
  }
  const gain = context.createGain();
  gain.gain.value = 0;
  gain.connect(context.destination);
  for (const frequency of [440, 480]) {
    const oscillator = context.createOscillator();
    oscillator.frequency.value = frequency;
    oscillator.connect(gain);
    oscillator.start();
  }
  const ring = () => {
    const at = context.currentTime;
    gain.gain.setValueAtTime(VOLUME, at);
    gain.gain.setValueAtTime(0, at + RING_ON_S);
  };
  ring();
  const unlock = () => void context.resume().catch(() => undefined);
  unlock();
  window.addEventListener('pointerdown', unlock, true);
  window.addEventListener('keydown', unlock, true);
  ringing = { context, timer: setInterval(ring, PERIOD_MS), unlock };
}

export function stopRingTone(): void {
  if (!ringing) return;
  const { context, timer, unlock } = ringing;
  ringing = null;
  clearInterval(timer);
  window.removeEventListener('pointerdown', unlock, true);
  window.removeEventListener('keydown', unlock, true);
  void context.close().catch(() => undefined);
}
