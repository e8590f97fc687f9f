/**
 * How an agent hears of a new conversation: a short tone (Web Audio, no sound file to load) and, when
 * the agent allowed it, a browser notification. Browsers only ask for that permission after a click,
 * so the console asks from a button, never on load.
 */

let audio: AudioContext | null = null;

/** Two short rising notes. Quiet when the browser has no Web Audio or has not been clicked yet. */
export function playChime(): void {
  const Context = globalThis.AudioContext;
  if (!Context) return;
  try {
    audio ??= new Context();
    const now = audio.currentTime;
    for (const [offset, frequency] of [
      [0, 880],
      [0.18, 1320],
    ] as const) {
      const oscillator = audio.createOscillator();
      const gain = audio.createGain();
      oscillator.type = 'sine';
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, now + offset);
      gain.gain.exponentialRampToValueAtTime(0.2, now + offset + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + offset + 0.16);
      oscillator.connect(gain).connect(audio.destination);
      oscillator.start(now + offset);
      oscillator.stop(now + offset + 0.17);
    }
  } catch {
    // A browser that refuses audio before a gesture: the notification and the badge still tell.
  }
}

export type NotifyPermission = NotificationPermission | 'unsupported';

export function notificationPermission(): NotifyPermission {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

/** Called from the agent's click: the browser shows its question once, and remembers the answer. */
export async function askNotificationPermission(): Promise<NotifyPermission> {
  if (typeof Notification === 'undefined') return 'unsupported';
  // A click also unlocks audio in browsers that hold it until a gesture.
  if (globalThis.AudioContext) audio ??= new AudioContext();
  return Notification.requestPermission();
}

/** The tone, and a notification when allowed; clicking it brings the console's tab forward. */
export function alertNewConversation(title: string, body: string, onOpen?: () => void): void {
  playChime();
  if (notificationPermission() !== 'granted') return;
  try {
    const notification = new Notification(title, { body, tag: 'chat-new-conversation' });
    notification.onclick = () => {
      globalThis.focus?.();
      onOpen?.();
      notification.close();
    };
  } catch {
    // Some browsers only notify from a service worker; the tone has played.
  }
}
