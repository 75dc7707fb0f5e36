/**
 * A promise settled from outside, once (later calls are ignored): what `Promise.withResolvers`
 * gives, which Node 20 (the unit tests' runtime) does not have.
 */
export function oneShot<T>(): { promise: Promise<T>; settle: (value: T) => void } {
  let settle: (value: T) => void = () => {};
  const promise = new Promise<T>((resolve) => {
    settle = resolve;
  });
  return { promise, settle };
}
