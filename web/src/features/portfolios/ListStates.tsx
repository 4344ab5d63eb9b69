import { Button, Empty, Result, Skeleton } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/**
 * A list's body in each of its states (spec: loading, empty and error states for every list):
 * a busy list of skeleton items, a warning with Retry, the empty text, or `children` (the `<li>`s).
 * `kind` names the test ids (`{kind}-loading`, `{kind}-error`, `{kind}-empty`).
 */
export function ListStates(props: {
  kind: string;
  label: string;
  className: string;
  itemClassName: string;
  count: number | undefined;
  loading: boolean;
  error: boolean;
  errorTitle: string;
  onRetry: () => void;
  emptyText: string;
  skeletons: number;
  skeletonRows: number;
  children: ReactNode;
}) {
  const { t } = useTranslation("portfolios");
  if (props.loading) {
    return (
      <ul className={props.className} aria-label={props.label} aria-busy="true" data-testid={`${props.kind}-loading`}>
        {Array.from({ length: props.skeletons }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
          <li key={i} className={props.itemClassName}>
            <Skeleton avatar active paragraph={{ rows: props.skeletonRows }} />
          </li>
        ))}
      </ul>
    );
  }
  if (props.error) {
    return (
      <Result
        status="warning"
        className="pf-state"
        title={props.errorTitle}
        data-testid={`${props.kind}-error`}
        extra={<Button onClick={props.onRetry}>{t("retry")}</Button>}
      />
    );
  }
  if (!props.count) {
    return <Empty className="pf-state" description={props.emptyText} data-testid={`${props.kind}-empty`} />;
  }
  return (
    <ul className={props.className} aria-label={props.label}>
      {props.children}
    </ul>
  );
}
