import { Component, type ErrorInfo, type ReactNode } from "react";
import { isChunkLoadError } from "../lib/retry-once.ts";
import { ErrorFallback } from "./error-fallback.tsx";

interface Props {
  children: ReactNode;
  /** Changing it (the path) clears a shown error, so navigating away recovers. */
  resetKey: string;
}

interface State {
  error: unknown;
  resetKey: string;
}

/** Catches a screen that failed to load or render, keeping the header and menu usable. */
export class ScreenErrorBoundary extends Component<Props, State> {
  state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  componentDidCatch(error: unknown, info: ErrorInfo): void {
    // A chunk that cannot be fetched is expected after a deployment; other errors are bugs to see.
    if (!isChunkLoadError(error)) console.error(error, info.componentStack);
  }

  render() {
    return this.state.error ? <ErrorFallback error={this.state.error} /> : this.props.children;
  }
}
