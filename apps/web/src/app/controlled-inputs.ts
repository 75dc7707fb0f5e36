import { options } from "preact";

/**
 * React's controlled inputs, under Preact (the web runs on preact/compat, docs/decisions.md #13).
 *
 * React puts a controlled input back to its `value` / `checked` prop after every event, so a
 * handler that refuses a change (a switch that asks first and is told "no", a role select whose
 * confirmation is cancelled) leaves the screen showing what is saved. Preact only writes the prop
 * when the component renders again, and a refused change renders nothing: the switch would stay on
 * while the setting is off. This restores React's rule for every input, select and textarea given
 * a `value` or `checked` prop: after the event's handlers and the re-render they cause, an element
 * whose DOM state differs from its last rendered prop is put back to that prop. Uncontrolled fields
 * (react-hook-form's `register`, Mantine's `defaultValue`) have no such prop and are left alone.
 *
 * `__e` is the rendered element of a vnode in Preact 10's published build (its `_dom`, mangled:
 * the name compat's own hooks use); preact is pinned to 10.x in package.json.
 */
type Controlled = { value?: unknown; checked?: unknown };

const rendered = new WeakMap<Element, Controlled>();
const FORM_ELEMENTS = new Set(["input", "select", "textarea"]);

function controlledProps(props: Record<string, unknown>): Controlled | undefined {
  const controlled: Controlled = {};
  if (typeof props.checked === "boolean") controlled.checked = props.checked;
  // null/undefined is React's uncontrolled value; an array is a <select multiple>, not ours.
  if (props.value != null && !Array.isArray(props.value) && props.type !== "file") controlled.value = props.value;
  return "checked" in controlled || "value" in controlled ? controlled : undefined;
}

function restore(element: Element): void {
  const props = rendered.get(element);
  if (!props) return;
  const field = element as HTMLInputElement;
  if (props.checked !== undefined && field.checked !== props.checked) field.checked = props.checked as boolean;
  if (props.value !== undefined && field.value !== String(props.value)) field.value = String(props.value);
}

const previousDiffed = options.diffed;
options.diffed = (vnode) => {
  previousDiffed?.(vnode);
  if (typeof vnode.type !== "string" || !FORM_ELEMENTS.has(vnode.type)) return;
  const element = (vnode as unknown as { __e?: Element | null }).__e;
  if (!element) return;
  const controlled = controlledProps(vnode.props as Record<string, unknown>);
  if (controlled) rendered.set(element, controlled);
  else rendered.delete(element);
};

const previousEvent = options.event;
options.event = (event) => {
  const target = event.target;
  if ((event.type === "input" || event.type === "change") && target instanceof Element && rendered.has(target)) {
    // Queued before the handlers run, so it runs before the render they queue: queue once more to
    // look after that render, with the props it wrote.
    queueMicrotask(() => queueMicrotask(() => restore(target)));
  }
  return previousEvent ? previousEvent(event) : event;
};
