import { Button, Empty, Result, Skeleton } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/**
 * A list's body in each of its states: skeletons while loading, a warning with Retry, the empty
 * text, or `children`. Test ids: `{kind}-loading`, `{kind}-error`, `{kind}-empty`.
 */
export function ListStates(props: {
  kind: string;
  loading: boolean;
  error: boolean;
  errorTitle: string;
  onRetry: () => void;
  empty: boolean;
  emptyText: string;
  children: ReactNode;
}) {
  const { t } = useTranslation("profile");
  if (props.loading)
    return (
      <div aria-busy="true" data-testid={`${props.kind}-loading`}>
        <Skeleton avatar active paragraph={{ rows: 1 }} />
        <Skeleton avatar active paragraph={{ rows: 1 }} />
      </div>
    );
  if (props.error)
    return (
      <Result
        status="warning"
        title={props.errorTitle}
        data-testid={`${props.kind}-error`}
        extra={<Button onClick={props.onRetry}>{t("retry")}</Button>}
      />
    );
  if (props.empty)
    return (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={props.emptyText} data-testid={`${props.kind}-empty`} />
    );
  return <>{props.children}</>;
}
