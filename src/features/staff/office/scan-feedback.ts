/**
 * The answer to each label read while loading a van, heard and felt: the office's eyes are on the
 * parcels, not on the screen. A high short tone when the parcel goes in, a low double tone when it
 * must be put aside; a vibration too where the device has one.
 */

type Tone = { hz: number; start: number; seconds: number };

const LOADED: Tone[] = [{ hz: 1320, start: 0, seconds: 0.12 }];
const REFUSED: Tone[] = [
  { hz: 220, start: 0, seconds: 0.14 },
  { hz: 220, start: 0.2, seconds: 0.14 },
];

let audio: AudioContext | null = null;

/**
 * Make the sound ready: called from a tap ('Começar'), since browsers let a page make sound only
 * after one. One context for the page's life (browsers allow only a few).
 */
export function prepareSound(): void {
  try {
    const Context =
      window.AudioContext ??
      (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Context) return;
    audio ??= new Context();
    void audio.resume().catch(() => undefined);
  } catch {
    // No sound on this device: the line on screen and the vibration still answer.
  }
}

function play(tones: Tone[]): void {
  if (!audio) return;
  try {
    if (audio.state === 'suspended') void audio.resume().catch(() => undefined);
    const now = audio.currentTime;
    for (const tone of tones) {
      const oscillator = audio.createOscillator();
      const gain = audio.createGain();
      oscillator.type = 'square';
      oscillator.frequency.value = tone.hz;
      // Faded in and out over a few milliseconds: a cut-off square wave clicks.
      const from = now + tone.start;
      const to = from + tone.seconds;
      gain.gain.setValueAtTime(0, from);
      gain.gain.linearRampToValueAtTime(0.15, from + 0.01);
      gain.gain.setValueAtTime(0.15, to - 0.02);
      gain.gain.linearRampToValueAtTime(0, to);
      oscillator.connect(gain).connect(audio.destination);
      oscillator.start(from);
      oscillator.stop(to);
    }
  } catch {
    // A sound that could not be made is not worth stopping the loading for.
  }
}

/** Answer a read: loaded (true) or put aside (false). */
export function answerRead(loaded: boolean): void {
  play(loaded ? LOADED : REFUSED);
  if (typeof navigator.vibrate === 'function') {
    try {
      navigator.vibrate(loaded ? 60 : [120, 80, 120]);
    } catch {
      // Some browsers refuse vibration without a recent tap: the sound and the line answer.
    }
  }
}
