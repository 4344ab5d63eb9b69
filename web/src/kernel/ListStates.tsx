import { Button, Empty, Result, Skeleton } from "antd";
import type { ReactNode } from "react";

/**
 * A list's body in each of its states (every list has loading, empty and error states): skeletons
 * while loading, a warning with a retry button, the empty text, or `children`. The one home of that
 * rule: each feature passes its own words (the kernel reads no feature's translations).
 * Test ids: `{kind}-loading`, `{kind}-error`, `{kind}-empty`.
 */
export function ListStates(props: {
  kind: string;
  loading: boolean;
  error: boolean;
  errorTitle: string;
  onRetry: () => void;
  retryLabel: string;
  empty: boolean;
  emptyText: string;
  /** How the empty state looks: a line of text (default), or Ant Design's empty picture, full or simple. */
  emptyLook?: "text" | "picture" | "simplePicture";
  /** Class of the error and picture states (a feature's card look); the text state is `list-empty`. */
  stateClassName?: string;
  /** The loading placeholder; default a two-row skeleton. */
  skeleton?: ReactNode;
  /** The busy element; default a `div` around `skeleton`. */
  renderLoading?: (busy: { "aria-busy": true; "data-testid": string }, skeleton: ReactNode) => ReactNode;
  children: ReactNode;
}) {
  const { kind, stateClassName = "list-state" } = props;
  if (props.loading) {
    const skeleton = props.skeleton ?? <Skeleton active paragraph={{ rows: 2 }} />;
    const busy = { "aria-busy": true, "data-testid": `${kind}-loading` } as const;
    return props.renderLoading ? props.renderLoading(busy, skeleton) : <div {...busy}>{skeleton}</div>;
  }
  if (props.error)
    return (
      <Result
        status="warning"
        className={stateClassName}
        title={props.errorTitle}
        data-testid={`${kind}-error`}
        extra={<Button onClick={props.onRetry}>{props.retryLabel}</Button>}
      />
    );
  if (props.empty) {
    const look = props.emptyLook ?? "text";
    if (look === "text")
      return (
        <p className="list-empty" data-testid={`${kind}-empty`}>
          {props.emptyText}
        </p>
      );
    return (
      <Empty
        className={stateClassName}
        image={look === "simplePicture" ? Empty.PRESENTED_IMAGE_SIMPLE : undefined}
        description={props.emptyText}
        data-testid={`${kind}-empty`}
      />
    );
  }
  return <>{props.children}</>;
}
