/**
 * The message sound (spec doc 1 section 9), made with WebAudio rather than shipped as a file: two soft
 * rising notes, about a quarter of a second, quiet enough for a ward at night. Browsers start audio only
 * after a user gesture, so the context is created (or resumed) by unlockSound on the first click or key.
 */
let context: AudioContext | null = null;

function audioContext(): AudioContext | null {
  if (context) return context;
  const Context = globalThis.AudioContext;
  if (!Context) return null;
  try {
    context = new Context();
  } catch {
    return null;
  }
  return context;
}

export function unlockSound(): void {
  const audio = audioContext();
  if (audio?.state === 'suspended') void audio.resume().catch(() => undefined);
}

export function playMessageSound(): void {
  const audio = audioContext();
  if (audio?.state !== 'running') return;
  const start = audio.currentTime + 0.01;
  const notes: [frequency: number, at: number][] = [
    [880, 0],
    [1320, 0.11],
  ];
  for (const [frequency, at] of notes) {
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.value = frequency;
    // A quick attack and an exponential fade: a chime, not a beep.
    gain.gain.setValueAtTime(0.0001, start + at);
    gain.gain.exponentialRampToValueAtTime(0.18, start + at + 0.015);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + at + 0.16);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start(start + at);
    oscillator.stop(start + at + 0.18);
  }
}

/**
 * An URGENT alert (and each repeat of it until acknowledged) also vibrates where the device can: a phone in a
 * pocket with the sound off. Browsers allow it only after the user has touched the page, like the sound.
 */
export function vibrateUrgent(): void {
  try {
    navigator.vibrate?.([400, 150, 400, 150, 400]);
  } catch {
    // No vibration here (a desktop, or not yet allowed): the sound and the card remain.
  }
}
