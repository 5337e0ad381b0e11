// The error boundary around the remote: whatever goes wrong with it (it could not be loaded, or it
// threw while rendering), the page stays usable and this fallback takes the button's place.
import { Component, createRef, type ErrorInfo, type ReactNode } from 'react';

export interface RemoteBoundaryProps {
  children: ReactNode;
  /** Try again: load the remote afresh. Called before the boundary renders its children again. */
  onRetry: () => void;
  onError?: (error: Error) => void;
}

interface State {
  error: Error | null;
}

export const FALLBACK_MESSAGE = 'Checkout is unavailable right now.';

export class RemoteBoundary extends Component<RemoteBoundaryProps, State> {
  override state: State = { error: null };
  private retried = false;
  private readonly retryButton = createRef<HTMLButtonElement>();

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, _info: ErrorInfo): void {
    this.props.onError?.(error);
  }

  override componentDidUpdate(_prev: RemoteBoundaryProps, prevState: State): void {
    // Back to the fallback after a Try again: keep the focus where the person was.
    if (this.state.error && !prevState.error && this.retried) this.retryButton.current?.focus();
  }

  private retry = () => {
    this.retried = true;
    this.props.onRetry();
    this.setState({ error: null });
  };

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className="remote-fallback" data-testid="remote-fallback">
        <div role="alert" className="remote-fallback-text">
          <strong>{FALLBACK_MESSAGE}</strong>
          <span>The rest of the page works. Please try again in a moment.</span>
        </div>
        <button ref={this.retryButton} type="button" className="remote-fallback-retry" onClick={this.retry}>
          Try again
        </button>
      </div>
    );
  }
}
