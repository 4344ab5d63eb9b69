import { Skeleton } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ListStates as KernelListStates } from "../../kernel/ListStates.tsx";

/**
 * A portfolio list's body in each of its states (the kernel's ListStates, in the portfolios' words
 * and cards): a busy list of skeleton items, a warning with Retry, the empty picture, or `children`
 * (the `<li>`s) in the list. Test ids: `{kind}-loading`, `{kind}-error`, `{kind}-empty`.
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
  return (
    <KernelListStates
      kind={props.kind}
      loading={props.loading}
      error={props.error}
      errorTitle={props.errorTitle}
      onRetry={props.onRetry}
      retryLabel={t("retry")}
      empty={!props.count}
      emptyText={props.emptyText}
      emptyLook="picture"
      stateClassName="pf-state"
      renderLoading={(busy) => (
        <ul className={props.className} aria-label={props.label} {...busy}>
          {Array.from({ length: props.skeletons }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
            <li key={i} className={props.itemClassName}>
              <Skeleton avatar active paragraph={{ rows: props.skeletonRows }} />
            </li>
          ))}
        </ul>
      )}
    >
      <ul className={props.className} aria-label={props.label}>
        {props.children}
      </ul>
    </KernelListStates>
  );
}
