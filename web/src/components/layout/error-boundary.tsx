import { Component, type ReactNode } from 'react';

interface Props {
  /** What to show instead of the children once they failed; `retry` renders them again. */
  fallback: (error: unknown, retry: () => void) => ReactNode;
  /** A change of this value (the location) clears the failure: a new page gets a new chance. */
  resetKey: string;
  children: ReactNode;
}

interface State {
  error: unknown;
  /** The location the state belongs to. */
  location: string | null;
}

/**
 * Catches what a page throws while rendering, including a lazy page whose code could not be
 * downloaded, so the person sees a message and a way on instead of a blank screen. (React itself
 * reports the error in the console.)
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, location: null };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    // A new location is a new page: whatever failed before is forgotten.
    if (state.location !== props.resetKey) return { error: null, location: props.resetKey };
    return null;
  }

  retry = () => this.setState({ error: null });

  override render() {
    return this.state.error === null ? this.props.children : this.props.fallback(this.state.error, this.retry);
  }
}
