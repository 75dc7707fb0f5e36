const INPUT_EVENTS = ["pointerdown", "keydown"] as const;
// The same options to add and to remove: browsers match a removal on `capture` alone, Node's
// EventTarget (the unit tests') on the passive flag too.
const LISTENING = { capture: true, passive: true } as const;

/**
 * Runs `start` once, at the person's first pointer or key press on `target`; returns what stops
 * waiting. What no first screen shows but an action may need (the toasts' and dialogs' code, issue
 * #13) downloads then: not while the page loads, where its work fell in the first seconds a slow
 * phone spends on the first screen, yet before an action's answer comes back with its toast.
 */
export function onFirstInput(start: () => void, target: EventTarget = window): () => void {
  const stop = () => {
    for (const type of INPUT_EVENTS) target.removeEventListener(type, run, LISTENING);
  };
  function run() {
    stop();
    start();
  }
  for (const type of INPUT_EVENTS) target.addEventListener(type, run, LISTENING);
  return stop;
}
